"""A journal's codes and keys in players' words: the one place they are turned into words, for
the rules' sentences and for every page (the `words` template filter)."""

from __future__ import annotations

import re


def code_words(code: object) -> str:
    """A code as a name: "civil_war" -> "Civil War", "iron-man" -> "Iron Man"."""
    return " ".join(part.capitalize() for part in re.split(r"[_-]+", str(code)) if part)


def key_words(key: object) -> str:
    """A key as words within a sentence: "victory_points" -> "victory points"."""
    return str(key).replace("_", " ")
