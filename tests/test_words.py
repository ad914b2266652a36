"""A journal's codes and keys in players' words (campaigns/rules/words.py): one place for every
page and every rule's sentence."""

from campaigns.rules.words import code_words, key_words
from campaigns.templatetags.ledger import register


def test_a_code_reads_as_a_name():
    assert code_words("civil_war") == "Civil War"
    assert code_words("iron-man") == "Iron Man"
    assert code_words("chaos") == "Chaos"


def test_a_key_reads_as_words_within_a_sentence():
    assert key_words("victory_points") == "victory points"
    assert key_words("game_end") == "game end"


def test_the_templates_words_filter_is_the_same():
    assert register.filters["words"] is code_words
