"""Helpers the tests of this folder share (not test modules importing each other)."""

from tests.rows import row_id

PLAYERS = ["Ana", "Ben", "Cid", "Dee", "Eve"]


def seat(page, slot, player, faction):
    page.select_option(row_id("seats", slot, "player"), player)
    page.select_option(row_id("seats", slot, "faction"), faction)


def count(page, slot, part, value):
    field = page.locator(row_id("seats", slot, part))
    field.fill(str(value))
    field.press("Tab")  # a number is "changed" once left


def mode(page, label):
    page.locator("fieldset", has_text="Mode").get_by_text(label, exact=True).click()


