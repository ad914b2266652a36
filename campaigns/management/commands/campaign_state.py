import json

from django.core.management.base import BaseCommand, CommandError

from campaigns import states
from campaigns.models import Campaign


class Command(BaseCommand):
    help = "Print a campaign's derived state as JSON (docs/journal.md), now or right after game N."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--as-of", type=int, dest="as_of", metavar="N")

    def handle(self, slug, as_of=None, **options):
        campaign = Campaign.objects.filter(slug=slug).first()
        if campaign is None:
            raise CommandError(f"no campaign with the slug {slug}")
        if as_of is not None and not 0 <= as_of <= campaign.games_played:
            raise CommandError(f"--as-of must be a game number from 0 to {campaign.games_played}")
        self.stdout.write(json.dumps(states.state_json(campaign, as_of), indent=2, ensure_ascii=False))
