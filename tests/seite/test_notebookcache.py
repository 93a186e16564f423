"""kurs/seite/notebookcache.py ohne Build und ohne nbconvert: eine Seite, deren Rendern gezählt
wird, und Fundorte in tmp_path. Geprüft wird, dass jeder Fehler im Cache nur das Rendern kostet
(ein Fehler je Schritt), dass nur ein Eintrag mit eigener Prüfsumme und eigenem Schlüssel gilt,
und dass der Cache nur löscht oder ersetzt, was nachweislich er schrieb. Was in den Schlüssel
eingeht, prüft test_notebookschluessel.py; warm gleich kalt im echten Build test_warm_gleich_kalt.py."""

import json
import logging
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from mkdocs.structure.toc import get_toc

from kurs.seite import notebookcache, notebookschluessel
from kurs.seite.notebookcache import MARKE, Notebookcache

INHALT = "<h1 id='uebungen'>Übungen</h1><p>Notebook</p>"
TOKENS = [{"level": 1, "id": "uebungen", "name": "Übungen", "children": [
    {"level": 2, "id": "a", "name": "A", "children": []}]}]
EINSTELLUNGEN = {"include_source": True, "no_prompt": True, "cache": False}


class Seite:
    """Wie eine Notebook-Seite nach on_pre_page von mkdocs-jupyter: render setzt Inhalt, Inhalts-
    verzeichnis und Titel und zählt, wie oft es lief."""

    def __init__(self, notebook: Path):
        self.file = type("Datei", (), {"abs_src_path": str(notebook), "src_uri": "notebooks/x.ipynb"})()
        self.content, self.toc, self.title, self.gerendert = None, None, "Aus der Navigation", 0
        self.render = self._render

    def _render(self, config, files):
        self.gerendert += 1
        self.content, self.toc, self.title = INHALT, get_toc(TOKENS), "Übungen"

    def ergebnis(self) -> tuple:
        return self.content, notebookcache._tokens(self.toc), self.title


@pytest.fixture
def umgebung(tmp_path, monkeypatch):
    """Ein Notebook und Fundorte in tmp_path statt der von nbconvert (das hier nicht lädt)."""
    vorlagen = tmp_path / "vorlagen"
    (vorlagen / "mkdocs_html").mkdir(parents=True)
    (vorlagen / "mkdocs_html" / "notebook.html.j2").write_text("{{ nb }}", encoding="utf-8")
    orte = {"eingaben": {}, "suchpfade": [[str(vorlagen)]], "namen": ["conf.json", "mkdocs_html/notebook.html.j2"],
            "konfiguration": [str(tmp_path / "konfiguration")], "module": [notebookschluessel.__file__]}
    monkeypatch.setattr(notebookschluessel, "fundorte", lambda geoeffnet, ausser: orte)
    notebook = tmp_path / "x.ipynb"
    notebook.write_text('{"cells": []}', encoding="utf-8")
    return notebook


def rendern(notebook: Path, cache_ordner: Path) -> Seite:
    seite = Seite(notebook)
    Notebookcache(cache_ordner, notebook.parent).einhaengen(seite, EINSTELLUNGEN)
    seite.render({}, None)
    return seite


def eintraege(cache_ordner: Path) -> list[Path]:
    return sorted((cache_ordner / notebookcache.ORDNER).glob("*.json"))


def test_der_zweite_render_kommt_aus_dem_cache_und_gleicht_dem_ersten(umgebung, tmp_path):
    erster = rendern(umgebung, tmp_path / "cache")
    zweiter = rendern(umgebung, tmp_path / "cache")
    assert (erster.gerendert, zweiter.gerendert) == (1, 0)
    assert zweiter.ergebnis() == erster.ergebnis() == (INHALT, TOKENS, "Übungen")


def _boom(*args, **kwargs):
    raise RuntimeError("eingebauter Fehler")


# Jeder Schritt des Caches, und was ihn scheitern lässt. Die ersten brauchen einen vollen Cache.
SCHRITTE = {
    "lesen": (notebookcache, "sicher_lesen"),
    "prüfen": (notebookcache, "auspacken"),
    "schlüssel": (notebookschluessel, "grund"),
    "stand": (notebookschluessel, "stand"),
    "einsetzen": (notebookcache, "_einsetzen"),
    "fundorte": (notebookschluessel, "fundorte"),
    "anlegen": (Notebookcache, "_anlegen"),
    "schreiben": (notebookcache, "_schreiben"),
    "aufräumen": (Notebookcache, "_aufraeumen"),
}


@pytest.mark.parametrize("schritt", SCHRITTE)
def test_ein_fehler_in_jedem_schritt_kostet_nur_das_rendern(schritt, umgebung, tmp_path, monkeypatch, caplog):
    rendern(umgebung, tmp_path / "cache")
    if schritt == "einsetzen":  # halb eingesetzt, dann gescheitert: Das Rendern überschreibt alles
        def halb(page, *args):
            page.content, page.title = "<p>halb</p>", "Halb"
            raise TypeError("eingebauter Fehler")
        monkeypatch.setattr(notebookcache, "_einsetzen", halb)
    else:
        monkeypatch.setattr(*SCHRITTE[schritt], _boom)
    with caplog.at_level(logging.INFO, logger="mkdocs.plugins.kurs"):
        seite = rendern(umgebung, tmp_path / "cache")
    assert seite.ergebnis() == (INHALT, TOKENS, "Übungen")
    # Vor dem Treffer gescheitert: gerendert. Danach (schreiben, aufräumen): Treffer, nichts zu tun.
    if schritt not in ("fundorte", "anlegen", "schreiben", "aufräumen"):
        assert seite.gerendert == 1 and "eingebauter Fehler" in caplog.text and "rendert neu" in caplog.text


@pytest.mark.parametrize("schritt", ["fundorte", "anlegen", "schreiben", "aufräumen"])
def test_ein_fehler_beim_sichern_kostet_nur_den_naechsten_treffer(schritt, umgebung, tmp_path, monkeypatch, caplog):
    monkeypatch.setattr(*SCHRITTE[schritt], _boom)
    with caplog.at_level(logging.INFO, logger="mkdocs.plugins.kurs"):
        seite = rendern(umgebung, tmp_path / "cache")
    assert seite.ergebnis() == (INHALT, TOKENS, "Übungen") and seite.gerendert == 1
    assert "eingebauter Fehler" in caplog.text


def test_ein_abbruch_ist_kein_fehler_des_caches(umgebung, tmp_path, monkeypatch):
    """Strg+C geht durch: Nur Exception kostet das Rendern, KeyboardInterrupt beendet den Build."""
    monkeypatch.setattr(notebookschluessel, "grund", lambda *a: (_ for _ in ()).throw(KeyboardInterrupt))
    with pytest.raises(KeyboardInterrupt):
        rendern(umgebung, tmp_path / "cache")


def _an_seiner_stelle(tmp_path: Path, umgebung: Path, inhalt: bytes | None) -> Path:
    """Legt `inhalt` an den Platz des Eintrags (None: eine FIFO)."""
    rendern(umgebung, tmp_path / "cache")
    [eintrag] = eintraege(tmp_path / "cache")
    eintrag.unlink()
    os.mkfifo(eintrag) if inhalt is None else eintrag.write_bytes(inhalt)
    return eintrag


FALSCH = {
    "falsche Form": json.dumps({"content": "x", "toc_tokens": None}).encode(),
    "ein alter Stand": json.dumps({"content": "<p>Ein alter Stand</p>", "toc_tokens": [], "title": "Alt"}).encode(),
    "kein JSON": b"{kaputt",
    "leer": b"",
    "eine FIFO": None,
}


@pytest.mark.timeout(20)
@pytest.mark.parametrize("fall", FALSCH)
def test_ein_eintrag_ohne_eigene_pruefsumme_wird_gerendert_und_bleibt_liegen(fall, umgebung, tmp_path, caplog):
    """Gilt nie, weil er die Form hat; und weil der Kurs nicht nachweisen kann, dass er ihn schrieb,
    ersetzt er ihn nicht: Die INFO-Zeile nennt ihn."""
    if FALSCH[fall] is None and not hasattr(os, "mkfifo"):
        pytest.skip("FIFOs gibt es nur unter Unix")
    eintrag = _an_seiner_stelle(tmp_path, umgebung, FALSCH[fall])
    with caplog.at_level(logging.INFO, logger="mkdocs.plugins.kurs"):
        seite = rendern(umgebung, tmp_path / "cache")
    assert seite.gerendert == 1 and seite.ergebnis() == (INHALT, TOKENS, "Übungen")
    if FALSCH[fall] is not None:
        assert eintrag.read_bytes() == FALSCH[fall]
    assert eintrag.name in caplog.text


def test_ein_eintrag_mit_falscher_pruefsumme_oder_fremdem_schluessel_gilt_nicht(umgebung, tmp_path):
    rendern(umgebung, tmp_path / "cache")
    [eintrag] = eintraege(tmp_path / "cache")
    roh = eintrag.read_bytes()
    eintrag.write_bytes(roh.replace(b"Notebook", b"Notebonk"))  # ein Byte anders, Prüfsumme alt
    assert rendern(umgebung, tmp_path / "cache").gerendert == 1
    # Richtige Prüfsumme, aber unter einem anderen Namen: der Eintrag eines anderen Notebooks
    umgebung.write_text('{"cells": [], "anders": 1}', encoding="utf-8")
    rendern(umgebung, tmp_path / "cache")
    anderer = next(p for p in eintraege(tmp_path / "cache") if p != eintrag)
    anderer.replace(eintrag)
    umgebung.write_text('{"cells": []}', encoding="utf-8")
    assert rendern(umgebung, tmp_path / "cache").gerendert == 1


def test_ein_geaenderter_fundort_rendert_neu(umgebung, tmp_path):
    rendern(umgebung, tmp_path / "cache")
    (tmp_path / "vorlagen" / "mkdocs_html" / "notebook.html.j2").write_text("{{ anders }}", encoding="utf-8")
    assert rendern(umgebung, tmp_path / "cache").gerendert == 1
    assert rendern(umgebung, tmp_path / "cache").gerendert == 0


def test_ein_fremder_ordner_behaelt_alles_und_bekommt_nichts(umgebung, tmp_path, caplog):
    """KURS_CACHE_DIR zeigt auf einen Ordner, in dem schon ein notebookseiten/ ohne Marke liegt."""
    fremd = tmp_path / "fremd" / notebookcache.ORDNER
    fremd.mkdir(parents=True)
    (fremd / ("f" * 64 + ".json")).write_text("nicht von uns", encoding="utf-8")
    (fremd / "notizen.txt").write_text("meins", encoding="utf-8")
    vorher = sorted((p, p.read_bytes()) for p in fremd.rglob("*"))
    with caplog.at_level(logging.INFO, logger="mkdocs.plugins.kurs"):
        assert rendern(umgebung, tmp_path / "fremd").gerendert == 1
    assert sorted((p, p.read_bytes()) for p in fremd.rglob("*")) == vorher
    assert "rendert neu" in caplog.text and MARKE in caplog.text


def test_ein_abbruch_beim_anlegen_laesst_keinen_ordner_ohne_marke(umgebung, tmp_path, monkeypatch):
    """Der Ordner entsteht unter anderem Namen und wird mit Marke umbenannt. Bricht der Prozess
    dazwischen ab (hier: KeyboardInterrupt beim Umbenennen), gibt es ihn nicht; der nächste Build
    legt ihn an und räumt den halben weg, sobald er alt genug ist."""
    umbenennen = os.rename
    monkeypatch.setattr(os, "rename", lambda *a: (_ for _ in ()).throw(KeyboardInterrupt))
    with pytest.raises(KeyboardInterrupt):
        rendern(umgebung, tmp_path / "cache")
    monkeypatch.setattr(os, "rename", umbenennen)
    assert not (tmp_path / "cache" / notebookcache.ORDNER).exists()
    [halb] = list((tmp_path / "cache").iterdir())
    assert notebookcache.NEU.match(halb.name)
    monkeypatch.setattr(notebookcache, "LIEGEN_LASSEN", -1)
    rendern(umgebung, tmp_path / "cache")
    assert (tmp_path / "cache" / notebookcache.ORDNER / MARKE).is_file()
    assert rendern(umgebung, tmp_path / "cache").gerendert == 0
    assert not halb.exists()


def test_aufraeumen_nimmt_nur_eigenes_die_aeltesten_und_alte_zwischendateien(umgebung, tmp_path, monkeypatch):
    monkeypatch.setattr(notebookcache, "EINTRAEGE", 2)
    for nummer in range(3):
        umgebung.write_text(json.dumps({"cells": [], "n": nummer}), encoding="utf-8")
        rendern(umgebung, tmp_path / "cache")
        for alter, pfad in enumerate(eintraege(tmp_path / "cache")):
            os.utime(pfad, (alter, alter))
    ordner = tmp_path / "cache" / notebookcache.ORDNER
    aeltester = min(eintraege(tmp_path / "cache"), key=lambda p: p.stat().st_mtime)
    fremd = ordner / ("e" * 64 + ".json")
    fremd.write_text("nicht von uns", encoding="utf-8")
    os.utime(fremd, (0, 0))
    # Was ein Abbruch bei os.replace liegen lässt: alt und ganz, alt und halb, und eine junge.
    ganz = ordner / f".{'a' * 64}.json.1.0000abcd"
    ganz.write_bytes(aeltester.read_bytes())
    halb = ordner / f".{'b' * 64}.json.1.0000abcd"
    halb.write_bytes(aeltester.read_bytes()[:30])
    leer = ordner / f".{'d' * 64}.json.1.0000abcd"
    leer.write_bytes(b"")
    fremde_zwischendatei = ordner / f".{'f' * 64}.json.1.0000abcd"
    fremde_zwischendatei.write_bytes(b"nicht von uns")
    jung = ordner / f".{'c' * 64}.json.1.0000abcd"
    jung.write_bytes(aeltester.read_bytes())
    for pfad in (ganz, halb, leer, fremde_zwischendatei):
        os.utime(pfad, (0, 0))
    (ordner / "notiz.txt").write_text("bleibt", encoding="utf-8")
    umgebung.write_text(json.dumps({"cells": [], "n": 3}), encoding="utf-8")
    rendern(umgebung, tmp_path / "cache")
    bleibt = {p.name for p in ordner.iterdir()}
    assert {MARKE, "notiz.txt", fremd.name, jung.name, fremde_zwischendatei.name} <= bleibt
    assert not {ganz.name, halb.name, leer.name, aeltester.name} & bleibt
    assert len([n for n in bleibt if notebookcache.EINTRAG.match(n)]) == 3  # 2 eigene, 1 fremder


def test_nur_lesbarer_ordner_kostet_zeit_nicht_den_build(umgebung, tmp_path, monkeypatch, caplog):
    """Als root (wie hier in CI) schützt chmod nichts: Das Anlegen scheitert darum von Hand."""
    monkeypatch.setattr(Path, "mkdir", lambda *a, **k: (_ for _ in ()).throw(PermissionError(13, "Keine Berechtigung")))
    with caplog.at_level(logging.INFO, logger="mkdocs.plugins.kurs"):
        assert rendern(umgebung, tmp_path / "cache").gerendert == 1
    assert "PermissionError: [Errno 13] Keine Berechtigung" in caplog.text
    assert not (tmp_path / "cache").exists()


def test_elternordner_ist_eine_datei(umgebung, tmp_path, caplog):
    (tmp_path / "datei").write_text("", encoding="utf-8")
    with caplog.at_level(logging.INFO, logger="mkdocs.plugins.kurs"):
        assert rendern(umgebung, tmp_path / "datei" / "cache").gerendert == 1
    assert "FileExistsError" in caplog.text or "NotADirectoryError" in caplog.text


def test_nichts_geht_nach_tmpdir(umgebung, tmp_path, monkeypatch):
    leer = tmp_path / "tmpdir"
    leer.mkdir()
    monkeypatch.setenv("TMPDIR", str(leer))
    monkeypatch.setattr("tempfile.tempdir", None)
    rendern(umgebung, tmp_path / "cache")
    rendern(umgebung, tmp_path / "cache")
    assert list(leer.iterdir()) == []


VOLL = """
import resource, signal, sys
from pathlib import Path
sys.path.insert(0, sys.argv[2])
import test_notebookcache as t
from kurs.seite import notebookcache, notebookschluessel
import logging
logging.basicConfig(level=logging.INFO, format="%(message)s")
t.INHALT = "x" * 200_000
notebook = Path(sys.argv[1]) / "x.ipynb"
notebook.write_text("{}")
orte = {"eingaben": {}, "suchpfade": [], "namen": [], "konfiguration": [], "module": []}
notebookschluessel.fundorte = lambda g, a: orte
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # statt den Prozess zu beenden, scheitert write mit EFBIG
resource.setrlimit(resource.RLIMIT_FSIZE, (100_000, 100_000))
seite = t.rendern(notebook, Path(sys.argv[1]) / "cache")
print("weiter", seite.content == t.INHALT)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="RLIMIT_FSIZE gibt es nur unter Unix")
def test_volle_platte_laesst_keine_halbe_datei_zurueck(tmp_path):
    """Wie eine volle Platte: Mehr als 100 kB darf der Prozess nicht schreiben (RLIMIT_FSIZE)."""
    lauf = subprocess.run([sys.executable, "-c", VOLL, str(tmp_path), str(Path(__file__).parent)],
                          capture_output=True, text=True)
    assert lauf.returncode == 0 and "weiter True" in lauf.stdout, lauf.stderr
    assert "File too large" in lauf.stderr and "rendert neu" in lauf.stderr
    dateien = [p.name for p in (tmp_path / "cache").rglob("*") if p.is_file()]
    assert dateien == [MARKE], dateien  # nur die Marke, kein halber Eintrag


def test_zwei_gleichzeitige_builds_sehen_nie_einen_halben_eintrag(umgebung, tmp_path):
    fehler = []

    def bauen():
        try:
            for _ in range(10):
                assert rendern(umgebung, tmp_path / "cache").ergebnis() == (INHALT, TOKENS, "Übungen")
        except Exception as f:  # noqa: BLE001
            fehler.append(f)
    faeden = [threading.Thread(target=bauen) for _ in range(4)]
    for faden in faeden:
        faden.start()
    for faden in faeden:
        faden.join()
    assert fehler == [] and len(eintraege(tmp_path / "cache")) == 1
