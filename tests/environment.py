"""Test-run environment: production settings (DEBUG off) with a throwaway secret key.

Loaded as a pytest plugin (-p tests.environment in pyproject.toml) so that it runs before
pytest-django imports the settings.

The per-test differences (fast hasher, plain static storage) are fixtures in tests/conftest.py.
"""

import os

os.environ.setdefault("DJANGO_SECRET_KEY", "tests-only-" + "k3y" * 20)
os.environ.setdefault("DJANGO_ALLOWED_HOSTS", "testserver,localhost,127.0.0.1")
os.environ.setdefault("DJANGO_SECURE_SSL_REDIRECT", "0")
# Playwright's sync API runs an event loop; Django's ORM calls from the test body are fine.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "1")
