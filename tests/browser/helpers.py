"""Helpers the tests of this folder share (not test modules importing each other)."""


class Taps:
    """Drives the page and counts what a thumb does: a tap is 1; a native list is 2 (open it,
    pick the option) and nothing when it already shows the wanted value; a text field is 1
    tap, and what is typed is counted apart, in characters."""

    def __init__(self, page):
        self.page, self.taps, self.typed, self.log = page, 0, 0, []

    def tap(self, locator, why):
        locator.click()
        self._count(1, why)

    def pick(self, locator, value, why):
        if locator.input_value() == value:
            return  # the page already offers it: no tap
        locator.select_option(value)
        self._count(2, why)

    def type(self, locator, text, why):
        locator.fill(text)
        self.typed += len(text)
        self._count(1, why)

    def _count(self, taps, why):
        self.taps += taps
        self.log.append((taps, why))


def counted(taps):
    report = "\n".join(f"{n} {why}" for n, why in taps.log)
    print(f"\n{taps.taps} taps and {taps.typed} characters typed\n{report}")
    return report


