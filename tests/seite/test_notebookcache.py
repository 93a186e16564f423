"""kurs/seite/notebookcache.py ohne Build: was in den Schlüssel eingeht, und dass ein Ordner, der
sich nicht nutzen lässt, nur Zeit kostet und nie etwas löscht, was der Kurs nicht schrieb. Dass
der Cache im Build dieselbe Seite ergibt wie keiner, prüft test_warm_gleich_kalt.py."""

import json
import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from kurs.seite import notebookcache
from kurs.seite.notebookcache import MARKE, Notebookcache

EINTRAG = json.dumps({"content": "<p>Notebook</p>", "toc_tokens": [], "title": "T"})


def eintrag(name: str = "a") -> str:
    return name * 64 + ".json" if len(name) == 1 else name


def zwischenordner(tmp_path: Path, **eintraege: str) -> Path:
    ordner = tmp_path / "zwischen"
    ordner.mkdir(exist_ok=True)
    for name, inhalt in eintraege.items():
        (ordner / eintrag(name)).write_text(inhalt, encoding="utf-8")
    return ordner


def test_was_ein_build_schrieb_holt_der_naechste(tmp_path):
    Notebookcache(tmp_path / "cache").sichern(zwischenordner(tmp_path, a=EINTRAG))
    neu = tmp_path / "neu"
    Notebookcache(tmp_path / "cache").holen(neu)
    assert [p.name for p in neu.iterdir()] == [eintrag("a")]
    assert (neu / eintrag("a")).read_text(encoding="utf-8") == EINTRAG


def test_ein_kaputter_eintrag_kommt_nicht_zu_mkdocs_jupyter(tmp_path):
    cache = Notebookcache(tmp_path / "cache")
    cache.sichern(zwischenordner(tmp_path, a=EINTRAG))
    (cache.ordner / eintrag("b")).write_text("{kaputt", encoding="utf-8")
    (cache.ordner / eintrag("c")).write_text(json.dumps({"content": 1}), encoding="utf-8")
    neu = tmp_path / "neu"
    Notebookcache(tmp_path / "cache").holen(neu)
    assert [p.name for p in neu.iterdir()] == [eintrag("a")]


def test_ein_fremder_ordner_behaelt_alles_und_bekommt_nichts(tmp_path, caplog):
    """KURS_CACHE_DIR=~/.cache etwa: Dort liegt schon ein Ordner notebooks/ ohne die Marke des Kurses."""
    fremd = tmp_path / "fremd" / "notebooks" / notebookcache.umgebung()
    fremd.mkdir(parents=True)
    (fremd / eintrag("f")).write_text("nicht von uns", encoding="utf-8")
    (fremd / "notizen.txt").write_text("meins", encoding="utf-8")
    (tmp_path / "fremd" / "datei.json").write_text("{}", encoding="utf-8")
    vorher = sorted((p, p.read_bytes()) for p in (tmp_path / "fremd").rglob("*") if p.is_file())
    neu = tmp_path / "neu"
    cache = Notebookcache(tmp_path / "fremd")
    cache.holen(neu)
    assert not list(neu.iterdir())
    with caplog.at_level(logging.INFO, logger="mkdocs.plugins.kurs"):
        cache.sichern(zwischenordner(tmp_path, a=EINTRAG))
    assert sorted((p, p.read_bytes()) for p in (tmp_path / "fremd").rglob("*") if p.is_file()) == vorher
    assert "bleibt ungenutzt" in caplog.text and MARKE in caplog.text


def test_aufraeumen_loescht_nur_eigene_eintraege_und_die_aeltesten(tmp_path, monkeypatch):
    monkeypatch.setattr(notebookcache, "EINTRAEGE_JE_UMGEBUNG", 2)
    cache = Notebookcache(tmp_path / "cache")
    for nummer, name in enumerate("abc"):
        cache.sichern(zwischenordner(tmp_path, **{name: EINTRAG}))
        os.utime(cache.ordner / eintrag(name), (nummer, nummer))  # a ist am ältesten
        (tmp_path / "zwischen" / eintrag(name)).unlink()
    (cache.ordner / "notiz.txt").write_text("bleibt", encoding="utf-8")
    cache.sichern(zwischenordner(tmp_path, d=EINTRAG))
    assert sorted(p.name for p in cache.ordner.iterdir()) == sorted([MARKE, "notiz.txt", eintrag("c"), eintrag("d")])


def test_alte_umgebungen_gehen_nur_mit_marke_und_nur_eigene_eintraege(tmp_path, monkeypatch):
    cache = Notebookcache(tmp_path / "cache")
    cache.sichern(zwischenordner(tmp_path, a=EINTRAG))
    alt = []
    for nummer in range(4):
        ordner = cache.wurzel / f"{nummer:016x}"
        ordner.mkdir()
        (ordner / MARKE).write_text("", encoding="utf-8")
        (ordner / eintrag("e")).write_text(EINTRAG, encoding="utf-8")
        os.utime(ordner, (nummer, nummer))
        alt.append(ordner)
    (alt[0] / "fremd.txt").write_text("nicht von uns", encoding="utf-8")  # der älteste, aber mit Fremdem
    (alt[1] / MARKE).unlink()  # ohne Marke
    cache.sichern(zwischenordner(tmp_path, b=EINTRAG))
    # Es bleiben die eigene und die zwei jüngsten anderen; der älteste mit Fremdem und der ohne Marke auch.
    assert sorted(p.name for p in cache.wurzel.iterdir() if p.is_dir()) == sorted(
        [cache.ordner.name, alt[0].name, alt[1].name, alt[3].name])


def test_nur_lesbarer_ordner_kostet_zeit_nicht_den_build(tmp_path, caplog, monkeypatch):
    """Als root (wie hier in CI) schützt chmod nichts: Das Anlegen scheitert darum von Hand."""
    def verboten(*args, **kwargs):
        raise PermissionError(13, "Keine Berechtigung")
    monkeypatch.setattr(Path, "mkdir", verboten)
    with caplog.at_level(logging.INFO, logger="mkdocs.plugins.kurs"):
        Notebookcache(tmp_path / "cache").sichern(_zwischen(tmp_path))
    assert "bleibt ungenutzt (PermissionError: Keine Berechtigung)" in caplog.text
    assert not (tmp_path / "cache").exists()


def _zwischen(tmp_path: Path) -> Path:
    """Ein Zwischenordner mit einem Eintrag, ohne Path.mkdir (den ein Test verbietet)."""
    ordner = tmp_path / "zwischen-fest"
    os.makedirs(ordner, exist_ok=True)
    (ordner / eintrag("a")).write_text(EINTRAG, encoding="utf-8")
    return ordner


def test_elternordner_ist_eine_datei(tmp_path, caplog):
    (tmp_path / "datei").write_text("", encoding="utf-8")
    with caplog.at_level(logging.INFO, logger="mkdocs.plugins.kurs"):
        Notebookcache(tmp_path / "datei" / "cache").sichern(_zwischen(tmp_path))
    assert "bleibt ungenutzt (NotADirectoryError" in caplog.text


VOLL = """
import resource, signal, sys
from pathlib import Path
sys.path.insert(0, sys.argv[3])
from test_notebookcache import _zwischen
from kurs.seite.notebookcache import Notebookcache
import logging
logging.basicConfig(level=logging.INFO, format="%(message)s")
zwischen = _zwischen(Path(sys.argv[2]))
(zwischen / ("a" * 64 + ".json")).write_text('{"content": "' + "x" * 200_000 + '", "toc_tokens": []}')
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # statt den Prozess zu beenden, scheitert write mit EFBIG
resource.setrlimit(resource.RLIMIT_FSIZE, (100_000, 100_000))
Notebookcache(Path(sys.argv[1])).sichern(zwischen)
print("weiter")
"""


@pytest.mark.skipif(sys.platform == "win32", reason="RLIMIT_FSIZE gibt es nur unter Unix")
def test_volle_platte_laesst_keine_halbe_datei_zurueck(tmp_path):
    """Wie eine volle Platte: Mehr als 100 kB darf der Prozess nicht schreiben (RLIMIT_FSIZE)."""
    lauf = subprocess.run([sys.executable, "-c", VOLL, str(tmp_path / "cache"), str(tmp_path), str(Path(__file__).parent)],
                          capture_output=True, text=True)
    assert lauf.returncode == 0 and "weiter" in lauf.stdout, lauf.stderr
    assert "bleibt ungenutzt (OSError: File too large)" in lauf.stderr
    dateien = [p.name for p in (tmp_path / "cache").rglob("*") if p.is_file()]
    assert sorted(dateien) == [MARKE, MARKE], dateien  # nur die Marken, kein halber Eintrag


@pytest.mark.parametrize("teil", ["python", "pakete", "vorlagen", "jupyter_konfiguration"])
def test_jeder_teil_der_umgebung_aendert_den_schluessel(teil, tmp_path, monkeypatch):
    vorher = notebookcache.umgebung()
    if teil == "python":
        monkeypatch.setattr(sys, "version", sys.version + " anders")
    elif teil == "pakete":
        (tmp_path / "neues_paket-1.0.dist-info").mkdir()
        monkeypatch.syspath_prepend(str(tmp_path))
    elif teil == "vorlagen":
        (tmp_path / "nbconvert" / "templates" / "lab").mkdir(parents=True)
        (tmp_path / "nbconvert" / "templates" / "lab" / "index.html.j2").write_text("{{ x }}", encoding="utf-8")
        monkeypatch.setenv("JUPYTER_PATH", str(tmp_path))
    else:
        (tmp_path / "jupyter_nbconvert_config.json").write_text("{}", encoding="utf-8")
        monkeypatch.setenv("JUPYTER_CONFIG_DIR", str(tmp_path))
    assert notebookcache.umgebung() != vorher
    assert set(notebookcache.teile()) == {"python", "pakete", "vorlagen", "jupyter_konfiguration"}
