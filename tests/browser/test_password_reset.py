"""A forgotten password at 390 px: "Forgot your password?" on the login page, the e-mail's
link (Django's locmem outbox: the live server runs in this process), a new password, logged
in with it; the link a second time says it no longer works."""

import re

from django.core import mail
from playwright.sync_api import expect

from tests.factories import CampaignFactory, UserFactory

LINK = re.compile(r"https?://[^/\s]+(/accounts/reset/[^/\s]+/[^/\s]+/)")


def test_a_forgotten_password_is_reset_through_the_e_mailed_link(new_phone, shoot):
    olive = UserFactory(username="olive", email="olive@example.org")
    CampaignFactory(name="Thursday Earth", owner=olive)
    phone = new_phone()
    phone.goto("/accounts/login/")
    phone.get_by_role("link", name="Forgot your password?").click()
    phone.get_by_label("Your account's e-mail address").fill("olive@example.org")
    shoot(phone, "password-reset-01-ask")
    phone.get_by_role("button", name="Send me the link").click()
    expect(phone.get_by_role("heading", name="Look in your e-mail")).to_be_visible()
    shoot(phone, "password-reset-02-sent")
    [email] = mail.outbox
    link = LINK.search(email.body).group(1)

    phone.goto(link)
    expect(phone.get_by_role("heading", name="Set a new password")).to_be_visible()
    phone.get_by_label(re.compile(r"^New password:?$")).fill("a brand new table password")
    phone.get_by_label(re.compile(r"^New password confirmation:?$")).fill("a brand new table password")
    shoot(phone, "password-reset-03-new")
    phone.get_by_role("button", name="Set the password").click()
    expect(phone.get_by_role("heading", name="Your new password is set")).to_be_visible()
    phone.get_by_role("link", name="Log in").last.click()
    phone.get_by_label(re.compile("^Username")).fill("olive")
    phone.get_by_label(re.compile(r"^Password:?$")).fill("a brand new table password")
    phone.get_by_role("button", name="Log in").click()
    expect(phone.get_by_role("link", name="Thursday Earth")).to_be_visible()

    phone.goto(link)
    expect(phone.get_by_role("heading", name="This link no longer works")).to_be_visible()
    shoot(phone, "password-reset-04-used")
