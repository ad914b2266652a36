import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.django_db
def test_pages_carry_a_strict_content_security_policy(client):
    response = client.get(reverse("login"))
    policy = response["Content-Security-Policy"]
    script_src = re.search(r"script-src ([^;]*)", policy).group(1)
    assert "'self'" in script_src
    assert "'nonce-" in script_src
    assert "unsafe-inline" not in policy
    assert "unsafe-eval" not in policy
    assert "style-src 'self'" in policy


@pytest.mark.django_db
def test_htmx_is_served_from_our_origin_with_the_nonce_and_eval_off(client):
    html = client.get(reverse("login")).content.decode()
    nonce = re.search(r"'nonce-([^']+)'", client.get(reverse("login"))["Content-Security-Policy"])
    assert re.search(r'<script src="/static/django_htmx/htmx-2\.min\.js[^"]*"[^>]*nonce=', html)
    assert '"allowEval": false' in html
    assert nonce


def test_templates_have_no_inline_scripts_or_styles():
    offenders = []
    for path in (ROOT / "templates").rglob("*.html"):
        text = path.read_text()
        if re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text) or "<style" in text or re.search(r"\sstyle=", text):
            offenders.append(str(path.relative_to(ROOT)))
        if re.search(r"\shx-on[:-]", text):
            offenders.append(f"{path.relative_to(ROOT)} (hx-on needs eval)")
    assert offenders == []


def test_csrf_works_for_htmx_requests_through_the_body_header(owner, campaign):
    client = Client(enforce_csrf_checks=True)
    client.force_login(owner)
    page = client.get(reverse("roster", args=[campaign.slug])).content.decode()
    token = re.search(r"hx-headers='\{\"X-CSRFToken\": \"([^\"]+)\"\}'", page).group(1)
    url = reverse("roster", args=[campaign.slug])
    refused = client.post(url, {"name": "Ana"}, headers={"HX-Request": "true"})
    assert refused.status_code == 403
    accepted = client.post(url, {"name": "Ana"}, headers={"HX-Request": "true", "X-CSRFToken": token})
    assert accepted.status_code in (200, 302)
    assert campaign.players.filter(name="Ana").exists()


# docs/deploying.md: the app redirects to HTTPS itself, or the proxy already does
# (DJANGO_SECURE_SSL_REDIRECT=0); its `check --deploy --fail-level WARNING` passes either way.
@pytest.mark.slow
@pytest.mark.parametrize("ssl_redirect", [None, "0"])
def test_deploy_checks_pass_with_production_settings(tmp_path, ssl_redirect):
    env = {
        **os.environ,
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": "a-long-random-production-secret-Zq8XwYp2vRt5uN1mK7jH3gF9dS4aL6cE0bV",
        "DJANGO_ALLOWED_HOSTS": "ledger.example.org",
        "DJANGO_CSRF_TRUSTED_ORIGINS": "https://ledger.example.org",
        "SQLITE_PATH": str(tmp_path / "db.sqlite3"),
    }
    env.pop("DJANGO_SECURE_SSL_REDIRECT", None)
    if ssl_redirect is not None:
        env["DJANGO_SECURE_SSL_REDIRECT"] = ssl_redirect
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)  # set for the browser tests only
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT, env=env, capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.slow
def test_production_settings_refuse_to_start_without_a_secret_key(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SECRET_KEY"}
    env.update(DJANGO_DEBUG="0", SQLITE_PATH=str(tmp_path / "db.sqlite3"))
    result = subprocess.run([sys.executable, "manage.py", "check"], cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY" in result.stderr


class TestLoginThrottling:
    """Five wrong passwords lock out that username from that address only."""

    def attempt(self, username, password, address):
        return Client(REMOTE_ADDR=address).post(reverse("login"), {"username": username, "password": password})

    def test_repeated_failures_lock_that_username_from_that_address(self, owner):
        for _ in range(5):
            self.attempt("olive", "wrong", "10.0.0.7")
        locked = self.attempt("olive", "correct horse battery", "10.0.0.7")
        assert locked.status_code == 429
        assert b"Too many tries" in locked.content

    def test_a_player_at_the_same_table_can_still_log_in(self, owner, stranger):
        for _ in range(5):
            self.attempt("olive", "wrong", "10.0.0.7")
        response = self.attempt("stan", "correct horse battery", "10.0.0.7")
        assert response.status_code == 302

    def test_the_same_user_elsewhere_can_still_log_in(self, owner):
        for _ in range(5):
            self.attempt("olive", "wrong", "10.0.0.7")
        assert self.attempt("olive", "correct horse battery", "10.0.0.8").status_code == 302


@pytest.mark.django_db
def test_the_browsers_own_favicon_request_finds_the_icon(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 301
    assert response["Location"].endswith(".png")


def test_template_comments_never_span_lines():
    # Django's {# #} comment is one line only: a second line would be shown on the page.
    offenders = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in (ROOT / "templates").rglob("*.html")
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if "{#" in line and "#}" not in line.split("{#", 1)[1]
    ]
    assert offenders == []


@pytest.mark.slow
def test_a_developer_checkout_runs_manage_py_without_configuration(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DJANGO_SECRET_KEY", "DJANGO_DEBUG")}
    env["SQLITE_PATH"] = str(tmp_path / "db.sqlite3")
    result = subprocess.run(
        [sys.executable, "manage.py", "makemigrations", "--check", "--dry-run"],
        cwd=ROOT, env=env, capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("username", ["x" * 300, "a\x00b"])
def test_a_login_with_a_username_no_account_can_have_is_refused_not_a_500(db, username):
    response = Client(raise_request_exception=False).post(reverse("login"), {"username": username, "password": "nope"})
    assert response.status_code == 200
    assert response.context["form"].errors


@pytest.mark.parametrize("url", ["/join/a%00b/", "/p/a%00b/", "/join/%F0%9F%8E%B2/"])
def test_a_token_that_no_link_can_have_is_a_404(client, owner, url):
    client.force_login(owner)
    assert client.get(url).status_code == 404


# What a visitor learns without signing in ------------------------------------------------------

EVERY_SYSTEM = {
    "risk-legacy": "risk_legacy_15_games.json",
    "dawnguard": "dawnguard_campaign.json",
    "risk-skyrim": "risk_skyrim_plays.json",
    "captain-america": "captain_america_plays.json",
}


@pytest.mark.django_db
@pytest.mark.parametrize("htmx", [True, False], ids=["htmx-poll", "plain-get"])
@pytest.mark.parametrize("on", [None, "history", "overview"])
def test_a_signed_out_poll_answers_alike_for_every_campaign_and_for_none(client, htmx, on):
    """The live-refresh address tells a visitor nothing: not whether a private campaign exists,
    not which game it is (same status, same notice, same next=, whatever the system)."""
    from campaigns import store

    from tests.factories import UserFactory
    from tests.journal_files import load_journal

    owner = UserFactory(username="keeper")
    slugs = [store.import_journal(load_journal(name), owner=owner).slug for name in EVERY_SYSTEM.values()]
    slugs.append("no-such-campaign")
    answers = set()
    for slug in slugs:
        response = client.get(
            reverse("live", args=[slug]), {"v": 1, **({"on": on} if on else {})},
            headers={"HX-Request": "true"} if htmx else {},
        )
        answers.add((
            response.status_code,
            response.content.decode().replace(slug, "<slug>"),
            response.get("Location", "").replace(slug, "<slug>"),
        ))
    assert len(answers) == 1, answers
    ((status, body, location),) = answers
    assert status == (200 if htmx else 302)
    assert ("Signed out." in body) if htmx else location.startswith(reverse("login"))


@pytest.mark.django_db
@pytest.mark.parametrize("system", EVERY_SYSTEM)
def test_a_public_page_shows_roster_names_never_account_names(client, system):
    """The public read-only link shows who played by their roster names; who logged, corrected
    or undid what (an account) is for the campaign's members only."""
    from campaigns import roster, store
    from campaigns.models import new_token
    from campaigns.rules import play_log

    from tests.factories import UserFactory
    from tests.journal_files import load_journal

    keeper = UserFactory(username="keeper-account")
    campaign = store.import_journal(load_journal(EVERY_SYSTEM[system]), owner=keeper)
    player = campaign.players.first()
    roster.link_player(campaign, player, keeper)
    if system in ("risk-skyrim", "captain-america"):
        store.append(campaign, [play_log.deletion_entry(1)], keeper)  # a change logged by the account
    campaign.public_token = new_token()
    campaign.save(update_fields=["public_token"])
    html = client.get(reverse("campaign_public", args=[campaign.public_token])).content.decode()
    assert player.name in html
    assert "keeper-account" not in html
