"""Shared code never names a game system: only a system's own packages (campaigns/rules/<system>,
campaigns/systems/<system>) know its key. import-linter keeps the shared modules from importing
a system's package (pyproject.toml); this keeps them, and the shared templates, from branching
on a system's key. Prose may name a game ("Dawnguard is played together"): comments and
docstrings are not read."""

import ast
import io
import re
import tokenize
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SYSTEM_KEYS = re.compile(
    r"risk_legacy|risk_skyrim|captain_america|dawnguard|risk-legacy|risk-skyrim|captain-america"
)
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


def test_the_guard_reads_code_and_skips_prose():
    source = '"""Dawnguard and risk_legacy in prose."""\n# risk_legacy\nif system == "dawnguard":\n    pass\n'
    assert _code_words(source) == ["if", "system", '"dawnguard"', "pass"]


def test_the_rules_contract_forbids_every_module_of_the_app_beside_the_rules():
    """import-linter keeps the rules from importing the modules it lists: a module added
    beside campaigns/rules must be listed too (pyproject.toml)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    (rules_contract,) = [
        contract for contract in config["tool"]["importlinter"]["contracts"]
        if contract.get("source_modules") == ["campaigns.rules"]
    ]
    beside = {
        f"campaigns.{path.stem}"
        for path in (ROOT / "campaigns").iterdir()
        if path.name != "rules" and not path.name.startswith(("_", "."))
        and (path.suffix == ".py" or (path / "__init__.py").exists())
    }
    assert beside - set(rules_contract["forbidden_modules"]) == set()
