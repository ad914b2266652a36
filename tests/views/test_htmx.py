"""The one way views answer: the whole page, or a piece of it when htmx asks for one."""

import pytest
from django.test import RequestFactory
from django.urls import reverse
from django_htmx.middleware import HtmxDetails

from campaigns.web.htmx import render_page, vary_on_htmx, wants_fragment

PAGE = "risk_legacy/board_detail.html"
HTMX = {"HX-Request": "true"}


def request(**headers):
    asked = RequestFactory().get("/somewhere/", headers=headers)
    asked.htmx = HtmxDetails(asked)  # what django-htmx's middleware sets
    return asked


def varies(response) -> bool:
    return "HX-Request" in response.get("Vary", "")


def test_without_htmx_the_helper_sends_the_page_and_says_it_varies():
    response = render_page(request(), PAGE, {}, partial="board-view")
    assert response.template_name == PAGE
    assert response.status_code == 200
    assert varies(response)


def test_htmx_asking_for_a_part_gets_the_partial_and_the_same_vary():
    response = render_page(request(**HTMX), PAGE, {}, partial="board-view")
    assert response.template_name == f"{PAGE}#board-view"
    assert response["Vary"].count("HX-Request") == 1


@pytest.mark.parametrize("header", ["HX-Boosted", "HX-History-Restore-Request"])
def test_a_boosted_request_or_a_history_restore_gets_the_whole_page(header):
    asked = request(**HTMX, **{header: "true"})
    assert not wants_fragment(asked)
    response = render_page(asked, PAGE, {}, partial="board-view")
    assert response.template_name == PAGE and varies(response)


def test_a_fragment_may_be_a_template_of_its_own():
    fragment = "risk_legacy/game_start_recheck.html"
    page = "risk_legacy/game_start.html"
    assert render_page(request(**HTMX), page, {}, fragment=fragment).template_name == fragment
    response = render_page(request(), page, {}, fragment=fragment)
    assert response.template_name == page and varies(response)


def test_a_page_with_no_fragment_is_only_a_page():
    for asked in (request(), request(**HTMX)):
        response = render_page(asked, PAGE, {})
        assert response.template_name == PAGE and not varies(response)


def test_the_status_is_kept():
    assert render_page(request(**HTMX), PAGE, {}, partial="board-view", status=400).status_code == 400
    assert render_page(request(), PAGE, {}, status=400).status_code == 400


def test_a_partial_and_a_fragment_at_once_is_a_mistake():
    with pytest.raises(TypeError):
        render_page(request(), PAGE, {}, partial="board-view", fragment="other.html")


def test_vary_on_htmx_adds_the_header_once():
    response = vary_on_htmx(vary_on_htmx(render_page(request(), PAGE, {})))
    assert response["Vary"].count("HX-Request") == 1


@pytest.fixture
def owner_client(client, owner):
    client.force_login(owner)
    return client


@pytest.mark.parametrize("name", ["stats", "board", "history", "game_start"])
def test_every_page_that_answers_htmx_with_a_part_tells_caches_it_varies(owner_client, risk_campaign, name):
    url = reverse("stats") if name == "stats" else reverse(name, args=[risk_campaign.slug])
    page = owner_client.get(url)
    part = owner_client.get(url, headers=HTMX)
    assert page.status_code == part.status_code == 200
    assert "<html" in page.content.decode() and "<html" not in part.content.decode()
    assert varies(page) and varies(part)
