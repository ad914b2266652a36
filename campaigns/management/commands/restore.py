"""`manage.py restore FILE`: the site a backup holds, into an empty (migrated) database; a file
cut short or changed, or a database that is not empty, is refused and nothing is restored."""

from django.core.management.base import BaseCommand, CommandError

from campaigns import backup
from campaigns.rules.base import RuleError


class Command(BaseCommand):
    help = "Restore the site a backup FILE holds into an empty database."

    def add_arguments(self, parser):
        parser.add_argument("file")

    def handle(self, *args, file, **options):
        try:
            counts = backup.restore(file)
        except RuleError as error:
            raise CommandError(error.located) from None
        self.stdout.write(
            f"Restored {counts['accounts']} accounts and {counts['campaigns']} campaigns from {file}."
        )
