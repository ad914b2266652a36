"""Shared code never names a game system: only a system's own packages (campaigns/rules/<system>,
campaigns/systems/<system>) know its key. import-linter keeps the shared modules from importing
a system's package (pyproject.toml); this keeps them, and the shared templates, from branching
on a system's key. Prose may name a game ("Dawnguard is played together"): comments and
docstrings are not read.

Every system is the registry's (settings.GAME_SYSTEMS): its key, its rules package and its
Django package are looked for, and every import-linter contract that lists the systems must
list each of them, so a system registered tomorrow is guarded as today's are."""

import ast
import io
import re
import tokenize
import tomllib
from pathlib import Path

import pytest
from django.conf import settings
from django.utils.module_loading import import_string

ROOT = Path(__file__).resolve().parent.parent


def system_packages(path: str) -> tuple[str, str]:
    """A registry line's system: its Django package ("campaigns.systems.dawnguard") and its
    rules package, from the line ("campaigns.systems.dawnguard.system.SYSTEM") and its rules."""
    return path.rsplit(".", 2)[0], import_string(path).rules.__name__


REGISTERED = {import_string(path).key: system_packages(path) for path in settings.GAME_SYSTEMS}


def names_of_systems(registered: dict[str, tuple[str, str]]) -> re.Pattern:
    """What names a system in code: its key, written with - or _, and its packages' names."""
    words = set()
    for key, packages in registered.items():
        words |= {key, key.replace("-", "_"), *(package.rsplit(".", 1)[-1] for package in packages)}
    return re.compile("|".join(sorted(map(re.escape, words), key=len, reverse=True)))


SYSTEM_KEYS = names_of_systems(REGISTERED)
SYSTEMS_OWN = ("rules", "systems", "migrations")  # a system's packages; migrations record history
# The shared modules beside the systems' own in rules/ and systems/: what every system uses;
# and the play-log kind's (its rules and its pages), which every play log uses alike.
SHARED_BESIDE_THE_SYSTEMS = [
    *(ROOT / "campaigns" / "rules").glob("*.py"),
    *(ROOT / "campaigns" / "rules" / "play_log").glob("*.py"),
    *(ROOT / "campaigns" / "systems").glob("*.py"),
    *(ROOT / "campaigns" / "systems" / "play_log").rglob("*.py"),
]
SHARED_PYTHON = sorted(
    [
        path
        for path in (ROOT / "campaigns").rglob("*.py")
        if path.relative_to(ROOT / "campaigns").parts[0] not in SYSTEMS_OWN
    ]
    + [path for path in SHARED_BESIDE_THE_SYSTEMS if not SYSTEM_KEYS.search(path.stem)]
)
SHARED_TEMPLATES = sorted(
    [*(ROOT / "templates").rglob("*.html"), *(ROOT / "campaigns" / "systems" / "play_log").rglob("*.html")]
)
TEMPLATE_COMMENT = re.compile(r"\{#.*?#\}|\{% comment %\}.*?\{% endcomment %\}", re.S)


def _code_words(source: str) -> list[str]:
    """The names and strings of `source`'s code: not its comments, not its docstrings."""
    docstrings = {
        (node.body[0].value.lineno, node.body[0].value.col_offset)
        for node in ast.walk(ast.parse(source))
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
        and isinstance(node.body[0].value.value, str)
    }
    return [
        token.string
        for token in tokenize.generate_tokens(io.StringIO(source).readline)
        if token.type in (tokenize.NAME, tokenize.STRING) and token.start not in docstrings
    ]


@pytest.mark.parametrize("path", SHARED_PYTHON, ids=lambda path: str(path.relative_to(ROOT)))
def test_a_shared_module_names_no_system_in_its_code(path):
    named = [word for word in _code_words(path.read_text(encoding="utf-8")) if SYSTEM_KEYS.search(word)]
    assert named == []


@pytest.mark.parametrize("path", SHARED_TEMPLATES, ids=lambda path: str(path.relative_to(ROOT)))
def test_a_shared_template_names_no_system(path):
    markup = TEMPLATE_COMMENT.sub("", path.read_text(encoding="utf-8"))
    assert SYSTEM_KEYS.findall(markup) == []


@pytest.mark.parametrize("key", REGISTERED)
def test_the_guard_catches_a_shared_module_branching_on_any_registered_system(key):
    source = f'"""The {key} campaign."""\nif campaign.system == "{key}":\n    pass\n'
    assert [word for word in _code_words(source) if SYSTEM_KEYS.search(word)] == [f'"{key}"']


def test_a_system_registered_tomorrow_is_guarded_too():
    registered = {**REGISTERED, "risk-europe": ("campaigns.systems.risk_europe", "campaigns.rules.risk_europe")}
    assert names_of_systems(registered).search('rules = "risk_europe"')


def test_the_guard_reads_code_and_skips_prose():
    source = '"""Dawnguard and risk_legacy in prose."""\n# risk_legacy\nif system == "dawnguard":\n    pass\n'
    assert _code_words(source) == ["if", "system", '"dawnguard"', "pass"]


CONTRACTS = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]["contracts"]


def _contract(name_starts: str) -> dict:
    (contract,) = [contract for contract in CONTRACTS if contract["name"].startswith(name_starts)]
    return contract


@pytest.mark.parametrize(
    "name_starts",
    ["Shared code never imports a game system's package", "The play-log kind"],
)
def test_the_contracts_forbid_every_registered_system_s_packages(name_starts):
    forbidden = set(_contract(name_starts)["forbidden_modules"])
    every_package = {package for packages in REGISTERED.values() for package in packages}
    assert every_package - forbidden == set()


def test_the_independence_contract_holds_every_registered_system_s_package():
    modules = set(_contract("A game system's package never imports another's")["modules"])
    assert {django for django, _ in REGISTERED.values()} - modules == set()


def test_the_rules_contract_forbids_every_module_of_the_app_beside_the_rules():
    """import-linter keeps the rules from importing the modules it lists: a module added
    beside campaigns/rules must be listed too (pyproject.toml)."""
    (rules_contract,) = [contract for contract in CONTRACTS if contract.get("source_modules") == ["campaigns.rules"]]
    beside = {
        f"campaigns.{path.stem}"
        for path in (ROOT / "campaigns").iterdir()
        if path.name != "rules" and not path.name.startswith(("_", "."))
        and (path.suffix == ".py" or (path / "__init__.py").exists())
    }
    assert beside - set(rules_contract["forbidden_modules"]) == set()
