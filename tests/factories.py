import factory
from django.contrib.auth import get_user_model

from campaigns import registry, store
from campaigns.models import Campaign, Membership, Player

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
    class Meta:
        model = Campaign

    name = factory.Sequence(lambda n: f"Campaign {n}")
    slug = factory.LazyAttribute(lambda o: Campaign.unique_slug(o.name))
    system = "risk-legacy"
    # A campaign at a step of play: `after=n` imports the system's reference journal stopped
    # after game n (through the journal import, so every entry is checked by the rules);
    # `owner` becomes its owner.
    after = None
    owner = None

    @classmethod
    def _create(cls, model_class, *args, after=None, owner=None, **kwargs):
        if after is not None:
            data = reference_journal(kwargs["system"], after) | {"name": kwargs["name"]}
            return store.import_journal(data, owner=owner)
        campaign = super()._create(model_class, *args, **kwargs)
        if owner is not None:
            Membership.objects.create(campaign=campaign, user=owner, role=Membership.Role.OWNER)
        return campaign


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
