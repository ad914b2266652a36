from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from campaigns import store
from campaigns.rules.base import RuleError
from campaigns.rules.journal import parse_json


class Command(BaseCommand):
    help = "Create a campaign from a journal file (JOURNAL.md); all or nothing. Prints the new slug last."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the journal, a JSON file ('-' for standard input)")
        parser.add_argument("--owner", help="username of an account to own the campaign")

    def handle(self, file, owner=None, **options):
        try:
            text = self.stdin.buffer.read() if file == "-" else Path(file).read_bytes()
        except OSError as error:
            raise CommandError(f"cannot read {file}: {error.strerror}") from None
        owner_user = None
        if owner:
            from django.contrib.auth import get_user_model

            owner_user = get_user_model().objects.filter(username=owner).first()
            if owner_user is None:
                raise CommandError(f"no account named {owner}")
        try:
            campaign = store.import_journal(parse_json(text), owner=owner_user)
        except RuleError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(campaign.slug)
