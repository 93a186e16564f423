"""Ein warmer Build gleicht einem kalten: Nach jeder Art Änderung baut eine Kopie des Kurses mit
dem Cache des vorigen Builds (kurs/seite/notebookcache.py) dieselbe Seite wie ohne Cache.

Je Fall: eine frische Kopie und eine Kopie des warmen Caches, eine Änderung, ein Build mit dem
Cache, einer ohne (KURS_CACHE=false), dann der Vergleich Datei für Datei. Dazu die Fälle, in denen
ein Cache einmal log: ein Build mit -q oder -v vor dem strengen, eine Snippet-Datei, die während
eines Builds gespeichert wird, und Code des Kurses, der sich ändert, während `mkdocs serve` läuft.

Die Builds laufen nebenher in zwei eigenen Prozessen (`im_hintergrund`, tests/conftest.py), die
meisten darin hintereinander (nbconvert lädt je einmal); Fälle mit geändertem Code des Kurses in
eigenen Prozessen, die diesen Code laden.
"""

import json
import logging
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import werkzeuge
from kurs_kopie import kopieren

from kurs.modell import WURZEL

_lauf = {}
TESTS = Path(__file__).resolve().parent.parent  # als Skript gestartet: für kurs_kopie


def im_hintergrund():
    """Zwei Prozesse, je eine Hälfte der Fälle (HAELFTEN): Auf einem Rechner ohne Browsertests ist
    der zweite Kern sonst frei, und die Fälle sind der längste Teil der Suite."""
    ordner = werkzeuge.temp_ordner("kurs-warm-kalt-")
    _lauf["ordner"] = ordner
    _lauf["prozesse"] = [subprocess.Popen([sys.executable, __file__, str(ordner / haelfte), haelfte], cwd=WURZEL,
                                          text=True, env={**os.environ, "PYTHONPATH": str(TESTS)},
                                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
                         for haelfte in HAELFTEN]


@pytest.fixture(scope="module")
def faelle():
    if "prozesse" not in _lauf:
        im_hintergrund()
    try:
        ausgaben = [(p, p.communicate(timeout=600)[0]) for p in _lauf["prozesse"]]
    finally:
        shutil.rmtree(_lauf["ordner"], ignore_errors=True)
    ergebnisse = {}
    for prozess, ausgabe in ausgaben:
        for zeile in ausgabe.splitlines():
            if zeile.startswith("{"):
                ergebnis = json.loads(zeile)
                ergebnisse[ergebnis["fall"]] = ergebnis
        assert prozess.returncode == 0, ausgabe[-4000:]
    return ergebnisse


GLEICH = ["snippet", "seite", "vorlage in overrides", "gezeichnetes diagramm", "paket", "nbconvert-vorlage",
          "jupyter-konfiguration", "gespeichert während des builds", "code des kurses"]


@pytest.mark.parametrize("fall", GLEICH)
def test_warm_gleich_kalt(faelle, fall):
    ergebnis = faelle[fall]
    assert ergebnis["status"] == [0, 0], ergebnis["meldungen"]
    assert ergebnis["unterschiede"] == [], f"{fall}: Der warme Build weicht vom kalten ab"
    assert ergebnis["sichtbar"] is not False, f"{fall}: Die Änderung kam im Build nicht an; der Fall prüft nichts"


@pytest.mark.parametrize("fall", ["paket", "nbconvert-vorlage", "jupyter-konfiguration"])
def test_neue_umgebung_rendert_die_notebooks_neu(faelle, fall):
    assert faelle[fall]["treffer"] == 0, f"{fall}: Der Cache lieferte Notebooks einer anderen Umgebung"


def test_ohne_aenderung_kommen_beide_notebooks_aus_dem_cache(faelle):
    assert faelle["ohne änderung"]["treffer"] == 2 and faelle["ohne änderung"]["unterschiede"] == []


@pytest.mark.parametrize("fall", ["nach -q ein kaputter link", "nach -v ein kaputter anker"])
def test_ein_leiser_oder_gespraechiger_build_laesst_den_strengen_nicht_durch(faelle, fall):
    ergebnis = faelle[fall]
    assert ergebnis["status"] == [1, 1], ergebnis["meldungen"]
    assert "gibt-es-nicht" in ergebnis["meldungen"][0] and "gibt-es-nicht" in ergebnis["meldungen"][1]


def test_nach_aenderung_am_code_sagt_serve_dass_es_neu_starten_muss(faelle):
    assert "Starte `uv run mkdocs serve` neu" in faelle["code des kurses"]["meldung beim neubau"]


# --- Der Prozess, der baut (python tests/seite/test_warm_gleich_kalt.py ORDNER) -------------------

KAPUTTER_LINK = "\n\nSiehe [hier](gibt-es-nicht.md).\n"
KAPUTTER_ANKER = "\n\nSiehe [hier](teil-1.md#gibt-es-nicht).\n"


def ersetzen(datei: Path, muster: str, ersatz: str) -> None:
    text = datei.read_text(encoding="utf-8")
    neu, anzahl = re.subn(muster, ersatz, text, count=1, flags=re.M)
    assert anzahl == 1, f"{datei}: {muster!r} fehlt; passe {__file__} an"
    datei.write_text(neu, encoding="utf-8")


def unterschiede(eins: Path, zwei: Path) -> list[str]:
    import filecmp

    vergleich = filecmp.dircmp(eins, zwei, ignore=["sitemap.xml.gz"])  # gzip mit Zeitstempel
    ergebnis, offen = [], [vergleich]
    while offen:
        v = offen.pop()
        ergebnis += [f"{Path(v.left).relative_to(eins)}/{n}" for n in v.diff_files + v.left_only + v.right_only]
        offen += v.subdirs.values()
    return ergebnis


class Mitschrift(logging.Handler):
    def __init__(self):
        super().__init__(logging.DEBUG)
        self.zeilen: list[str] = []

    def emit(self, record):
        self.zeilen.append(f"{record.levelname}: {record.getMessage()}")


def bauen(kopie: Path, ziel: Path, cache: Path | None, stufe: int = logging.INFO) -> tuple[int, str, int]:
    """Ein strenger Build in diesem Prozess: (Status, Meldungen ab WARNING, Treffer im Cache)."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import MkDocsException

    os.environ.update({"KURS_CACHE": "true", "KURS_CACHE_DIR": str(cache)} if cache else {"KURS_CACHE": "false"})
    logger = logging.getLogger("mkdocs")
    mitschrift, vorher = Mitschrift(), logger.level
    logger.addHandler(mitschrift)
    logger.setLevel(stufe)  # wie -q (ERROR) oder -v (DEBUG)
    status = 0
    try:
        os.chdir(kopie)
        build(load_config(str(kopie / "mkdocs.yml"), site_dir=str(ziel), strict=True))
    except MkDocsException as fehler:
        status, mitschrift.zeilen = 1, [*mitschrift.zeilen, str(fehler)]
    finally:
        logger.removeHandler(mitschrift)
        logger.setLevel(vorher)
    treffer = sum("Cache hit" in z for z in mitschrift.zeilen)
    return status, "\n".join(z for z in mitschrift.zeilen if not z.startswith(("INFO", "DEBUG"))), treffer


def fall(ordner: Path, name: str, aendern, sichtbar: str | None, vorher=None) -> dict:
    """Kopie und warmer Cache, `aendern(kopie)`, dann warm und kalt gebaut. `sichtbar`: ein Text, der
    danach in der kalt gebauten Seite steht; "" für „irgendetwas ist anders als vorher“."""
    kopie = kopieren(ordner / name / "kurs")
    cache = ordner / name / "cache"
    shutil.copytree(ordner / "cache", cache)
    if vorher:
        vorher(kopie, cache)
    aendern(kopie)
    warm, kalt = ordner / name / "warm", ordner / name / "kalt"
    s_warm, m_warm, treffer = bauen(kopie, warm, cache)
    s_kalt, m_kalt, _ = bauen(kopie, kalt, None)
    if sichtbar == "":
        sichtbar = s_kalt == 0 and unterschiede(kalt, ordner / "basis-site") != []
    elif sichtbar is not None:
        sichtbar = any(sichtbar in p.read_text(encoding="utf-8", errors="replace")
                       for p in kalt.rglob("*") if p.suffix in (".html", ".json", ".ipynb"))
    return {"fall": name, "status": [s_warm, s_kalt], "meldungen": [m_warm, m_kalt], "treffer": treffer,
            "unterschiede": unterschiede(warm, kalt) if s_warm == s_kalt == 0 else [], "sichtbar": sichtbar}


def melden(ergebnis: dict) -> None:
    print(json.dumps(ergebnis, ensure_ascii=False), flush=True)


HAELFTEN = ("seite", "umgebung")


def main(ordner: Path, haelfte: str) -> None:
    basis = kopieren(ordner / "basis")
    bauen(basis, ordner / "basis-site", ordner / "cache")  # füllt den warmen Cache
    if haelfte == "seite":
        eingaben(ordner)
    else:
        umgebung(ordner)


def eingaben(ordner: Path) -> None:
    """Eingaben der Seite und der Notebooks, und der Code des Kurses."""
    melden(fall(ordner, "ohne änderung", lambda k: None, None))

    melden(fall(ordner, "snippet", lambda k: ersetzen(k / "snippets/teil-2/uebung-1/vorlage.md",
                                                      r"^```python\n", "```python\n# Ein neuer Kommentar\n"),
                "# Ein neuer Kommentar"))
    melden(fall(ordner, "seite", lambda k: ersetzen(k / "docs/teil-1.md", r"^(### Übung 1:.*\n)",
                                                     r"\1\nEin ganz neuer Satz.\n"), "Ein ganz neuer Satz."))
    melden(fall(ordner, "vorlage in overrides", lambda k: ersetzen(
        k / "overrides/main.html", r"^\{% block extrahead %\}", '{% block extrahead %}<meta name="kurs-probe">'),
        'name="kurs-probe"'))

    def diagramm(k: Path) -> None:
        svg = sorted((k / "diagramme").glob("*.svg"))[0]
        ersetzen(svg, r"(<svg [^>]*>)", r"\1<!--neu gezeichnet-->")
    melden(fall(ordner, "gezeichnetes diagramm", diagramm, "<!--neu gezeichnet-->"))
    melden(code_des_kurses(ordner))


def umgebung(ordner: Path) -> None:
    """Die Umgebung, die mkdocs-jupyter nicht kennt (notebookcache.umgebung), und Builds davor und mittendrin."""
    paket = ordner / "pakete"
    (paket / "nbconvert_probe-99.0.dist-info").mkdir(parents=True)
    sys.path.append(str(paket))
    melden(fall(ordner, "paket", lambda k: None, None))  # rendert gleich, nur der Schlüssel ist neu
    sys.path.remove(str(paket))

    from jupyter_core.paths import jupyter_path

    vorlagen = ordner / "jupyter" / "nbconvert" / "templates"
    lab = next(Path(p) / "lab" for p in jupyter_path("nbconvert", "templates") if (Path(p) / "lab").is_dir())
    shutil.copytree(lab, vorlagen / "lab")
    ersetzen(vorlagen / "lab" / "base.html.j2", r"^(\{% block markdowncell scoped %\})", r"\1<!--geaenderte-vorlage-->")
    os.environ["JUPYTER_PATH"] = str(ordner / "jupyter")
    melden(fall(ordner, "nbconvert-vorlage", lambda k: None, "<!--geaenderte-vorlage-->"))
    del os.environ["JUPYTER_PATH"]

    konfiguration = ordner / "jupyter-konfiguration"
    konfiguration.mkdir()
    (konfiguration / "jupyter_nbconvert_config.json").write_text(
        json.dumps({"TemplateExporter": {"exclude_markdown": True}}), encoding="utf-8")
    os.environ["JUPYTER_CONFIG_DIR"] = str(konfiguration)
    # mkdocs-jupyter setzt exclude_markdown selbst: Die Seite bleibt gleich, nur der Schlüssel ist neu.
    melden(fall(ordner, "jupyter-konfiguration", lambda k: None, None))
    del os.environ["JUPYTER_CONFIG_DIR"]

    # Strenge Builds nach -q und -v (MkDocs zählt dann keine Warnungen: mkdocs issues 4126, 3991)
    for name, stufe, kaputt in (("nach -q ein kaputter link", logging.ERROR, KAPUTTER_LINK),
                                ("nach -v ein kaputter anker", logging.DEBUG, KAPUTTER_ANKER)):
        def davor(k: Path, c: Path, stufe=stufe, kaputt=kaputt) -> None:
            (k / "docs/teil-2.md").write_text((k / "docs/teil-2.md").read_text(encoding="utf-8") + kaputt,
                                              encoding="utf-8")
            bauen(k, k.parent / "davor", c, stufe)
        melden(fall(ordner, name, lambda k: None, None, vorher=davor))

    # Ein Snippet, geändert (Stand A), während des Builds noch einmal gespeichert (nach den Notebooks,
    # vor den Seiten), danach wieder Stand A: Der nächste Build zeigt A, nie den Zwischenstand. Ein
    # JS-Block, den die Seite nur zeigt: Ein Python-Block fiele schon im ersten Build auf (codebloecke.py).
    def waehrend(k: Path, c: Path) -> None:
        from kurs.seite import plugin

        vorlage = k / "snippets/teil-2/js_situation.md"
        ersetzen(vorlage, r"^```js\n", "```js\n// Stand A\n")
        vorher, schreiben = vorlage.read_text(encoding="utf-8"), plugin.notebooks.schreibe

        def schreiben_und_speichern(*args, **kwargs):
            ergebnis = schreiben(*args, **kwargs)
            ersetzen(vorlage, r"^```js\n", "```js\n// Zwischenstand\n")
            return ergebnis
        plugin.notebooks.schreibe = schreiben_und_speichern
        try:
            bauen(k, k.parent / "davor", c)
        finally:
            plugin.notebooks.schreibe = schreiben
        vorlage.write_text(vorher, encoding="utf-8")
    melden(fall(ordner, "gespeichert während des builds", lambda k: None, "Stand A", vorher=waehrend))


def code_des_kurses(ordner: Path) -> dict:
    """Wie `mkdocs serve`: ein Build, Code geändert, ein Neubau im selben Prozess (mit dem alten Code);
    dann warm und kalt in neuen Prozessen, die den geänderten Code laden (PYTHONPATH)."""
    kopie = kopieren(ordner / "code" / "kurs")
    cache = ordner / "code" / "cache"
    shutil.copytree(ordner / "cache", cache)
    umgebung = {**os.environ, "PYTHONPATH": os.pathsep.join([str(kopie), str(TESTS)])}

    def prozess(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, __file__, *args], env=umgebung, capture_output=True, text=True, cwd=kopie)

    serve = prozess("--serve", str(kopie), str(cache))
    warm = prozess("--bauen", str(kopie), str(ordner / "code" / "warm"), str(cache))
    kalt = prozess("--bauen", str(kopie), str(ordner / "code" / "kalt"))
    kalt_site = ordner / "code" / "kalt"
    sichtbar = (kalt.returncode == 0
                and "Notebook speichern" in (kalt_site / "notebooks/uebungen-teil-1/index.html").read_text(encoding="utf-8")
                and '"geaendert": 1' in (kalt_site / "teil-1/programme.json").read_text(encoding="utf-8"))
    return {"fall": "code des kurses", "status": [warm.returncode, kalt.returncode],
            "meldungen": [warm.stdout + warm.stderr[-3000:], kalt.stdout + kalt.stderr[-3000:]], "treffer": None,
            "unterschiede": unterschiede(ordner / "code" / "warm", kalt_site) if warm.returncode == kalt.returncode == 0
            else [], "sichtbar": sichtbar, "meldung beim neubau": serve.stdout + serve.stderr[-3000:]}


def serve_nachbilden(kopie: Path, cache: Path) -> None:
    """Ein Build, dann der Code des Kurses geändert, dann ein Neubau im selben Prozess."""
    bauen(kopie, kopie.parent / "vor-der-aenderung", cache)
    ersetzen(kopie / "kurs/seite/notebookseiten.py", "Notebook herunterladen", "Notebook speichern")
    ersetzen(kopie / "kurs/modell/snippets.py", r'daten = \{"auftrag": self.auftrag,',
             'daten = {"geaendert": 1, "auftrag": self.auftrag,')
    print(bauen(kopie, kopie.parent / "neubau", cache)[1])


if __name__ == "__main__":
    os.environ["NO_MKDOCS_2_WARNING"] = "1"
    if sys.argv[1] == "--serve":
        serve_nachbilden(Path(sys.argv[2]), Path(sys.argv[3]))
    elif sys.argv[1] == "--bauen":
        status = bauen(Path(sys.argv[2]), Path(sys.argv[3]), Path(sys.argv[4]) if len(sys.argv) > 4 else None)[0]
        sys.exit(status)
    else:
        main(Path(sys.argv[1]), sys.argv[2])
