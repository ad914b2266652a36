"""A debug header for tests and benchmarks: how many journal entries this process has folded
to answer reads (`X-Ledger-Entries-Applied`), so a test that runs several app servers can tell
that one served a page from the writer's snapshot (nothing applied) rather than folding the
journal again. Installed only when LEDGER_COUNT_FOLDS=1 (tracker/settings.py); never in
production."""

from . import states

HEADER = "X-Ledger-Entries-Applied"


class EntriesAppliedHeader:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        response[HEADER] = str(states.entries_applied())
        return response
