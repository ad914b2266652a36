"""What a browser sends for a form's rows (a game's seats, a setup's heroes: Django formsets,
campaigns/web/rows.py), so a test says seats and heroes, not how a formset names its fields.

Rows are counted from 1, as a table counts its seats: `row_name("seats", 1, "player")` is
seat 1's player.
"""

def row_name(prefix: str, number: int, part: str) -> str:
    """The field `part` of row `number` (from 1) of the rows `prefix`."""
    return f"{prefix}-{number - 1}-{part}"


def row_id(prefix: str, number: int, part: str) -> str:
    """Its element's CSS selector (for a browser test)."""
    return f"#id_{row_name(prefix, number, part)}"


def rows_post(prefix: str, rows, *, management: bool = True) -> dict[str, str]:
    """The POST data of `rows` (one dict of fields per row, in order; None: a row left out)
    with the formset's management form (`management=False`: a post without it)."""
    data = {}
    if management:
        data |= {f"{prefix}-TOTAL_FORMS": str(len(rows)), f"{prefix}-INITIAL_FORMS": "0"}
    for number, row in enumerate(rows, 1):
        for part, value in (row or {}).items():
            data[row_name(prefix, number, part)] = value
    return data
