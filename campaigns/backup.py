"""A whole site in one file, and the same site again from it (`manage.py backup FILE`,
`manage.py restore FILE`; docs/deploying.md, "Backups").

The file is JSON (`legacy-ledger-backup/1`): every account (its password hash and e-mail, so it
logs in as before), and every campaign with its journal as `export_journal` writes it, its
address, links, time zone, archived or deleted state, members and roles, the roster names
linked to accounts, and who recorded each entry when. A sha256 of the payload travels with it:
a file cut short or changed is refused with a sentence and restores nothing. A campaign is
restored through `store.import_journal`, so every rule checks it again, and `export_journal` of
every campaign is unchanged; as it goes through JSON, a backup taken on SQLite restores on
PostgreSQL and back. Written atomically: a temporary file beside it, renamed once complete.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import os
import tempfile
from pathlib import Path

from django.contrib.auth import get_user_model
from django.db import transaction

from . import store
from .models import Campaign, Entry, Membership, Player
from .rules.base import RuleError

FORMAT = "legacy-ledger-backup/1"
ACCOUNT_FIELDS = ("username", "email", "password", "first_name", "last_name", "is_active", "is_staff",
                  "is_superuser")


def _when(value) -> str | None:
    return value.isoformat() if value is not None else None


def _from(text: str | None):
    return datetime.datetime.fromisoformat(text) if text else None


def site() -> dict:
    """The site's accounts and campaigns, as the backup file holds them."""
    users = get_user_model().objects.order_by("pk")
    accounts = [
        {**{name: getattr(user, name) for name in ACCOUNT_FIELDS}, "date_joined": _when(user.date_joined),
         "last_login": _when(user.last_login)}
        for user in users
    ]
    campaigns = []
    for campaign in Campaign.objects.order_by("pk"):
        entries = campaign.entries.live().select_related("recorded_by").order_by("position")
        campaigns.append(
            {
                "slug": campaign.slug,
                "created_at": _when(campaign.created_at),
                "invite_token": campaign.invite_token,
                "public_token": campaign.public_token,
                "time_zone": campaign.time_zone,
                "archived_at": _when(campaign.archived_at),
                "deleted_at": _when(campaign.deleted_at),
                "members": [
                    [m.user.get_username(), m.role, _when(m.joined_at)]
                    for m in campaign.memberships.select_related("user").order_by("pk")
                ],
                "linked": {
                    p.name: p.user.get_username() for p in campaign.players.select_related("user") if p.user
                },
                "recorded": [
                    [e.recorded_by.get_username() if e.recorded_by else None, _when(e.recorded_at)]
                    for e in entries
                ],
                "journal": store.export_journal(campaign),
            }
        )
    return {"accounts": accounts, "campaigns": campaigns}


def write(path: str | Path) -> dict:
    """Write the site's backup to `path`, atomically; returns the counts written."""
    payload = site()
    body = json.dumps(payload, ensure_ascii=False, sort_keys=True)
    digest = hashlib.sha256(body.encode()).hexdigest()
    text = f'{{"format": "{FORMAT}", "sha256": "{digest}", "site": {body}}}\n'
    path = Path(path)
    handle, temporary = tempfile.mkstemp(dir=path.parent or ".", prefix=f".{path.name}.", suffix=".part")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return {"accounts": len(payload["accounts"]), "campaigns": len(payload["campaigns"])}


def read(path: str | Path) -> dict:
    """The site a backup file holds; RuleError (a sentence) when it is none, or is cut or changed."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise RuleError(f"There is no file {path}.") from None
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise RuleError(
            "This file is not a whole Legacy Ledger backup: it is cut short or not JSON."
        ) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("site"), dict):
        raise RuleError(f"This file is not a Legacy Ledger backup ({FORMAT}).")
    body = json.dumps(data["site"], ensure_ascii=False, sort_keys=True)
    if hashlib.sha256(body.encode()).hexdigest() != data.get("sha256"):
        raise RuleError("This backup was changed or damaged since it was written: nothing was restored.")
    return data["site"]


def restore(path: str | Path) -> dict:
    """Restore the backup at `path` into an empty database, all of it or, on any problem, nothing."""
    payload = read(path)
    User = get_user_model()
    if User.objects.exists() or Campaign.objects.exists():
        raise RuleError("The database is not empty: a backup restores into a new, migrated database only.")
    with transaction.atomic():
        users = {}
        for account in payload["accounts"]:
            user = User(**{name: account[name] for name in ACCOUNT_FIELDS})
            user.date_joined = _from(account["date_joined"])
            user.last_login = _from(account["last_login"])
            user.save()
            users[user.get_username()] = user
        for kept in payload["campaigns"]:
            _restore_campaign(kept, users)
    return {"accounts": len(payload["accounts"]), "campaigns": len(payload["campaigns"])}


def _restore_campaign(kept: dict, users: dict) -> None:
    try:
        campaign = store.import_journal(kept["journal"], time_zone=kept["time_zone"])
    except RuleError as error:
        raise RuleError(f"Campaign {kept['slug']}: {error.located}") from None
    Campaign.objects.filter(pk=campaign.pk).update(
        slug=kept["slug"], created_at=_from(kept["created_at"]), invite_token=kept["invite_token"],
        public_token=kept["public_token"], archived_at=_from(kept["archived_at"]),
        deleted_at=_from(kept["deleted_at"]),
    )
    Membership.objects.bulk_create(
        Membership(campaign=campaign, user=users[name], role=role) for name, role, _ in kept["members"]
    )
    for name, role, joined in kept["members"]:
        Membership.objects.filter(campaign=campaign, user=users[name]).update(joined_at=_from(joined))
    for player, name in kept["linked"].items():
        Player.objects.filter(campaign=campaign, name=player).update(user=users[name])
    entries = list(Entry.objects.filter(campaign=campaign).order_by("position"))
    for entry, (name, when) in zip(entries, kept["recorded"], strict=True):
        entry.recorded_by = users.get(name) if name else None
        entry.recorded_at = _from(when)
    Entry.objects.bulk_update(entries, ["recorded_by", "recorded_at"])
