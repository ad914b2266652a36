# The one way the app writes a day, on every page and chart: "3 Sep 2026" (short, unambiguous
# for every English reader). Read through django.utils.formats (the |date filter, the |day filter).
DATE_FORMAT = "j M Y"
SHORT_DATE_FORMAT = "j M Y"
