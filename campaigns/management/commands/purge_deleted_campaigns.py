"""Delete for good the campaigns their owners deleted more than 30 days ago (campaigns/care.py).
Deleting a campaign purges the old ones too; run this nightly so that nothing waits for that."""

from django.core.management.base import BaseCommand

from campaigns import care


class Command(BaseCommand):
    help = "Delete for good the campaigns deleted more than 30 days ago."

    def handle(self, *args, **options):
        gone = care.purge()
        self.stdout.write(f"{gone} campaign{'' if gone == 1 else 's'} deleted for good.")
