"""A group gets going: sign up, create a campaign, invite a friend who joins and sees it."""

import re

from playwright.sync_api import expect


def sign_up(page, username):
    page.goto("/")
    page.get_by_role("link", name="Create an account").click()
    page.get_by_label("Username").fill(username)
    page.get_by_label("E-mail address").fill(f"{username}@example.org")
    page.get_by_label(re.compile(r"^Password:?$")).fill("a long table password")
    page.get_by_label("Password confirmation").fill("a long table password")
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_role("heading", name="Your campaigns")).to_be_visible()


def test_sign_up_create_a_campaign_and_invite_a_friend_who_joins(new_phone, shoot):
    owner = new_phone()
    owner.goto("/")
    shoot(owner, "01-landing")
    sign_up(owner, "olive")
    shoot(owner, "02-no-campaign-yet")

    owner.get_by_role("link", name="New campaign").click()
    owner.get_by_label("Name").fill("Thursday Earth")
    owner.get_by_label("Risk Legacy").check()
    owner.get_by_label("Players").fill("Olive, Ben, Cid")
    shoot(owner, "03-new-campaign")
    owner.get_by_role("button", name="Create campaign").click()
    expect(owner.get_by_role("heading", name="Thursday Earth")).to_be_visible()
    shoot(owner, "04-campaign")

    owner.get_by_role("link", name="Members").click()
    owner.get_by_role("button", name="Copy").click()
    expect(owner.get_by_role("button", name="Copied")).to_be_visible()
    invite_url = owner.evaluate("navigator.clipboard.readText()")
    assert re.search(r"/join/[\w-]+/$", invite_url)
    shoot(owner, "05-members")

    friend = new_phone(color_scheme="dark")
    friend.goto(invite_url)
    expect(friend.get_by_role("heading", name="Log in")).to_be_visible()
    friend.get_by_role("link", name="Create an account").click()
    friend.get_by_label("Username").fill("ben")
    friend.get_by_label("E-mail address").fill("ben@example.org")
    friend.get_by_label(re.compile(r"^Password:?$")).fill("a long table password")
    friend.get_by_label("Password confirmation").fill("a long table password")
    friend.get_by_role("button", name="Sign up").click()
    expect(friend.get_by_role("heading", name="Join Thursday Earth")).to_be_visible()
    # The roster already has a Ben: joining offers to play as Ben, in one tap.
    expect(friend.get_by_role("button", name="Join without a roster name")).to_be_visible()
    shoot(friend, "06-join-dark")
    friend.get_by_role("button", name="Join as Ben").click()
    expect(friend.get_by_role("heading", name="Thursday Earth")).to_be_visible()
    expect(friend.get_by_text("Welcome to Thursday Earth. You play as Ben.")).to_be_visible()
    shoot(friend, "07-joined-dark")

    friend.goto("/")
    expect(friend.get_by_role("link", name=re.compile("Thursday Earth"))).to_be_visible()
    assert owner.csp_errors == [] and friend.csp_errors == []
