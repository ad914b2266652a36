#!/usr/bin/env python
import os
import sys

if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tracker.settings")
    # A checkout with no secret key configured is a developer's: run in development mode
    # (makemigrations, shell, runserver just work). Production always sets the key, and
    # gunicorn loads tracker.wsgi, which never does this.
    if not os.environ.get("DJANGO_SECRET_KEY"):
        os.environ.setdefault("DJANGO_DEBUG", "1")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)
