"""kurs/modell/aenderungen.py: was sich seit dem letzten Commit änderte, Zeile für Zeile."""

import shutil
import subprocess

import pytest
import werkzeuge

from kurs.modell import aenderungen
from kurs.modell.aenderungen import Aenderung, geaendert

ALT = "eins\nzwei\ndrei\nvier\n"


def repository(ordner):
    """Ein Repository mit einem Commit: datei.txt mit ALT."""
    if not shutil.which("git"):
        werkzeuge.fehlt("git", "git fehlt")
    (ordner / "datei.txt").write_text(ALT, encoding="utf-8")
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@localhost", "-c", "commit.gpgsign=false"]
    for befehl in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "eins"]):
        subprocess.run([*git, *befehl], cwd=ordner, check=True, capture_output=True)
    aenderungen._im_commit.cache_clear()
    return ordner


@pytest.mark.parametrize("neu, erwartet", [
    (ALT, []),
    ("eins\ndrei\nvier\n", [Aenderung(2, ("zwei",), False)]),  # gelöscht: die Zeile danach
    ("eins\nzwei\nzwei\ndrei\nvier\n", [Aenderung(2, (), True)]),  # doppelt: eine der beiden ist neu
    ("eins\nZwei\ndrei\nvier\n", [Aenderung(2, ("zwei",), True)]),  # geändert
])
def test_geaendert(tmp_path, neu, erwartet):
    repository(tmp_path)
    (tmp_path / "datei.txt").write_text(neu, encoding="utf-8")
    assert geaendert(tmp_path, "datei.txt") == erwartet


def test_ohne_git_oder_ohne_commit_nichts(tmp_path):
    (tmp_path / "datei.txt").write_text(ALT, encoding="utf-8")
    assert geaendert(tmp_path, "datei.txt") == []
    assert aenderungen.erste(tmp_path, ["datei.txt"]) is None


def test_erste_nennt_datei_zeile_und_was_dort_stand(tmp_path):
    repository(tmp_path)
    (tmp_path / "datei.txt").write_text("eins\ndrei\nvier\n", encoding="utf-8")
    assert aenderungen.erste(tmp_path, ["fehlt.txt", "datei.txt"]) == \
        "datei.txt:2: Seit dem letzten Commit fehlt vor dieser Zeile: 'zwei'"
