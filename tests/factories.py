import factory
from django.contrib.auth import get_user_model

from campaigns import registry, store
from campaigns.models import Campaign, Membership, Player
from campaigns.rules import base

from tests.journal_files import load_journal


def reference_journal(system: str, after: int) -> dict:
    """`system`'s reference journal (the first of its demo journals, as the tests read it)
    stopped after its game `after` (its setup kept; what comes after the games, such as Risk
    Legacy's named world, only once every game is in)."""
    data = load_journal(registry.get(system).demo_journals[0].name)
    if after > len(data["games"]):
        raise ValueError(f"the {system} reference journal has {len(data['games'])} games, not {after}")
    if after < len(data["games"]):
        data["games"] = data["games"][:after]
        data.pop("world", None)
    return data


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.django.Password("correct horse battery")


class CampaignFactory(factory.django.DjangoModelFactory):
    """A campaign at any step of play, the one way the tests build one:

    - `CampaignFactory(system=..., players=[...], owner=...)`: set up with a roster, no entry
      yet, as the new-campaign page makes it (store.create_campaign);
    - `after=n`: the system's reference journal stopped after game n, imported (so the rules
      check every entry); `until=...` goes on into game n+1, entry by entry as the pages record
      them, up to the first entry `until(entry)` holds for (left out): `until=lambda entry:
      entry.kind == "game_end"` is game n+1 in progress;
    - `journal=data`: that journal, imported;
    - `players=[...], entries=[...]`: those rules entries recorded on that roster, as the pages
      record them, one write.
    `owner` becomes its owner; `name` names it."""

    class Meta:
        model = Campaign

    # A journal's campaign keeps the journal's name unless it is given one.
    name = factory.LazyAttributeSequence(lambda o, n: None if o.after is not None or o.journal else f"Campaign {n}")
    slug = factory.LazyAttribute(lambda o: Campaign.unique_slug(o.name or "campaign"))
    system = "risk-legacy"
    after = None
    until = None
    journal = None
    owner = None
    players = None
    entries = None

    @classmethod
    def _create(
        cls, model_class, *args, after=None, until=None, journal=None, owner=None, players=None, entries=None, **kwargs
    ):
        named = {"name": kwargs["name"]} if kwargs["name"] is not None else {}
        if journal is not None:
            return store.import_journal(journal | named, owner=owner)
        if after is not None:
            return _after(kwargs["system"], named, after, until, owner)
        if players is not None:
            campaign = store.create_campaign(name=kwargs["name"], system=kwargs["system"], owner=owner, players=players)
            if entries:
                store.append(campaign, list(entries), owner)
            return campaign
        campaign = super()._create(model_class, *args, **kwargs)
        if owner is not None:
            Membership.objects.create(campaign=campaign, user=owner, role=Membership.Role.OWNER)
        return campaign


def _after(system: str, named: dict, games: int, until, owner) -> Campaign:
    if until is None:
        return store.import_journal(reference_journal(system, games) | named, owner=owner)
    rules = registry.get(system).rules
    full = load_journal(registry.get(system).demo_journals[0].name)
    entries = rules.journal_entries(full)
    played = base.entries_until(entries, games)
    following = base.entries_until(entries, games + 1)[len(played):]
    stop = next((index for index, entry in enumerate(following) if until(entry)), len(following))
    campaign = store.import_journal(reference_journal(system, games) | named, owner=owner)
    if following[:stop]:
        store.append(campaign, following[:stop], owner)
    return campaign


def opened(entry) -> bool:
    """`until=opened`: the next game opened (its first entry, every system's "game"), nothing more."""
    return entry.kind != base.GAME_KIND


def held_on_to_choose(entry) -> bool:
    """`until=held_on_to_choose` (Risk Legacy): a game's winner has chosen, its held-on players not yet."""
    return entry.kind == "reward" and "sign" not in entry.data


def game_end(entry) -> bool:
    """`until=game_end` (Risk Legacy): the game in progress, its events logged, not ended."""
    return entry.kind == "game_end"


class MembershipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Membership

    campaign = factory.SubFactory(CampaignFactory)
    user = factory.SubFactory(UserFactory)
    role = Membership.Role.MEMBER


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    campaign = factory.SubFactory(CampaignFactory)
    name = factory.Sequence(lambda n: f"Player {n}")
    position = factory.Sequence(lambda n: n)
