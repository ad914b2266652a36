"""The web helpers every page shares, below the game systems (it never imports them): answering
a page or an htmx fragment (htmx), the live refresh (live), reading numbers and paths a
request hands in (params) and the one write path with its refusals (writes)."""
