"""What a form lets a player type is named once, in the rules' limits (campaigns/rules/limits.py),
never as a number beside the field: a form cannot drift from what the rules and the journal
import accept."""

import ast
from pathlib import Path

import pytest

from campaigns.rules import limits

ROOT = Path(__file__).resolve().parent.parent
FORM_MODULES = sorted(
    path
    for path in (ROOT / "campaigns").rglob("*.py")
    if "forms" in path.parts or path.name == "forms.py"
)


def _max_lengths(path):
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.keyword) and node.arg == "max_length":
            yield node.value


@pytest.mark.parametrize("path", FORM_MODULES, ids=lambda path: str(path.relative_to(ROOT)))
def test_a_form_field_takes_its_length_from_the_limits(path):
    for value in _max_lengths(path):
        assert not isinstance(value, ast.Constant), (
            f"{path.relative_to(ROOT)}:{value.lineno}: max_length={value.value}: name it in rules/limits.py"
        )


def test_what_a_form_lets_a_player_type_fits_in_what_the_journal_holds():
    typed = [getattr(limits, name) for name in dir(limits) if name.endswith("_MAX_CHARS")]
    assert all(0 < length <= max(limits.TEXT_MAX_CHARS, limits.CAMPAIGN_NAME_MAX_CHARS) for length in typed)
    assert limits.NAME_MAX_CHARS <= limits.TEXT_MAX_CHARS and limits.EFFECT_MAX_CHARS <= limits.TEXT_MAX_CHARS
