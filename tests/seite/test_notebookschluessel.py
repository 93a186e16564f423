"""kurs/seite/notebookschluessel.py: Jede Eingabe des Renderns ändert den Schlüssel, auf der Ebene
des Schlüssels bewiesen statt mit je einem Build (die zwei Builds in test_warm_gleich_kalt.py
zeigen, dass das Mitschreiben im echten Render trägt). Fällt ein Teil aus dem Schlüssel, wird
der Test seiner Eingaben rot, und test_teile_sind_genau_diese auch."""

import os
import sys
from pathlib import Path

import pytest

from kurs.seite import notebookschluessel as s

EINSTELLUNGEN = {"include_source": True, "no_prompt": True, "cache": False}


@pytest.fixture
def orte(tmp_path, monkeypatch):
    """Fundorte wie nach einem Render: ein Datenordner von Jupyter vor den Vorlagen des Pakets (wie
    ~/.local/share/jupyter vor mkdocs_jupyter/templates), ein Ordner der Konfiguration, ein Modul."""
    monkeypatch.chdir(tmp_path)
    for name in ("daten", "paket/mkdocs_html", "konfiguration"):
        (tmp_path / name).mkdir(parents=True)
    (tmp_path / "paket" / "mkdocs_html" / "notebook.html.j2").write_text("{{ nb }}", encoding="utf-8")
    (tmp_path / "konfiguration" / "jupyter_nbconvert_config.json").write_text("{}", encoding="utf-8")
    (tmp_path / "modul.py").write_text("x = 1\n", encoding="utf-8")
    return {"eingaben": s.eingaben(), "suchpfade": [[str(tmp_path / "daten"), str(tmp_path / "paket")]],
            "namen": ["conf.json", "mkdocs_html/notebook.html.j2"],
            "konfiguration": [str(tmp_path / "konfiguration")], "module": [str(tmp_path / "modul.py")]}


def _symlink(ziel: Path, name: Path) -> None:
    name.symlink_to(ziel)


# Eingabe: (welcher Teil sich ändern muss, wie sie sich ändert)
EINGABEN = {
    "das Notebook": ("notebook", None),
    "eine Einstellung von mkdocs-jupyter": ("einstellungen", None),
    "Python": ("eingaben", lambda t, m: m.setattr(sys, "version", sys.version + " anders")),
    "JUPYTER_PATH": ("eingaben", lambda t, m: m.setenv("JUPYTER_PATH", str(t / "daten"))),
    "JUPYTER_CONFIG_DIR": ("eingaben", lambda t, m: m.setenv("JUPYTER_CONFIG_DIR", str(t / "anders"))),
    "der Arbeitsordner (nbconvert sucht dort lab/, base/ …)": ("eingaben", lambda t, m: m.chdir(t / "daten")),
    # Eine Vorlage unter einem Datenordner (JUPYTER_PATH/mkdocs_html/…): Sie gewinnt, wie bei nbconvert.
    "eine Vorlage weiter vorn im Suchpfad": ("vorlagen", lambda t, m: (
        (t / "daten" / "mkdocs_html").mkdir(), (t / "daten" / "mkdocs_html" / "notebook.html.j2").write_text("neu"))),
    "eine geänderte Vorlage": ("vorlagen", lambda t, m: (t / "paket/mkdocs_html/notebook.html.j2").write_text("{{ x }}")),
    "eine neue conf.json": ("vorlagen", lambda t, m: (t / "paket" / "conf.json").write_text("{}")),
    "ein Ordner im Suchpfad, den es vorher nicht gab": ("vorlagen", lambda t, m: (t / "daten").rename(t / "weg")),
    "eine neue Konfigurationsdatei": ("konfiguration", lambda t, m: (t / "konfiguration/jupyter_config.py").write_text("")),
    "eine geänderte Konfigurationsdatei": ("konfiguration", lambda t, m: (
        t / "konfiguration" / "jupyter_nbconvert_config.json").write_text('{"TemplateExporter": {}}')),
    "eine Konfiguration, die ein kaputter Link ist": ("konfiguration", lambda t, m: (
        (t / "konfiguration" / "jupyter_nbconvert_config.json").unlink(),
        _symlink(t / "gibt-es-nicht", t / "konfiguration" / "jupyter_nbconvert_config.json"))),
    # Ein editierbar installiertes Paket: neuer Code, gleiche Version.
    "ein geändertes Modul mit gleicher Größe": ("module", lambda t, m: (
        (t / "modul.py").write_text("x = 2\n"), os.utime(t / "modul.py", ns=(1, 1)))),
    "ein gelöschtes Modul": ("module", lambda t, m: (t / "modul.py").unlink()),
}


@pytest.mark.parametrize("eingabe", EINGABEN)
def test_jede_eingabe_aendert_ihren_teil_des_schluessels(eingabe, orte, tmp_path, monkeypatch):
    teil, aendern = EINGABEN[eingabe]
    notebook, einstellungen = b'{"cells": []}', dict(EINSTELLUNGEN)
    vorher, name_vorher = s.teile(notebook, einstellungen, orte), s.name(s.grund(notebook, einstellungen))
    if teil == "notebook":
        notebook = b'{"cells": [1]}'
    elif teil == "einstellungen":
        einstellungen["no_prompt"] = False
    else:
        aendern(tmp_path, monkeypatch)
    nachher = s.teile(notebook, einstellungen, orte)
    assert nachher[teil] != vorher[teil], f"{eingabe} ändert den Schlüssel nicht"
    # Was vor dem Rendern feststeht, gibt dem Eintrag seinen Namen; der Stand der Fundorte nicht.
    assert (s.name(s.grund(notebook, einstellungen)) != name_vorher) == (teil in s.grund(b"", {}))


def test_teile_sind_genau_diese(orte):
    """Ein Teil mehr braucht einen Test oben; einer weniger macht dessen Tests rot."""
    assert set(s.teile(b"", {}, orte)) == {"notebook", "einstellungen", "eingaben", "vorlagen", "konfiguration", "module"}
    assert set(s.grund(b"", {})) == {"notebook", "einstellungen", "eingaben"}


def test_cache_und_ordner_gehoeren_nicht_in_den_schluessel(orte):
    """Sonst hinge der Schlüssel am Ordner (KURS_CACHE_DIR), und kein Build fände den des anderen."""
    assert s.teile(b"", {"cache": True, "cache_dir": "a"}, orte) == s.teile(b"", {"cache": False, "cache_dir": "b"}, orte)


def test_ohne_aenderung_bleibt_der_schluessel(orte):
    assert s.teile(b"x", EINSTELLUNGEN, orte) == s.teile(b"x", EINSTELLUNGEN, orte)


@pytest.mark.timeout(20)
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs gibt es nur unter Unix")
def test_unlesbares_geht_als_fehler_in_den_schluessel_statt_ihn_abzubrechen(orte, tmp_path):
    """Eine FIFO als Vorlage, eine Datei statt eines Ordners der Konfiguration: kein Hängen, kein Absturz."""
    vorlage = tmp_path / "paket" / "mkdocs_html" / "notebook.html.j2"
    vorlage.unlink()
    os.mkfifo(vorlage)
    (tmp_path / "konfiguration" / "jupyter_nbconvert_config.json").unlink()
    (tmp_path / "konfiguration").rmdir()
    (tmp_path / "konfiguration").write_text("", encoding="utf-8")
    assert s.teile(b"", {}, orte) == s.teile(b"", {}, orte)
    with pytest.raises(OSError):
        s.sicher_lesen(vorlage)


def test_aufzeichnen_sieht_jede_geoeffnete_datei_und_nur_waehrenddessen(tmp_path):
    (tmp_path / "a").write_text("a", encoding="utf-8")
    (tmp_path / "b").write_text("b", encoding="utf-8")
    with s.aufzeichnen() as geoeffnet:
        (tmp_path / "a").read_text(encoding="utf-8")
    (tmp_path / "b").read_text(encoding="utf-8")
    assert str(tmp_path / "a") in geoeffnet and str(tmp_path / "b") not in geoeffnet


def test_fundorte_eines_echten_renders(gebaut_mit_cache):
    """Die Fundorte, die der kalte Build der Tests beim Rendern aufschrieb (tests/conftest.py): Jede
    Vorlage, die nbconvert lud, die Datenordner von Jupyter als Suchpfade (dort gewinnt eine
    Vorlage mkdocs_html/…), die Ordner der Konfiguration, und nbconvert selbst unter den Modulen."""
    from jupyter_core.paths import jupyter_config_path, jupyter_path

    orte = gebaut_mit_cache
    assert {"mkdocs_html/notebook.html.j2", "mkdocs_md/md-no-codecell.md.j2", "lab/index.html.j2",
            "conf.json"} <= set(orte["namen"])
    for liste in orte["suchpfade"]:
        assert [os.path.abspath(p) for p in jupyter_path()] == [p for p in liste if p in map(os.path.abspath, jupyter_path())]
    assert set(map(os.path.abspath, jupyter_config_path())) <= set(orte["konfiguration"])
    assert any(m.endswith(os.path.join("nbconvert", "exporters", "templateexporter.py")) for m in orte["module"])
    assert not any(os.sep + "kurs" + os.sep + "seite" + os.sep in m for m in orte["module"]), "Code des Kurses"


@pytest.fixture(scope="module")
def gebaut_mit_cache(builds):
    import json

    from kurs.seite import notebookcache

    ordner, status, ausgabe = builds
    assert status == 0, ausgabe[-3000:]
    [eintrag, *_] = sorted((ordner / "cache" / notebookcache.ORDNER).glob("*.json"))
    return json.loads(eintrag.read_bytes().partition(b"\n")[2])["fundorte"]
