"""The signed-in account is read with its query compiled once (campaigns/signing_in.py), as
ModelBackend reads it: an account that may not sign in is signed out, a new password signs the
other phones out, and a phone signed in before the change (its session naming ModelBackend)
stays signed in once migration 0014 has run."""

import importlib

import pytest
from django.apps import apps
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.db import connection
from django.test import Client
from django.urls import reverse

from campaigns.signing_in import PATH, AccountBackend

from tests.factories import UserFactory

carry_over = importlib.import_module("campaigns.migrations.0014_sessions_signed_in_with_account_backend")


def _signed_in(client) -> bool:
    page = client.get(reverse("home"))
    return page.status_code == 200 and "Log out" in page.text


@pytest.mark.django_db
def test_the_account_is_read_as_model_backend_reads_it():
    account, resting = UserFactory(), UserFactory(is_active=False)
    backend = AccountBackend()
    assert backend.get_user(account.pk) == account
    assert backend.get_user(resting.pk) is None  # an account that may not sign in
    assert backend.get_user(account.pk + resting.pk + 1000) is None
    assert settings.AUTHENTICATION_BACKENDS[-1] == PATH


@pytest.mark.django_db
def test_a_phone_signed_in_with_model_backend_stays_signed_in_after_the_migration():
    account = UserFactory()
    store = importlib.import_module(settings.SESSION_ENGINE).SessionStore()
    store[SESSION_KEY] = str(account.pk)
    store[BACKEND_SESSION_KEY] = carry_over.MODEL_BACKEND
    store[HASH_SESSION_KEY] = account.get_session_auth_hash()
    store.save()
    phone = Client()
    phone.cookies[settings.SESSION_COOKIE_NAME] = store.session_key
    assert not _signed_in(phone)  # ModelBackend is no longer listed: Django would sign it out

    class Editor:
        pass

    editor = Editor()
    editor.connection = connection
    store[BACKEND_SESSION_KEY] = carry_over.MODEL_BACKEND  # as it was before that request
    store.save()
    carry_over._carry_over(carry_over.MODEL_BACKEND, carry_over.ACCOUNT_BACKEND)(apps, editor)
    assert _signed_in(phone)
    assert carry_over.ACCOUNT_BACKEND == PATH
