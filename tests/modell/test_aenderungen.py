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


TOML = "a = 1\nb = [\n  '''\nx\n''',\n  '''\ny\n''',\n]\nc = 2\n\n[[d]]\ne = 3\n"


@pytest.mark.parametrize("weg, merkt", [
    (8, "end of document"),  # das Ende der letzten Zeichenkette gelöscht: TOML merkt es am Ende der Datei
    (5, "at line 6"),  # das Ende der ersten: TOML merkt es eine Zeile später
])
def test_toml_das_spaeter_scheitert_an_der_geaenderten_zeile(tmp_path, weg, merkt):
    """TOML merkt manchen Fehler erst später (kurs/modell/fehler.py, verorten): gemeint ist die geänderte Zeile."""
    import tomllib

    from kurs.modell import verorten

    repository(tmp_path)
    toml = TOML
    (tmp_path / "x.toml").write_text(toml, encoding="utf-8")
    subprocess.run(["git", "add", "x.toml"], cwd=tmp_path, check=True, capture_output=True)
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@localhost", "commit", "-qm", "x"], cwd=tmp_path,
                   check=True, capture_output=True)
    aenderungen._im_commit.cache_clear()
    zeilen = toml.split("\n")
    (tmp_path / "x.toml").write_text("\n".join(zeilen[:weg - 1] + zeilen[weg:]), encoding="utf-8")
    with pytest.raises(tomllib.TOMLDecodeError) as info:
        tomllib.loads((tmp_path / "x.toml").read_text(encoding="utf-8"))
    assert merkt in str(info.value)
    assert str(verorten(info.value, tmp_path, tmp_path / "x.toml")).startswith(f"x.toml:{weg}: Seit dem letzten Commit")
