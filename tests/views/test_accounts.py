import re

from django.contrib.auth import get_user_model
from django.urls import reverse


def test_signup_creates_an_account_and_logs_in(client, db):
    response = client.post(
        reverse("signup"),
        {"username": "ana", "email": "ana@example.org", "password1": "a long table password", "password2": "a long table password"},
    )
    assert response.status_code == 302
    assert get_user_model().objects.filter(username="ana").exists()
    assert client.get(reverse("home")).context["user"].username == "ana"


def test_signup_shows_errors_beside_the_fields(client, db):
    response = client.post(reverse("signup"), {"username": "ana", "email": "ana@example.org", "password1": "abc", "password2": "abd"})
    assert response.status_code == 200
    assert "password2" in response.context["form"].errors
    assert b'aria-invalid="true"' in response.content
    assert not get_user_model().objects.filter(username="ana").exists()
    # The focus goes to the password that did not match (its message read with it), not the username.
    html = response.content.decode()
    focused = re.search(r"<input[^>]*\bautofocus\b[^>]*>", html).group(0)
    assert 'name="password2"' in focused and 'id_password2_error"' in focused
    assert html.count("autofocus") == 1


def test_a_blank_signup_asks_in_a_players_words(client, db):
    html = client.post(reverse("signup"), {"username": "", "password1": "", "password2": ""}).content.decode()
    assert "This field is required." not in html and "Fill this in." in html


def test_signup_follows_next_to_a_join_link(client, campaign):
    join = reverse("join", args=[campaign.invite_token])
    response = client.post(
        reverse("signup"),
        {"username": "ana", "email": "ana@example.org", "password1": "a long table password", "password2": "a long table password", "next": join},
    )
    assert response["Location"] == join


def test_login_and_logout(client, owner):
    response = client.post(reverse("login"), {"username": "olive", "password": "correct horse battery"})
    assert response.status_code == 302
    assert client.post(reverse("logout")).status_code == 302
    assert not client.get(reverse("home")).context["user"].is_authenticated


def test_login_page_renders_labels(client, db):
    html = client.get(reverse("login")).content.decode()
    assert '<label for="id_username"' in html and '<label for="id_password"' in html


def test_password_change(client, owner):
    client.force_login(owner)
    response = client.post(
        reverse("password_change"),
        {"old_password": "correct horse battery", "new_password1": "another long one 42", "new_password2": "another long one 42"},
    )
    assert response.status_code == 302
    owner.refresh_from_db()
    assert owner.check_password("another long one 42")


def test_anonymous_home_explains_the_app(client, db):
    response = client.get(reverse("home"))
    assert b"Create an account" in response.content


def test_an_invite_link_s_login_and_signup_pages_name_the_campaign(client, campaign):
    join = reverse("join", args=[campaign.invite_token])
    response = client.get(join)
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    html = client.get(response["Location"]).content.decode()
    assert f"<h1>Log in to join {campaign.name}</h1>" in html
    assert f"You were invited to <strong>{campaign.name}</strong>" in html
    signup = client.get(reverse("signup"), {"next": join}).content.decode()
    assert f"<h1>Create your account to join {campaign.name}</h1>" in signup


def test_a_login_page_after_anything_but_a_valid_invite_names_no_campaign(client, campaign):
    for after in ("/join/no-such-token/", f"/campaigns/{campaign.slug}/", "https://elsewhere.example/join/x/", ""):
        html = client.get(reverse("login"), {"next": after}).content.decode()
        assert "<h1>Log in</h1>" in html and "You were invited" not in html
