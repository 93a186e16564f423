"""Ein warmer Build gleicht einem kalten, in zwei Fällen am echten Build (kurs/seite/notebookcache.py).
Dass jede Eingabe den Schlüssel ändert, prüft test_notebookschluessel.py auf der Ebene des Schlüssels;
dass warm und kalt ohne Änderung gleich sind, test_plugin.py. Hier, was nur ein echter Render zeigt:

- Ein kaputter Cache (ein Eintrag in alter Form mit fremdem Inhalt, eine FIFO an Stelle des anderen,
  eine Konfiguration von Jupyter als kaputter Link) kostet das Rendern, nicht den Build; die Seite
  gleicht der des kalten Builds, auch wenn ein abgebrochener Build Notebooks in ihr liegen ließ.
- Eine Konfiguration von nbconvert nennt einen Ordner mit Vorlagen (HTMLExporter.extra_template_basedirs;
  den Abschnitt TemplateExporter überschreibt mkdocs-jupyter);
  ändert sich eine Vorlage darin, rendert der warme Build neu und gleicht dem kalten (KURS_CACHE=false).

Alle Builds laufen nebenher in einem eigenen Prozess (`im_hintergrund`, tests/conftest.py), der
nbconvert einmal lädt. TMPDIR ist dabei ein leerer Ordner: Danach liegt darin nichts.
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


def test_ein_kaputter_cache_kostet_das_rendern_nicht_den_build(faelle):
    ergebnis = faelle["kaputter cache"]
    assert ergebnis["status"] == [0, 0], ergebnis["meldungen"]
    assert ergebnis["treffer"] == 0, "ein Eintrag ohne eigene Prüfsumme kam aus dem Cache"
    assert ergebnis["unterschiede"] == [], "Der Build mit kaputtem Cache weicht vom kalten ab"


def test_eine_vorlage_aus_einem_ordner_der_konfiguration_rendert_neu(faelle):
    ergebnis = faelle["vorlage aus der konfiguration"]
    assert ergebnis["status"] == [0, 0], ergebnis["meldungen"]
    assert ergebnis["sichtbar"], "Die geänderte Vorlage kam im kalten Build nicht an; der Fall prüft nichts"
    assert ergebnis["treffer"] == 0, "Der Cache lieferte das Notebook der alten Vorlage"
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

    ersetzen(vorlagen / "lab" / "base.html.j2", r"^(\{% block markdowncell scoped %\})", r"\1<!--geaenderte-vorlage-->")
    s_warm, m_warm, treffer = bauen(kopie, ordner / "warm", cache)
    s_kalt, m_kalt, _ = bauen(kopie, ordner / "kalt", None)
    sichtbar = s_kalt == 0 and "<!--geaenderte-vorlage-->" in (
        ordner / "kalt" / "notebooks" / "uebungen-teil-1" / "index.html").read_text(encoding="utf-8")
    melden({"fall": "vorlage aus der konfiguration", "status": [s_warm, s_kalt], "meldungen": [m_warm, m_kalt],
            "treffer": treffer, "sichtbar": sichtbar,
            "unterschiede": unterschiede(ordner / "warm", ordner / "kalt") if s_warm == s_kalt == 0 else []})

    # Der warme Build hat den Cache neu gefüllt. Ein Eintrag in alter Form mit fremdem Inhalt, eine
    # FIFO an Stelle des anderen: Die Seite gleicht der des kalten Builds.
    eins, zwei = sorted((cache / "notebookseiten").glob("*.json"))
    eins.write_text(json.dumps({"content": "<p>Ein alter Stand</p>", "toc_tokens": [], "title": "Alt"}), encoding="utf-8")
    zwei.unlink()
    os.mkfifo(zwei)
    # Dazu, was ein Abbruch (SIGTERM, Zeitlimit) in der Seite liegen ließ: MkDocs leert sie zu Beginn.
    (ordner / "kaputt" / "_kurs-notebooks" / "notebooks").mkdir(parents=True)
    (ordner / "kaputt" / "_kurs-notebooks" / "notebooks" / "alt.ipynb").write_text("{}", encoding="utf-8")
    status, meldungen, treffer = bauen(kopie, ordner / "kaputt", cache)
    melden({"fall": "kaputter cache", "status": [status, 0], "meldungen": [meldungen], "treffer": treffer,
            "unterschiede": unterschiede(ordner / "kaputt", ordner / "kalt") if status == 0 else []})
    melden({"fall": "tmpdir", "dateien": [str(p) for p in Path(os.environ["TMPDIR"]).rglob("*")]})


if __name__ == "__main__":
    os.environ["NO_MKDOCS_2_WARNING"] = "1"
    main(Path(sys.argv[1]), sys.argv[2])
