"""Seiten, deren Eingaben sich nicht geändert haben, rendert der Build nicht neu.

Python-Markdown mit allen Erweiterungen des Kurses war der größte Teil eines Builds, in dem
sich nichts geändert hat (gemessen: 0,25 von 0,8 s). Wie mkdocs-jupyter für Notebooks merkt
sich der Kurs darum, was `Page.render` einer Seite ergab, unter einem Schlüssel aus allem, was
darin eingeht:

- dem Markdown der Seite, wie es nach on_page_markdown dasteht (Lesezeit, Fragen, Glossar),
- ihrer Adresse und der Liste aller Dateien des Builds (relative Links und ihre Prüfung),
- mkdocs.yml, dem Code des Kurses (kurs/), jeder Datei in snippets/ (pymdownx.snippets) und
  diagramme/ (die gezeichneten SVGs),
- den Versionen der Pakete, die rendern.

Ebenso merkt er sich (`merken`), was das Plugin des Kurses sonst aus dem Kursmodell rechnet:
dass Kurs.pruefen() keinen Fehler fand, die Notebooks, das Markdown nach on_page_markdown, die
Programme einer Seite; und (`inhalt`) was on_page_content aus dem HTML einer Seite macht (Knöpfe der
Notebooks, Diagramme, Farben des Codes), unter dem HTML und derselben Umgebung.

Gespeichert wird, was `Page.render` setzt (kurs/fremdcode.py führt es auf, tests/test_fremdcode.py
prüft es), die Programme der Python-Blöcke und jede Meldung an das Log. Ein Treffer setzt alles
wieder ein und gibt die Meldungen noch einmal aus: Eine Warnung lässt `--strict` auch dann
scheitern, wenn die Seite aus dem Cache kommt.
"""

import dataclasses
import hashlib
import logging
from contextlib import contextmanager
from pathlib import Path

import markdown
import material
import mkdocs
import pygments
import pymdownx
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import get_toc

from kurs.cachedatei import Cachedatei
from kurs.modell import Programm

HOECHSTENS = 60  # Einträge, etwa drei Builds des Kurses: Die Datei wird bei jedem Build gelesen
# Die Pakete, die rendern (importlib.metadata.version brauchte für diese fünf 60 ms je Build).
PAKETE = (mkdocs, markdown, pymdownx, pygments, material)
KURS_CODE = Path(__file__).resolve().parent.parent


def _dateien_hash(h, ordner: Path) -> None:
    for datei in sorted(p for p in ordner.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
        h.update(datei.relative_to(ordner).as_posix().encode("utf-8") + b"\0")
        h.update(datei.read_bytes())
        h.update(b"\0")


def ordner_hash(ordner: Path) -> str:
    h = hashlib.sha256()
    _dateien_hash(h, ordner)
    return h.hexdigest()


def umgebung(wurzel: Path, config_datei: Path) -> str:
    """Der Teil des Schlüssels, der für alle Seiten eines Builds gleich ist."""
    h = hashlib.sha256()
    h.update(repr([paket.__version__ for paket in PAKETE]).encode("utf-8"))
    h.update(config_datei.read_bytes())
    _dateien_hash(h, KURS_CODE)
    for ordner in ("snippets", "diagramme"):
        _dateien_hash(h, wurzel / ordner)
    return h.hexdigest()


def _toc_daten(eintraege) -> list[dict]:
    # Die Form der toc_tokens von Python-Markdown, aus der get_toc das Inhaltsverzeichnis baut.
    return [{"level": e.level, "id": e.id, "name": e.title, "children": _toc_daten(e.children)} for e in eintraege]


class Mitschnitt(logging.Handler):
    """Jede Meldung, die während des Renderns einer Seite ans Log geht."""

    def __init__(self):
        super().__init__(logging.DEBUG)
        self.meldungen: list[list] = []
        self.gesehen: list = []  # hängt an zwei Loggern: eine Meldung kann bei beiden ankommen

    def emit(self, record):
        if not any(r is record for r in self.gesehen):
            self.gesehen.append(record)
            self.meldungen.append([record.name, record.levelno, record.getMessage()])


@contextmanager
def mitschneiden():
    mitschnitt = Mitschnitt()
    # "mkdocs" gibt nichts an die Wurzel weiter; was nicht von MkDocs kommt, kommt dort an.
    logger = [logging.getLogger("mkdocs"), logging.getLogger()]
    for log in logger:
        log.addHandler(mitschnitt)
    try:
        yield mitschnitt.meldungen
    finally:
        for log in logger:
            log.removeHandler(mitschnitt)


def _programme(daten: list[dict]) -> list[Programm]:
    return [Programm(**{**p, "teile": tuple(p["teile"])}) for p in daten]


class Seitencache:
    """Der Cache eines Builds: `rendern` statt `Page.render`, `inhalt` in on_page_content,
    `speichern` in on_post_build."""

    def __init__(self, umgebung: str, datei: Cachedatei):
        self.umgebung = umgebung
        self.datei = datei
        self.alt = datei.lesen()
        self.neu: dict[str, dict] = {}  # was dieser Build brauchte
        self.treffer = 0
        self.gerechnet = 0  # Einträge, die dieser Build neu rechnen musste

    def _schluessel(self, *teile) -> str:
        return hashlib.sha256(repr((self.umgebung, *teile)).encode("utf-8")).hexdigest()

    def _holen(self, schluessel: str) -> dict | None:
        if eintrag := self.alt.get(schluessel):
            self.treffer += 1
            self.neu[schluessel] = eintrag
        return eintrag

    def rendern(self, page: Page, config, files, bloecke) -> list[Programm] | None:
        """Setzt, was render setzt, aus dem Cache, oder rendert und merkt es sich. `bloecke()`
        gibt die Programme der gerenderten Seite. Ergebnis: die Programme bei einem Treffer."""
        dateien = sorted((f.src_uri, f.dest_uri, f.url) for f in files)
        schluessel = self._schluessel("render", page.file.src_uri, page.url, config.site_url, dateien, page.markdown)
        if eintrag := self._holen(schluessel):
            page.content = eintrag["content"]
            page.toc = get_toc(eintrag["toc"])
            page._title_from_render = eintrag["titel"]
            page.present_anchor_ids = set(eintrag["anker"])
            if eintrag["links"] is not None:
                page.links_to_anchors = {files.get_file_from_path(src): links for src, links in eintrag["links"].items()}
            for name, stufe, text in eintrag["log"]:
                logging.getLogger(name).log(stufe, "%s", text)
            return _programme(eintrag["programme"])
        self.gerechnet += 1
        with mitschneiden() as meldungen:
            Page.render(page, config, files)
        links = page.links_to_anchors
        self.neu[schluessel] = {
            "content": page.content, "toc": _toc_daten(page.toc), "titel": page._title_from_render,
            "anker": sorted(page.present_anchor_ids),
            "links": None if links is None else {f.src_uri: dict(v) for f, v in links.items()},
            "programme": [dataclasses.asdict(p) for p in bloecke()], "log": meldungen,
        }
        return None

    def inhalt(self, page: Page, docs_hash: str, html_text: str, verarbeiten) -> tuple[str, list[Programm]]:
        """`verarbeiten(html_text)` -> (HTML, Programme), oder dasselbe aus dem Cache."""
        def erzeugen():
            html, programme = verarbeiten(html_text)
            return {"html": html, "programme": [dataclasses.asdict(p) for p in programme]}

        eintrag = self.merken("inhalt", (docs_hash, page.file.src_uri, page.url, html_text), erzeugen)
        return eintrag["html"], _programme(eintrag["programme"])

    def merken(self, art: str, teile: tuple, erzeugen):
        """`erzeugen()` (ein Wert für JSON), oder derselbe Wert aus dem Cache, wenn `teile` und die
        Umgebung gleich sind. Eine Ausnahme in `erzeugen` merkt sich nichts: Sie kommt wieder."""
        schluessel = self._schluessel(art, *teile)
        if eintrag := self._holen(schluessel):
            return eintrag["wert"]
        self.gerechnet += 1
        wert = erzeugen()
        self.neu[schluessel] = {"wert": wert}
        return wert

    def speichern(self) -> None:
        """Schreibt neue Einträge dazu. Andere Builds desselben Benutzers (eine Kopie des Kurses,
        die Tests) behalten ihre, bis die Datei HOECHSTENS Einträge hätte: dann nur dieser Build."""
        if self.neu.keys() <= self.alt.keys():
            return
        alle = {**self.alt, **self.neu}
        self.datei.schreiben(alle if len(alle) <= HOECHSTENS else self.neu)
