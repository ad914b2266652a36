"""The docs say what the code is: every path, command, setting and link they name exists, and
none points outside the repository (README.md and docs/*.md)."""

import re
from pathlib import Path

import pytest
from django.core.management import get_commands

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
TOP_FOLDERS = ("campaigns", "tests", "static", "templates", "bench", "tracker", "docs", ".ci")
# `campaigns/rules/<system>/`, `tests/systems/<system>/browser/`: a place every system has.
PLACEHOLDER = re.compile(r"<[a-z_ -]+>")
PATH = re.compile(r"`((?:" + "|".join(re.escape(folder) for folder in TOP_FOLDERS) + r")/[^`\s]*)`")
LINK = re.compile(r"\]\(([^)\s]+)\)")
MAKE = re.compile(r"`make ([a-z-]+)")
MANAGE = re.compile(r"manage\.py ([a-z_]+)")
SETTING = re.compile(r"`((?:DJANGO|LEDGER)_[A-Z_]+|DATABASE_URL|CACHE_URL|SQLITE_PATH)`")


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def _heading_anchors(path: Path) -> set[str]:
    """GitHub's anchors for a page's headings: lower case, punctuation dropped, spaces to hyphens."""
    anchors = set()
    for line in _text(path).splitlines():
        if line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            anchors.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return anchors


# What a run writes (the browser tests' screenshots, ...): named by the docs, ignored by git, so
# absent from a fresh checkout until the tests that write it have run.
WRITTEN_BY_A_RUN = {
    line.strip().rstrip("/") for line in (ROOT / ".gitignore").read_text().splitlines()
    if line.strip() and not line.startswith("#") and "*" not in line
}


def _exists(named: str) -> bool:
    named = named.rstrip(".,:;")
    if named.rstrip("/") in WRITTEN_BY_A_RUN:
        return True
    pattern = PLACEHOLDER.sub("*", named.split("#")[0].split("?")[0])
    return any(ROOT.glob(pattern.rstrip("/"))) if "*" in pattern else (ROOT / pattern).exists()


@pytest.mark.parametrize("doc", DOCS, ids=lambda path: path.name)
def test_every_path_a_doc_names_is_in_the_repository(doc):
    missing = [named for named in PATH.findall(_text(doc)) if not _exists(named)]
    assert missing == []


@pytest.mark.parametrize("doc", DOCS, ids=lambda path: path.name)
def test_every_link_of_a_doc_leads_inside_the_repository_to_a_heading_that_exists(doc):
    broken = []
    for target in LINK.findall(_text(doc)):
        if target.startswith(("http://", "https://", "mailto:")):
            broken.append(f"{target}: outside the repository")
            continue
        file_part, _, anchor = target.partition("#")
        linked = (doc.parent / file_part).resolve() if file_part else doc
        if not linked.is_relative_to(ROOT) or not linked.exists():
            broken.append(f"{target}: no such file")
        elif anchor and linked.suffix == ".md" and anchor not in _heading_anchors(linked):
            broken.append(f"{target}: no such heading")
    assert broken == []


@pytest.mark.parametrize("doc", DOCS, ids=lambda path: path.name)
def test_no_doc_points_outside_the_repository(doc):
    text = _text(doc)
    assert "../" not in text.replace("](../", "](")  # a relative link above the repository
    assert not re.search(r"\b(GAMES|JOURNAL)\.md\b", text)


def test_every_make_target_and_command_and_setting_the_docs_name_exists():
    makefile, settings = _text(ROOT / "Makefile"), _text(ROOT / "tracker" / "settings.py")
    everything = "\n".join(_text(doc) for doc in DOCS)
    targets = {target for target in MAKE.findall(everything)}
    assert {target for target in targets if not re.search(rf"^{target}:", makefile, re.M)} == set()
    commands = set(MANAGE.findall(everything)) - {"runserver", "migrate", "collectstatic", "check"}
    assert commands - set(get_commands()) == set()
    assert {name for name in SETTING.findall(everything) if name not in settings} == set()


def test_the_readme_is_short():
    assert len(_text(ROOT / "README.md").splitlines()) < 250
