"""What Lighthouse (mobile) asked of every page: a meta description, compressed
HTML (safe from BREACH: masked CSRF tokens, padded gzip), one stylesheet."""

import gzip
import re

from django.urls import reverse

from tests.journal_files import ROOT


def test_every_page_has_a_meta_description(client, db):
    for url in (reverse("home"), reverse("login"), reverse("signup")):
        html = client.get(url).content.decode()
        match = re.search(r'<meta name="description" content="([^"]+)">', html)
        assert match and 50 < len(match.group(1)) < 200, url


def test_pages_are_compressed_for_a_browser_that_asks(client, owner):
    client.force_login(owner)
    plain = client.get(reverse("home"))
    packed = client.get(reverse("home"), headers={"accept-encoding": "gzip"})
    assert "Content-Encoding" not in plain
    assert packed["Content-Encoding"] == "gzip" and "Accept-Encoding" in packed["Vary"]
    assert gzip.decompress(packed.content).decode().startswith("<!doctype html>")
    assert len(packed.content) < len(plain.content)


def test_a_page_is_compressed_at_gzips_fastest_level(client, owner):
    """Every page is compressed again on every request: at level 1, as nginx does, whose
    header's XFL byte says "fastest" (4); Django's own level 6 says 0."""
    client.force_login(owner)
    packed = client.get(reverse("campaign_create"), headers={"accept-encoding": "gzip"})
    assert packed.content[:4] == b"\x1f\x8b\x08" + bytes([gzip.FNAME]) and packed.content[8] == 4
    assert gzip.decompress(packed.content).decode().startswith("<!doctype html>")


def test_compression_gives_breach_nothing_to_measure(client, owner):
    """The CSRF token differs in every response (Django masks it), and so does the length of
    the same page gzipped (random padding), so no secret can be read from response sizes."""
    client.force_login(owner)
    pages = [client.get(reverse("campaign_create"), headers={"accept-encoding": "gzip"}) for _ in range(6)]
    tokens = {re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', gzip.decompress(page.content)).group(1)
              for page in pages}
    assert len(tokens) == 6
    assert len({len(page.content) for page in pages}) > 1


def test_every_page_links_one_stylesheet(client, db):
    html = client.get(reverse("home")).content.decode()
    links = re.findall(r'<link rel="stylesheet" href="([^"]+)">', html)
    assert len(links) == 1 and links[0].endswith("css/ledger.css")
    assert sorted(path.name for path in (ROOT / "static" / "css").glob("*.css")) == ["ledger.css"]
