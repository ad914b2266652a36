import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from campaigns import store
from campaigns.rules import limits
from campaigns.rules.base import RuleError
from campaigns.rules.journal import parse_json
from campaigns.store import appended_sentence


class Command(BaseCommand):
    help = (
        "Create a campaign from a journal file (docs/journal.md); all or nothing. Prints the new slug last. "
        "With --into SLUG, append to that campaign what the journal holds after the campaign's own games."
    )
    stealth_options = ("stdin",)  # call_command(..., stdin=stream) in tests

    def add_arguments(self, parser):
        parser.add_argument("file", help="the journal, a JSON file ('-' for standard input)")
        parser.add_argument("--owner", help="username of an account to own the campaign")
        parser.add_argument(
            "--into",
            metavar="SLUG",
            help="append to this campaign instead: the journal must start with exactly its games; "
            "the rest is appended, all or nothing",
        )

    def handle(self, file, owner=None, into=None, **options):
        text = self.read_journal(file, options.get("stdin") or sys.stdin)
        if into:
            return self.append_into(into, text)
        owner_user = None
        if owner:
            from django.contrib.auth import get_user_model

            owner_user = get_user_model().objects.filter(username=owner).first()
            if owner_user is None:
                raise CommandError(f"no account named {owner}")
        try:
            campaign = store.import_journal(parse_json(text), owner=owner_user)
        except RuleError as error:
            raise CommandError(error.told) from None
        self.stdout.write(campaign.slug)

    def append_into(self, slug: str, text) -> None:
        from campaigns.models import Campaign

        campaign = Campaign.objects.filter(slug=slug).first()
        if campaign is None:
            raise CommandError(f"no campaign with the slug {slug}")
        try:
            appended = store.append_journal(campaign, parse_json(text))
        except RuleError as error:
            raise CommandError(error.told) from None
        self.stdout.write(appended_sentence(campaign, appended))
        self.stdout.write(campaign.slug)

    def read_journal(self, file: str, stdin) -> bytes | str:
        """The journal's bytes, read no further than one byte past the limit (parse_json
        refuses that with a sentence), so a huge file or stream is never read whole."""
        limit = limits.JOURNAL_MAX_BYTES + 1
        if file == "-":
            return getattr(stdin, "buffer", stdin).read(limit)
        try:
            with Path(file).open("rb") as journal:
                return journal.read(limit)
        except OSError as error:
            raise CommandError(f"cannot read {file}: {error.strerror}") from None
