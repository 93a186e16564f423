"""Für die Tests des Kursmodells: eine Kopie der Quellen, die ein Test verändern darf."""

import pytest


@pytest.fixture
def kopie(tmp_path):
    """docs/, snippets/ und mkdocs.yml in tmp_path: ein Kurs, wie Kurs(kopie) ihn liest."""
    import shutil

    from kurs.modell import WURZEL

    for teil in ("docs", "snippets"):
        shutil.copytree(WURZEL / teil, tmp_path / teil, ignore=shutil.ignore_patterns("assets", "__pycache__"))
    shutil.copy(WURZEL / "mkdocs.yml", tmp_path)
    return tmp_path


@pytest.fixture
def kopie_mit_commit(kopie):
    """Die Kopie als Repository mit einem Commit: Was ein Test danach ändert, ist „seit dem letzten Commit“
    geändert (kurs/modell/aenderungen.py)."""
    import shutil
    import subprocess

    import werkzeuge

    from kurs.modell import aenderungen

    if not shutil.which("git"):
        werkzeuge.fehlt("git", "git fehlt")
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@localhost", "-c", "commit.gpgsign=false"]
    for befehl in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "eins"]):
        subprocess.run([*git, *befehl], cwd=kopie, check=True, capture_output=True)
    aenderungen._im_commit.cache_clear()
    return kopie


@pytest.fixture
def zeile_loeschen():
    """loeschen(datei, passt) löscht die erste Zeile, für die passt(zeile) gilt, und gibt ihre Nummer zurück."""
    def loeschen(datei, passt) -> int:
        zeilen = datei.read_text(encoding="utf-8").split("\n")
        nummer = next(n for n, z in enumerate(zeilen, start=1) if passt(z))
        datei.write_text("\n".join(zeilen[:nummer - 1] + zeilen[nummer:]), encoding="utf-8")
        return nummer
    return loeschen
