"""Accounts that recover: an e-mail address asked at sign-up and changed on the account page
(with the password), "Forgot your password?" sending a reset link by e-mail (Django's own
tokens: once, for a day), an unknown address answered as a known one, sign-ups and reset
e-mails throttled per place. Django's locmem e-mail backend holds what was sent."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.cache import cache
from django.urls import reverse

from tests.factories import UserFactory

PASSWORD = "correct horse battery"  # UserFactory's
LINK = re.compile(r"https?://[^/\s]+(/accounts/reset/[^/\s]+/[^/\s]+/)")


@pytest.fixture(autouse=True)
def fresh_throttles():
    cache.clear()
    yield
    cache.clear()


def ask_reset(client, email):
    return client.post(reverse("password_reset"), {"email": email})


def test_sign_up_asks_an_e_mail_address(client, db):
    form = {"username": "ana", "password1": "a long table password", "password2": "a long table password"}
    refused = client.post(reverse("signup"), form)
    assert refused.status_code == 200 and "Fill this in." in refused.content.decode()
    assert not get_user_model().objects.exists()
    assert client.post(reverse("signup"), {**form, "email": "ana@example.org"}).status_code == 302
    assert get_user_model().objects.get(username="ana").email == "ana@example.org"


def test_the_login_page_offers_a_reset_and_a_known_address_gets_a_link_that_works_once(client, db):
    user = UserFactory(username="olive", email="olive@example.org")
    assert reverse("password_reset") in client.get(reverse("login")).content.decode()
    sent = ask_reset(client, "Olive@Example.org ")
    assert sent["Location"] == reverse("password_reset_done")
    [email] = mail.outbox
    assert email.to == ["olive@example.org"] and "olive" in email.body
    link = LINK.search(email.body).group(1)
    page = client.get(link, follow=True)
    assert "Set a new password" in page.content.decode()
    new = {"new_password1": "a brand new table password", "new_password2": "a brand new table password"}
    done = client.post(page.redirect_chain[-1][0], new, follow=True)
    assert "Your new password is set" in done.content.decode()
    user.refresh_from_db()
    assert user.check_password("a brand new table password")
    again = client.get(link, follow=True).content.decode()
    assert "This link no longer works" in again and "Ask for a new link" in again


def test_an_unknown_address_is_answered_as_a_known_one_and_sends_nothing(client, db):
    UserFactory(username="olive", email="olive@example.org")
    known, unknown = ask_reset(client, "olive@example.org"), ask_reset(client, "nobody@example.org")
    assert (known.status_code, known["Location"]) == (unknown.status_code, unknown["Location"])
    assert len(mail.outbox) == 1


def test_a_forged_or_mangled_link_says_it_no_longer_works(client, db):
    UserFactory(username="olive", email="olive@example.org")
    ask_reset(client, "olive@example.org")
    link = LINK.search(mail.outbox[0].body).group(1)
    mangled = link[:-3] + "zz/"
    assert "This link no longer works" in client.get(mangled, follow=True).content.decode()
    assert "This link no longer works" in client.get("/accounts/reset/x/y/", follow=True).content.decode()


def test_reset_e_mails_and_sign_ups_are_throttled_per_place(client, db):
    from campaigns.views.accounts import RESETS_AN_HOUR, SIGNUPS_AN_HOUR

    UserFactory(username="olive", email="olive@example.org")
    for _ in range(RESETS_AN_HOUR):
        assert ask_reset(client, "olive@example.org").status_code == 302
    refused = ask_reset(client, "olive@example.org")
    assert refused.status_code == 200 and "Too many password resets from this place" in refused.content.decode()
    assert len(mail.outbox) == RESETS_AN_HOUR
    for n in range(SIGNUPS_AN_HOUR):
        client.post(reverse("signup"), {"username": f"user{n}", "email": "x@example.org",
                                        "password1": "a long table password", "password2": "a long table password"})
        client.logout()
    count = get_user_model().objects.count()
    blocked = client.post(reverse("signup"), {"username": "onemore", "email": "x@example.org",
                                              "password1": "a long table password", "password2": "a long table password"})
    assert "Too many new accounts from this place" in blocked.content.decode()
    assert get_user_model().objects.count() == count


def test_the_account_page_changes_the_address_with_the_password(client, db):
    user = UserFactory(username="olive", email="")
    client.force_login(user)
    page = client.get(reverse("account")).content.decode()
    assert "None yet" in page and reverse("password_change") in page
    wrong = client.post(reverse("account"), {"email": "olive@example.org", "password": "not it"})
    assert "That is not your password." in wrong.content.decode()
    user.refresh_from_db()
    assert user.email == ""
    done = client.post(reverse("account"), {"email": "olive@example.org", "password": PASSWORD}, follow=True)
    assert "Your e-mail address is now olive@example.org." in done.content.decode()
    user.refresh_from_db()
    assert user.email == "olive@example.org"
    bad = client.post(reverse("account"), {"email": "not an address", "password": PASSWORD})
    assert bad.status_code == 200 and 'aria-invalid="true"' in bad.content.decode()


def test_the_account_page_is_for_the_signed_in_only(client, db):
    response = client.get(reverse("account"))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
