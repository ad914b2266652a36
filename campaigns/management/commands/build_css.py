from django.core.management.base import BaseCommand

from ... import stylesheet


class Command(BaseCommand):
    help = "Join the stylesheet's parts (static/css/*.css) into static/css/ledger.css, the one file pages link."

    def handle(self, *args, **options):
        path = stylesheet.write()
        self.stdout.write(f"Wrote {path} from {', '.join(stylesheet.PARTS)}.")
