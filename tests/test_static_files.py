"""Each static file's address worked out once per process (campaigns/web/static_files.py), the
same address the storage it stands in for gives: the deployed manifest's hashed names, or the
files' own names without a manifest; a name the manifest lacks is refused every time."""

import json

import pytest
from django.contrib.staticfiles.storage import StaticFilesStorage
from django.core.files.storage import storages
from whitenoise.storage import CompressedManifestStaticFilesStorage

from campaigns.web import static_files
from campaigns.web.static_files import KeptManifestStaticFilesStorage, KeptStaticFilesStorage

NAMES = ("css/ledger.css", "js/app.js", "img/icon.svg", "vendor/idiomorph/idiomorph-ext.min.js")


@pytest.fixture
def collected(tmp_path):
    """A collected static folder's manifest, as collectstatic writes it."""
    paths = {name: name.replace(".", ".0123456789ab.", 1) for name in NAMES}
    (tmp_path / "staticfiles.json").write_text(json.dumps({"paths": paths, "version": "1.1", "hash": "x"}))
    return tmp_path


def _counting(monkeypatch, storage_class):
    worked_out = []
    real = storage_class.url
    monkeypatch.setattr(storage_class, "url", lambda self, name, force=False: worked_out.append(name)
                        or real(self, name, force))
    return worked_out


def test_the_deployed_storage_gives_the_manifests_addresses_each_worked_out_once(collected, monkeypatch):
    plain = CompressedManifestStaticFilesStorage(location=collected, base_url="/static/")
    expected = {name: plain.url(name) for name in NAMES}
    assert expected["css/ledger.css"] == "/static/css/ledger.0123456789ab.css"
    kept = KeptManifestStaticFilesStorage(location=collected, base_url="/static/")
    worked_out = _counting(monkeypatch, CompressedManifestStaticFilesStorage)
    for _ in range(3):
        assert {name: kept.url(name) for name in NAMES} == expected
    assert sorted(worked_out) == sorted(NAMES)  # once each
    for _ in range(2):
        with pytest.raises(ValueError, match="Missing staticfiles manifest entry"):
            kept.url("js/not-collected.js")
    assert kept.url("css/ledger.css", force=True) == expected["css/ledger.css"]


def test_without_a_manifest_the_files_own_names_and_a_bounded_few_kept(tmp_path, monkeypatch):
    monkeypatch.setattr(static_files, "ADDRESSES_KEPT", 2)
    kept = KeptStaticFilesStorage(location=tmp_path, base_url="/static/")
    plain = StaticFilesStorage(location=tmp_path, base_url="/static/")
    for name in (*NAMES, "a file/with spaces.css"):
        assert kept.url(name) == plain.url(name)
    assert len(kept._addresses) == 2  # white-box: the bound holds, the rest worked out each time
    assert kept.url(NAMES[3]) == plain.url(NAMES[3])


def test_the_pages_storage_is_the_kept_one():
    assert isinstance(storages["staticfiles"], static_files.KeptAddresses)
