"""Ein warmer Build gleicht einem kalten, am echten Build (kurs/seite/notebookcache.py). Dass jede
Eingabe den Schlüssel ändert, prüft test_notebookschluessel.py auf der Ebene des Schlüssels; dass
warm und kalt ohne Änderung gleich sind, test_plugin.py; einen Eintrag in alter Form mit fremdem
Inhalt test_notebookcache.py. Hier, was nur ein echter Render zeigt, in drei Builds:

1. Von Anfang an nennt eine Konfiguration von nbconvert einen Ordner mit Vorlagen
   (HTMLExporter.extra_template_basedirs; den Abschnitt TemplateExporter überschreibt
   mkdocs-jupyter), und eine Konfiguration von Jupyter ist ein kaputter Link. Der erste Build
   füllt den Cache.
2. Eine Vorlage in jenem Ordner ändert sich; an Stelle des Eintrags von Teil 2 liegt eine FIFO,
   und in der Seite liegen Notebooks eines abgebrochenen Builds. Der warme Build rendert beide
   Notebooks neu, hängt nicht und räumt die Seite.
3. Ein kalter Build (KURS_CACHE=false): Der warme gleicht ihm Datei für Datei.

Alles in einem eigenen Prozess (`im_hintergrund`, tests/conftest.py), der nbconvert einmal lädt.
TMPDIR ist dabei ein leerer Ordner: Danach liegt darin nichts.
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
    """Ein Prozess für alle Fälle, mit eigenem, leerem TMPDIR."""
    ordner = werkzeuge.temp_ordner("kurs-warm-kalt-")
    (ordner / "tmpdir").mkdir()
    _lauf["ordner"] = ordner
    _lauf["prozesse"] = [subprocess.Popen([sys.executable, __file__, str(ordner / haelfte), haelfte], cwd=WURZEL,
                                          text=True, env={**os.environ, "PYTHONPATH": str(TESTS),
                                                          "TMPDIR": str(ordner / "tmpdir")},
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


def test_warm_nach_geaenderter_vorlage_und_kaputtem_cache_gleicht_kalt(faelle):
    ergebnis = faelle["warm nach änderung"]
    assert ergebnis["status"] == [0, 0], ergebnis["meldungen"]
    assert ergebnis["sichtbar"], "Die geänderte Vorlage kam im kalten Build nicht an; der Fall prüft nichts"
    assert ergebnis["treffer"] == 0, "Der Cache lieferte ein Notebook der alten Vorlage oder aus der FIFO"
    assert ergebnis["unterschiede"] == [], "Der warme Build weicht vom kalten ab"


def test_nichts_bleibt_in_tmpdir(faelle):
    assert faelle["tmpdir"]["dateien"] == []


# --- Der Prozess, der baut (python tests/seite/test_warm_gleich_kalt.py ORDNER) -------------------

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
    treffer = sum("Notebook aus dem Cache" in z for z in mitschrift.zeilen)
    return status, "\n".join(z for z in mitschrift.zeilen if not z.startswith(("INFO", "DEBUG"))), treffer


def melden(ergebnis: dict) -> None:
    print(json.dumps(ergebnis, ensure_ascii=False), flush=True)


HAELFTEN = ("alle",)


def main(ordner: Path, _haelfte: str) -> None:
    from jupyter_core.paths import jupyter_path

    kopie, cache = kopieren(ordner / "kurs"), ordner / "cache"
    # Eine Konfiguration von Jupyter mit einem kaputten Link und einer von nbconvert, die einen Ordner
    # mit Vorlagen nennt (dort eine Kopie von lab/), von Anfang an: Der erste Build schreibt sie mit.
    konfiguration, vorlagen = ordner / "jupyter", ordner / "vorlagen"
    konfiguration.mkdir()
    (konfiguration / "jupyter_config.json").symlink_to(ordner / "gibt-es-nicht")
    (konfiguration / "jupyter_nbconvert_config.json").write_text(json.dumps(
        {"HTMLExporter": {"extra_template_basedirs": [str(vorlagen)]}}), encoding="utf-8")
    os.environ["JUPYTER_CONFIG_DIR"] = str(konfiguration)
    lab = next(Path(p) / "nbconvert/templates/lab" for p in jupyter_path() if (Path(p) / "nbconvert/templates/lab").is_dir())
    shutil.copytree(lab, vorlagen / "lab")
    bauen(kopie, ordner / "erster", cache)

    # Der Eintrag von Teil 1 bleibt heil: Ihn macht nur die geänderte Vorlage ungültig. An Stelle
    # des Eintrags von Teil 2 eine FIFO; dazu Notebooks, die ein abgebrochener Build in der Seite
    # liegen ließ (MkDocs leert sie zu Beginn).
    ersetzen(vorlagen / "lab" / "base.html.j2", r"^(\{% block markdowncell scoped %\})", r"\1<!--geaenderte-vorlage-->")
    teil_2 = next(p for p in (cache / "notebookseiten").glob("*.json")
                  if '"name": "Übungen zu Teil 2' in p.read_text(encoding="utf-8"))
    teil_2.unlink()
    os.mkfifo(teil_2)
    (ordner / "warm" / "_kurs-notebooks" / "notebooks").mkdir(parents=True)
    (ordner / "warm" / "_kurs-notebooks" / "notebooks" / "alt.ipynb").write_text("{}", encoding="utf-8")
    s_warm, m_warm, treffer = bauen(kopie, ordner / "warm", cache)
    s_kalt, m_kalt, _ = bauen(kopie, ordner / "kalt", None)
    sichtbar = s_kalt == 0 and all("<!--geaenderte-vorlage-->" in (
        ordner / "kalt" / "notebooks" / f"uebungen-{teil}" / "index.html").read_text(encoding="utf-8")
        for teil in ("teil-1", "teil-2"))
    melden({"fall": "warm nach änderung", "status": [s_warm, s_kalt], "meldungen": [m_warm, m_kalt],
            "treffer": treffer, "sichtbar": sichtbar,
            "unterschiede": unterschiede(ordner / "warm", ordner / "kalt") if s_warm == s_kalt == 0 else []})
    melden({"fall": "tmpdir", "dateien": [str(p) for p in Path(os.environ["TMPDIR"]).rglob("*")]})


if __name__ == "__main__":
    os.environ["NO_MKDOCS_2_WARNING"] = "1"
    main(Path(sys.argv[1]), sys.argv[2])
