import json

from django.core.management.base import BaseCommand, CommandError

from campaigns import store
from campaigns.models import Campaign


class Command(BaseCommand):
    help = "Print a campaign's journal (docs/journal.md) on standard output."

    def add_arguments(self, parser):
        parser.add_argument("slug")

    def handle(self, slug, **options):
        campaign = Campaign.objects.filter(slug=slug).first()
        if campaign is None:
            raise CommandError(f"no campaign with the slug {slug}")
        self.stdout.write(json.dumps(store.export_journal(campaign), indent=2, ensure_ascii=False))
