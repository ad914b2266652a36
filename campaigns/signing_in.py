"""The signed-in account, read on every request: Django's ModelBackend, its lookup compiled once.

Every request of a signed-in phone (a poll every 2 seconds) reads its account; the ORM compiling
that query each time was an eighth of the server's time under `make load`. `AccountBackend`
reads it with the SQL compiled once (campaigns/compiled.py); the rest is ModelBackend's: who may
sign in, their password, their permissions, and Django still checks the session against the
account's password (a new password signs every other phone out).
"""

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend

from .compiled import Compiled, id_marker

PATH = "campaigns.signing_in.AccountBackend"  # as settings.AUTHENTICATION_BACKENDS names it

_ACCOUNT = Compiled(lambda pk: get_user_model()._default_manager.filter(pk=pk)[:1], id_marker())


class AccountBackend(ModelBackend):
    def get_user(self, user_id):
        found = _ACCOUNT.results(user_id)
        return found[0] if found and self.user_can_authenticate(found[0]) else None
