"""The journal commands of docs/journal.md, run as a user would run them."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command, execute_from_command_line
from django.core.management.base import CommandError

from campaigns.models import Campaign

from tests.conftest import load_journal
from tests.journal_files import journal_path

ROOT = Path(__file__).resolve().parent.parent
JOURNALS = ["risk_legacy_15_games.json", "dawnguard_campaign.json", "risk_skyrim_plays.json", "captain_america_plays.json"]


def run(capsys, *args):
    call_command(*args)
    return capsys.readouterr().out


@pytest.mark.django_db
@pytest.mark.parametrize("name", JOURNALS)
def test_export_after_import_gives_back_an_equal_journal(capsys, name):
    slug = run(capsys, "import_journal", str(journal_path(name))).strip().splitlines()[-1]
    exported = json.loads(run(capsys, "export_journal", slug))
    assert exported == load_journal(name)


@pytest.mark.django_db
def test_campaign_state_now_and_as_of_a_game(capsys):
    slug = run(capsys, "import_journal", str(journal_path("risk_legacy_15_games.json"))).strip().splitlines()[-1]
    now = json.loads(run(capsys, "campaign_state", slug))
    assert set(now) == {
        "system", "as_of_game", "games_played", "complete", "territories", "continents", "victors",
        "supplies", "factions", "players", "scar_types", "world", "rulings", "house_rules",
    }
    assert now["complete"] is True and now["as_of_game"] == 15
    after_two = json.loads(run(capsys, "campaign_state", slug, "--as-of", "2"))
    assert after_two["as_of_game"] == 2
    assert len(after_two["victors"]) == 2
    assert after_two["complete"] is False


@pytest.mark.django_db
def test_a_journal_that_breaks_a_rule_is_refused_whole(tmp_path):
    data = load_journal("risk_legacy_15_games.json")
    data["games"][3]["seats"][0]["player"] = "Nobody"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(CommandError, match=r"^game 4, seat 1"):
        call_command("import_journal", str(path))
    assert not Campaign.objects.exists()


@pytest.mark.django_db
def test_a_refusal_names_its_rule_and_rulebook_section_and_a_ruling_lets_it_in(tmp_path, capsys, monkeypatch):
    """docs/journal.md, "Rulings, house rules and citations"."""
    data = load_journal("risk_legacy_15_games.json")
    assert data["games"][1]["events"] == [{"type": "scar", "player": "Ben", "territory": "Brazil", "scar": "Bunker"}]
    data["games"][1]["events"].append({"type": "scar", "player": "Ben", "territory": "Afghanistan", "scar": "Bunker"})
    path = tmp_path / "second-scar.json"
    path.write_text(json.dumps(data))
    status, _, err = manage(capsys, monkeypatch, "import_journal", str(path))
    assert status == 1 and err.startswith("CommandError: game 2, event 2: ")
    assert err.rstrip().endswith('[rule risk-legacy/one-scar-per-player-per-game; rulebook: "Scars"]')
    assert not Campaign.objects.exists()
    data["games"][0]["seats"][1]["player"] = data["games"][0]["seats"][0]["player"]
    path.write_text(json.dumps(data))
    status, _, err = manage(capsys, monkeypatch, "import_journal", str(path))
    assert status == 1 and err.rstrip().endswith("[no ruling changes this]")
    data = load_journal("risk_legacy_15_games.json")
    data["games"][1]["events"].append({"type": "scar", "player": "Ben", "territory": "Afghanistan", "scar": "Bunker",
                                       "ruling": "Ben's packet card"})
    data["house_rules"] = [{"rule": "risk-legacy/hqs-not-adjacent", "why": "tight table", "from_game": 16}]
    path.write_text(json.dumps(data))
    status, out, err = manage(capsys, monkeypatch, "import_journal", str(path))
    assert status == 0, err
    slug = out.strip().splitlines()[-1]
    state = json.loads(manage(capsys, monkeypatch, "campaign_state", slug)[1])
    assert state["rulings"] == [{"game": 2, "place": "event 2", "rule": "risk-legacy/one-scar-per-player-per-game",
                                 "why": "Ben's packet card"}]
    assert state["house_rules"] == data["house_rules"]
    exported = json.loads(manage(capsys, monkeypatch, "export_journal", slug)[1])
    assert exported["house_rules"] == data["house_rules"] and exported["games"][1]["events"][-1]["ruling"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda j: j.update(colour="red"), "unknown key 'colour'"),
        (lambda j: j.update(players="Ana"), "'players' must be a list"),
        (lambda j: j.update(format="journal/9"), "'format' must be"),
        (lambda j: j.update(system="monopoly"), "'system' must be one of"),
    ],
)
def test_malformed_journals_are_errors_of_the_same_kind(tmp_path, change, message):
    data = load_journal("risk_legacy_15_games.json")
    change(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(CommandError, match=message):
        call_command("import_journal", str(path))
    assert not Campaign.objects.exists()


def manage(capsys, monkeypatch, *argv) -> tuple[int, str, str]:
    """`manage.py argv` as the shell runs it (its exit status, stdout, stderr), in this process:
    Django turns a command's error into a line on stderr and exit status 1 (run_from_argv).
    It closes the database connections when done; the test's database must stay open."""
    monkeypatch.setattr("django.core.management.base.connections.close_all", lambda: None)
    try:
        execute_from_command_line(["manage.py", *argv])
        status = 0
    except SystemExit as exit:
        status = exit.code
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.django_db
def test_import_journal_exits_1_and_names_the_place_on_stderr(tmp_path, capsys, monkeypatch):
    data = load_journal("risk_legacy_15_games.json")
    data["games"][1]["number"] = 7
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    status, _, err = manage(capsys, monkeypatch, "import_journal", str(path))
    assert status == 1 and "game 2" in err
    bad_json = tmp_path / "broken.json"
    bad_json.write_text("{")
    status, _, err = manage(capsys, monkeypatch, "import_journal", str(bad_json))
    assert status == 1 and "not valid JSON" in err
    assert not Campaign.objects.exists()
    status, out, err = manage(capsys, monkeypatch, "import_journal", str(journal_path("captain_america_plays.json")))
    assert status == 0, err
    slug = out.strip().splitlines()[-1]
    status, out, _ = manage(capsys, monkeypatch, "campaign_state", slug)
    assert status == 0 and json.loads(out)


@pytest.mark.django_db
def test_unknown_slugs_are_errors(capsys):
    with pytest.raises(CommandError, match="no campaign"):
        call_command("export_journal", "nope")
    with pytest.raises(CommandError, match="no campaign"):
        call_command("campaign_state", "nope")


@pytest.mark.django_db
def test_import_journal_reads_standard_input_when_the_file_is_a_dash(capsys):
    import io

    stdin = io.BytesIO(journal_path("captain_america_plays.json").read_bytes())
    call_command("import_journal", "-", stdin=stdin)
    slug = capsys.readouterr().out.strip().splitlines()[-1]
    assert Campaign.objects.get(slug=slug).games_played > 0


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_import_journal_reads_the_real_standard_input(tmp_path):
    env = {**os.environ, "SQLITE_PATH": str(tmp_path / "db.sqlite3")}
    env.pop("DATABASE_URL", None)
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    result = subprocess.run(
        [sys.executable, "manage.py", "import_journal", "-"],
        cwd=ROOT, env=env, capture_output=True, input=journal_path("captain_america_plays.json").read_bytes(),
    )
    assert result.returncode == 0, result.stderr.decode()
    assert result.stdout.decode().strip().splitlines()[-1]
    bomb = subprocess.run(
        [sys.executable, "manage.py", "import_journal", "-"],
        cwd=ROOT, env=env, capture_output=True, input=b"[" * 100_000 + b"]" * 100_000,
    )
    assert bomb.returncode == 1
    assert "nested too deeply" in bomb.stderr.decode()
    assert "Traceback" not in bomb.stderr.decode()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"n": ' + "9" * 5000 + "}", "more than 4,300 digits"),
        ('{"format": "campaign-journal/1", "system": "risk-legacy", "name": "\\ud800", "players": []}', "surrogate"),
        ('{"format": "campaign-journal/1", "system": "risk-legacy", "name": "' + "x" * 300 + '", "players": []}',
         "300 characters long; 100 at most"),
        (" " * (4 * 1024 * 1024 + 10), "4.0 MB at most"),
    ],
)
def test_import_journal_refuses_journal_bombs_with_a_sentence(tmp_path, text, message):
    path = tmp_path / "bomb.json"
    path.write_text(text)
    with pytest.raises(CommandError, match=message):
        call_command("import_journal", str(path))
    assert not Campaign.objects.exists()
