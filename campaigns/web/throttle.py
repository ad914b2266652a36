"""How often one place (an IP address, as django-axes reads it) may ask for what costs the site
or someone else something: a new account, a password-reset e-mail. Counted in the cache (shared
by every worker and app server when CACHE_URL names one), per window of time."""

from __future__ import annotations

from axes.helpers import get_client_ip_address
from django.core.cache import cache


def allowed(request, action: str, limit: int, seconds: int, *, per_account: bool = False) -> bool:
    """Count one `action` from the request's place (or, `per_account`, the action already names
    its account); False once it has asked `limit` times in the current window of `seconds` (the
    window starts at its first ask)."""
    where = "account" if per_account else (get_client_ip_address(request) or "unknown")
    key = f"throttle:{action}:{where}"
    if cache.add(key, 1, seconds):
        return True
    try:
        return cache.incr(key) <= limit
    except ValueError:  # the window ended between the two calls
        cache.add(key, 1, seconds)
        return True
