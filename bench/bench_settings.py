"""The app's settings with the bench's URLs (the bare view beside the app's) and static files
named without a collected manifest: for the gunicorn servers the benchmarks start."""

from tracker.settings import *  # noqa: F403

ROOT_URLCONF = "bench_urls"
STORAGES = {
    **STORAGES,  # noqa: F405
    "staticfiles": {"BACKEND": "campaigns.web.static_files.KeptStaticFilesStorage"},
}
