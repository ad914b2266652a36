"""`manage.py backup FILE`: the whole site (accounts with their password hashes and e-mail,
campaigns with their journals, members, roles, links and rulings) in one file, written
atomically (campaigns/backup.py)."""

from django.core.management.base import BaseCommand

from campaigns import backup


class Command(BaseCommand):
    help = "Write the whole site to FILE (restore it with `manage.py restore FILE`)."

    def add_arguments(self, parser):
        parser.add_argument("file")

    def handle(self, *args, file, **options):
        counts = backup.write(file)
        self.stdout.write(
            f"Backed up {counts['accounts']} accounts and {counts['campaigns']} campaigns to {file}."
        )
