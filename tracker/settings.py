"""Settings for Legacy Ledger, all configured from the environment.

DATABASE_URL           a database URL; unset: a SQLite file (var/db.sqlite3) in WAL mode
DJANGO_DEBUG           "1" for development (make run); off by default
DJANGO_SECRET_KEY      required when DEBUG is off
DJANGO_ALLOWED_HOSTS   comma-separated host names; required when DEBUG is off
DJANGO_SECURE_SSL_REDIRECT  "0" when the reverse proxy already redirects to HTTPS
CACHE_URL              a shared cache: redis://host:6379/0 (needs the redis package) or
                       db:// (a table in the database); unset: a cache per process
LEDGER_COUNT_FOLDS     "1" adds the X-Ledger-Entries-Applied header (tests, benchmarks)
EMAIL_HOST             the SMTP server the password-reset e-mails go through; unset: printed on
                       the console in development (make run), else sent to localhost:25. With
                       it: EMAIL_PORT (587), EMAIL_HOST_USER, EMAIL_HOST_PASSWORD, EMAIL_USE_TLS
                       ("1", the default) or EMAIL_USE_SSL
DEFAULT_FROM_EMAIL     the sender of those e-mails ("Legacy Ledger <noreply@localhost>")
"""

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP

BASE_DIR = Path(__file__).resolve().parent.parent


def env_flag(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_flag("DJANGO_DEBUG")

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("Set DJANGO_SECRET_KEY (or DJANGO_DEBUG=1 for development).")
    SECRET_KEY = "dev-only-key-not-for-production-8f3k2m9x7q1w5e6r4t0y"

ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]" if DEBUG else "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.humanize",
    "django.forms",  # Django's own form templates, under ours (FORM_RENDERER)
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "axes",
    "campaigns",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages compressed (static files are WhiteNoise's, compressed ahead). BREACH is answered:
    # Django masks the CSRF token anew on every response, and GZipMiddleware pads each gzip
    # response with random bytes ("Heal the BREACH"); docs/deploying.md, "Compressed pages".
    # Django's, at level 1 for a page (campaigns/middleware.py).
    "campaigns.middleware.PageGZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # A signed-in account's pages are its own: Cache-Control: private.
    "campaigns.middleware.PrivatePagesMiddleware",
    # A campaign's page is in its table's time zone; the next request starts from UTC again.
    "campaigns.middleware.TableTimeMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # The offline queue reads a write's outcome from its headers: its redirects become 204.
    "campaigns.web.outcome.QueueAnswerMiddleware",
    # Before any view reads the body: refuse one larger than a campaign journal.
    "campaigns.middleware.RequestSizeLimitMiddleware",
    # A tap sent again (its key already recorded) gets its first answer, before any view.
    "campaigns.middleware.TapReplayMiddleware",
    # "We rule otherwise": the refused form's signed submission back in place, with the reason.
    "campaigns.middleware.RuledPostMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, as django-axes asks: it turns a lockout raised by the backend into a response.
    "axes.middleware.AxesMiddleware",
]
if env_flag("LEDGER_COUNT_FOLDS"):
    MIDDLEWARE.insert(0, "campaigns.fold_count.EntriesAppliedHeader")

ROOT_URLCONF = "tracker.urls"
WSGI_APPLICATION = "tracker.wsgi.application"
ASGI_APPLICATION = "tracker.asgi.application"

# The game systems the app serves: the registry (campaigns/registry.py). Each line is one
# system's GameSystem (campaigns/systems/base.py: the whole contract); adding a game is adding
# its folder and its line. Pages list the games in this order.
GAME_SYSTEMS = [
    "campaigns.systems.risk_legacy.system.SYSTEM",
    "campaigns.systems.dawnguard.system.SYSTEM",
    "campaigns.systems.risk_skyrim.system.SYSTEM",
    "campaigns.systems.captain_america.system.SYSTEM",
]

# Every field is drawn by one template of ours (templates/forms/field.html) around Django's own.
FORM_RENDERER = "campaigns.forms.LedgerFormRenderer"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "OPTIONS": {
            # The shared templates, then each game system's folder (its GameSystem.templates,
            # asked of the registry), then the apps'; compiled templates are kept (cached).
            "loaders": [
                (
                    "django.template.loaders.cached.Loader",
                    [
                        "django.template.loaders.filesystem.Loader",
                        "campaigns.registry.SystemTemplates",
                        "django.template.loaders.app_directories.Loader",
                    ],
                ),
            ],
            # {% tap %}, in every form that writes to a journal, with no {% load %} to forget;
            # {% url %} as Django's, each address worked out once per process (links.py).
            "builtins": [
                "campaigns.templatetags.taps", "campaigns.templatetags.ledger", "campaigns.templatetags.links"
            ],
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.csp",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# The database. SQLite is the embedded default: WAL lets readers go on while one phone
# writes, IMMEDIATE takes the write lock when a transaction begins (so two writers queue
# instead of failing midway), and the busy timeout is how long the second one waits.
SQLITE_PATH = Path(os.environ.get("SQLITE_PATH", BASE_DIR / "var" / "db.sqlite3"))
if os.environ.get("DATABASE_URL"):
    DATABASES = {
        "default": dj_database_url.parse(
            os.environ["DATABASE_URL"], conn_max_age=600, conn_health_checks=True
        )
    }
else:
    SQLITE_PATH.parent.mkdir(parents=True, exist_ok=True)
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": SQLITE_PATH,
            "OPTIONS": {
                "transaction_mode": "IMMEDIATE",
                "timeout": 20,
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            },
            # Keep each worker's connection open across requests instead of reopening the file.
            "CONN_MAX_AGE": 600,
            # Tests use a file too, so that threads and the browser tests' server share it;
            # one per test run, so that two runs side by side do not clash.
            "TEST": {"NAME": str(SQLITE_PATH.with_name(f"test-{os.getpid()}.sqlite3"))},
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# The cache holds what is worked out once per journal version (a state as of an earlier game,
# a campaign's part of the stats, rendered page parts), every key carrying the campaign's
# journal version, so it is never stale. The state now needs none: the writer keeps it in the
# database (campaigns/states.py). Per process unless CACHE_URL names a shared one, so that
# every worker and app server works each of those out once per write, not once per process:
# redis://... is Django's Redis cache (pip install redis), db:// a table in the database
# (created by migrate; db://name names the table), file:///path files every worker on one
# machine shares.
CACHE_URL = os.environ.get("CACHE_URL", "")
if CACHE_URL.startswith(("redis://", "rediss://", "unix://")):
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": CACHE_URL}}
elif CACHE_URL.startswith("db://"):
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": CACHE_URL.removeprefix("db://").strip("/") or "ledger_cache",
            "OPTIONS": {"MAX_ENTRIES": 20000},
        }
    }
elif CACHE_URL.startswith("file://"):
    # Files in a directory every worker on the machine shares (campaigns/web/machine_cache.py).
    CACHES = {
        "default": {
            "BACKEND": "campaigns.web.machine_cache.MachineCache",
            "LOCATION": CACHE_URL.removeprefix("file://"),
            "OPTIONS": {"MAX_ENTRIES": 5000},
        }
    }
elif CACHE_URL:
    raise ImproperlyConfigured("CACHE_URL is redis://host:port/db, db:// or file:///path (or unset).")
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "OPTIONS": {"MAX_ENTRIES": 2000},
        }
    }
# A session is read on every request (a phone's poll every 2 s): from a shared cache, the database
# written too, when there is one (a poll's queries 3 -> 2). Never from a cache per process, where a
# session ended on one worker (signed out) would still be read on another.
if CACHE_URL:
    SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    # ModelBackend, reading the signed-in account with its query compiled once (a session signed
    # in with ModelBackend itself was carried over by migration 0014).
    "campaigns.signing_in.AccountBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "login"

# Login throttling by username and address together: players at one table share an
# address, so one of them mistyping must not lock the others out.
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = 0.25  # hours
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_VERBOSE = False

LANGUAGE_CODE = "en"
# The app's one date format ("3 Sep 2026"), used by Django's date formatting everywhere.
FORMAT_MODULE_PATH = ["tracker.formats"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "var" / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "campaigns.web.static_files.KeptStaticFilesStorage"
        if DEBUG
        else "campaigns.web.static_files.KeptManifestStaticFilesStorage"
    },
}

# Content-Security-Policy: scripts only from our own origin (django-htmx's script tag
# carries the nonce), no inline styles, no eval (htmx is configured not to need it).
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF, CSP.NONCE],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "connect-src": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "object-src": [CSP.NONE],
}

X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
CSRF_COOKIE_HTTPONLY = False  # htmx reads the token from the page, not the cookie.
if not DEBUG:
    # Production sits behind a reverse proxy that terminates TLS and says so in this header.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_flag("DJANGO_SECURE_SSL_REDIRECT", True)
    if not SECURE_SSL_REDIRECT:
        # The operator says the proxy already redirects plain HTTP to HTTPS (docs/deploying.md), so
        # check --deploy's "SECURE_SSL_REDIRECT is not True" is answered there.
        SILENCED_SYSTEM_CHECKS = ["security.W008"]
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = 60 * 60 * 24 * 365
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("DJANGO_LOG_LEVEL", "WARNING")},
}

# E-mail: the links to set a new password (Django 6.1's MAILERS). In development (make run)
# printed on the console; else sent by SMTP: to EMAIL_HOST, or to the server's own mail
# transfer agent (localhost:25) when none is named.
smtp_host = os.environ.get("EMAIL_HOST", "")  # not a setting: Django 6.1 replaces EMAIL_* with MAILERS
if DEBUG and not smtp_host:
    MAILERS = {"default": {"BACKEND": "django.core.mail.backends.console.EmailBackend"}}
else:
    use_ssl = env_flag("EMAIL_USE_SSL")
    MAILERS = {
        "default": {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {
                "host": smtp_host or "localhost",
                "port": int(os.environ.get("EMAIL_PORT") or (465 if use_ssl else 587 if smtp_host else 25)),
                "username": os.environ.get("EMAIL_HOST_USER", ""),
                "password": os.environ.get("EMAIL_HOST_PASSWORD", ""),
                "use_ssl": use_ssl,
                "use_tls": env_flag("EMAIL_USE_TLS", default=bool(smtp_host) and not use_ssl),
                "timeout": 10,
            },
        }
    }
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Legacy Ledger <noreply@localhost>")
PASSWORD_RESET_TIMEOUT = 60 * 60 * 24  # a reset link works for a day, once
