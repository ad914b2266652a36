import datetime
import secrets

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from campaigns import registry, store
from campaigns.models import Campaign, Player
from campaigns.rules.journal import parse_json


class Command(BaseCommand):
    help = "Load the demo: a user 'demo' and each game system's demo campaigns, through the journal import."

    def handle(self, **options):
        User = get_user_model()
        password = secrets.token_urlsafe(9)
        with transaction.atomic():
            demo, _ = User.objects.get_or_create(username="demo")
            demo.set_password(password)
            demo.save()
            # Running it again replaces the demo campaigns rather than piling up copies.
            Campaign.objects.filter(memberships__user=demo, memberships__role="owner").delete()
            for path in [path for system in registry.systems() for path in system.demo_journals]:
                journal = in_the_recent_past(parse_json(path.read_bytes()), timezone.localdate())
                campaign = store.import_journal(journal, owner=demo)
                Player.objects.filter(campaign=campaign, name="Ana").update(user=demo)
                self.stdout.write(
                    f"  {campaign.name} ({campaign.get_system_display()}, {campaign.games_played} games)"
                )
        self.stdout.write(self.style.SUCCESS(f"Demo account: username demo, password {password}"))


def in_the_recent_past(journal, today: datetime.date):
    """The demo journal with its games moved by whole weeks (so a Thursday group still plays on
    Thursdays) until the latest one falls in the week up to today: a demo never shows a game
    played in the future, nor one from a year ago."""
    games = journal.get("games") if isinstance(journal, dict) else None
    days = [datetime.date.fromisoformat(game["played_on"]) for game in games or [] if "played_on" in game]
    if not days:
        return journal
    shift = datetime.timedelta(weeks=(today - max(days)).days // 7)
    for game in games:
        if "played_on" in game:
            game["played_on"] = (datetime.date.fromisoformat(game["played_on"]) + shift).isoformat()
    return journal
