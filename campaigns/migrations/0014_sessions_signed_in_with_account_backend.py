"""Phones signed in before AccountBackend (campaigns/signing_in.py) stay signed in: each session
that names ModelBackend as the backend it signed in with names AccountBackend instead, through
the sessions engine in use (so a cached copy is written too)."""

from importlib import import_module

from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY
from django.db import migrations

MODEL_BACKEND = "django.contrib.auth.backends.ModelBackend"
ACCOUNT_BACKEND = "campaigns.signing_in.AccountBackend"


def _carry_over(frm: str, to: str):
    def carry_over(apps, schema_editor):
        if not settings.SESSION_ENGINE.endswith((".db", ".cached_db")):
            return  # sessions kept elsewhere (a cookie, a cache alone) cannot be read here
        Session = apps.get_model("sessions", "Session")
        store = import_module(settings.SESSION_ENGINE).SessionStore
        for key in Session.objects.using(schema_editor.connection.alias).values_list("session_key", flat=True):
            session = store(session_key=key)
            if session.get(BACKEND_SESSION_KEY) == frm:
                session[BACKEND_SESSION_KEY] = to
                session.save()

    return carry_over


class Migration(migrations.Migration):
    dependencies = [
        ("campaigns", "0013_standings_tallies"),
        ("sessions", "0001_initial"),
    ]

    operations = [
        migrations.RunPython(_carry_over(MODEL_BACKEND, ACCOUNT_BACKEND), _carry_over(ACCOUNT_BACKEND, MODEL_BACKEND)),
    ]
