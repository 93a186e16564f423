"""Das MkDocs-Plugin des Kurses: baut, was die Seite zeigt, aus dem Kursmodell (kurs/modell/).

Je Build ein neues Plugin-Objekt (MkDocs lädt es bei jedem Neubau von `mkdocs serve` neu);
aller Zustand lebt darin, nichts auf Modulebene. Ein Modul je Aufgabe:

- codebloecke.py: Jeder Python-Block wird gezeichnet und bekommt im selben Aufruf sein
  Programm für Ausführen (programme.json neben der Seite, geholt beim ersten Klick).
- notebookseiten.py: Je Kapitel mit Übungen ein Notebook (kurs/notebooks.py), gerendert von
  mkdocs-jupyter, mit Knöpfen wie im Kapitel; verzoegert.py lädt dessen Maschinerie erst,
  wenn ein Notebook neu zu rendern ist.
- auswahl.py: Auswahlfragen und Übungstabelle. glossar.py: Erklärungen der Begriffe, das Glossar als Liste.
- tabellen.py: breite Tabellen auf dem Handy gestapelt.
- kurs/diagramme.py: jeder ```mermaid-Block als SVG, hell und dunkel, breit und schmal, aus diagramme/.
- kurs/codefarben.py, kurs/hervorhebung.py: weniger Spans, Pygments nur für geänderte Blöcke.
- kurs/fortschritt.py: die Übungsliste, die overrides/main.html in jede Seite schreibt.
"""

import json
import logging
import re
import shutil
import tempfile
from pathlib import Path

import jinja2
from mkdocs.config import config_options
from mkdocs.config.base import Config
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import File

from kurs import codefarben, diagramme, notebooks, vendor
from kurs.cachedatei import ORDNER, Cachedatei
from kurs.fortschritt import uebungen_je_teil
from kurs.hervorhebung import Hervorhebung
from kurs.modell import NOTEBOOKS, Kurs, Programm, QuellenFehler
from kurs.seite import auswahl, glossar, lesezeit, notebookseiten, seitencache, tabellen, verzoegert
from kurs.seite.codebloecke import KursMarkdown

PROGRAMME = "programme.json"
CODEBLOCK = re.compile(r'<div class="language-\w+ highlight"(?! data-search-exclude)')
log = logging.getLogger("mkdocs.plugins.kurs")


class KursConfig(Config):
    # Ein Ordner, in dem die Notebooks für den Build entstehen; leer: ein temporärer.
    notebooks = config_options.Type(str, default="")
    # Ein Ordner für den Cache gerenderter Seiten (seitencache.py); leer: je Benutzer im Temp-Ordner.
    seitencache = config_options.Type(str, default="")


class Seitenbloecke:
    """Die Programme der Python-Blöcke einer Seite, in der Reihenfolge, in der sie gezeichnet werden."""

    def __init__(self, kurs: Kurs):
        self.kurs = kurs
        self.bloecke: list[Programm] = []

    def aufzeichnen(self, ziel: str, code: str) -> int:
        self.bloecke.append(self.kurs.programm(ziel, code))
        return len(self.bloecke) - 1


class KursPlugin(BasePlugin[KursConfig]):
    def __init__(self):
        super().__init__()
        verzoegert.einrichten()  # bevor MkDocs das Plugin von mkdocs-jupyter lädt

    def on_config(self, config):
        self.kurs = Kurs(Path(config.config_file_path).parent)
        ordner = Path(self.config.seitencache) if self.config.seitencache else ORDNER
        self.seitencache = seitencache.Seitencache(
            seitencache.umgebung(self.kurs.wurzel, Path(config.config_file_path)), Cachedatei("seiten.json", ordner))
        self.docs_hash = seitencache.ordner_hash(self.kurs.docs)
        try:
            # Ein Fehler in den Quellen: eine Zeile mit Datei und Zeile, sofort.
            self.seitencache.merken("geprueft", (self.docs_hash,), lambda: self.kurs.pruefen() or True)
            # Die Übungsliste: für overrides/main.html (on_env) und die Anker jeder Seite.
            self.uebungen = self.seitencache.merken("uebungen", (self.docs_hash,), lambda: uebungen_je_teil(self.kurs))
        except QuellenFehler as exc:
            raise PluginError(str(exc)) from None
        self.hervorhebung = Hervorhebung()  # Pygments nur für geänderte Codeblöcke, bis on_post_build
        self.hervorhebung.einschalten()
        self.gezeichnet = {}  # in diesem Build gezeichnete SVGs, auch wenn sie nicht gespeichert werden
        self.notebooks: dict[str, dict] = {}  # src_uri der Notebook-Seite -> Notebook
        self.programme: dict[str, list[Programm]] = {}  # src_uri -> Programme der Seite
        self.seite: Seitenbloecke | None = None
        config.markdown_extensions.append(KursMarkdown(self._neue_seite))
        config.nav = list(config.nav or []) + [{"Übungen als Notebook": [
            {seite.titel: seite.quelle} for _, seite in self.kurs.notebook_seiten]}]
        return config

    def _neue_seite(self) -> Seitenbloecke:
        self.seite = Seitenbloecke(self.kurs)
        return self.seite

    def on_pre_build(self, config):
        jupyter = config.plugins.get("mkdocs-jupyter")
        if jupyter is not None and jupyter.config["cache"]:
            notebookseiten.cache_pruefen(Path(jupyter.config["cache_dir"]))
        if not (fehlend := diagramme.fehlende(self.kurs)):
            if diagramme.speichern_erlaubt():
                diagramme.aktualisieren(self.kurs)  # räumt nur verwaiste SVGs weg, startet keinen Browser
            return
        if grund := diagramme.chromium_fehlt():
            # INFO, nicht WARNING: Der strenge Build soll auch ohne Chromium gelingen.
            log.info(f"Diagramme: {len(fehlend)} SVGs fehlen in {diagramme.ORDNER}/ und Chromium auch ({grund}); "
                     "diese Diagramme zeichnet die Seite im Browser. Zeichnen: uv run python -m kurs.diagramme")
            return
        try:
            self.gezeichnet.update(diagramme.aktualisieren(self.kurs, speichern=diagramme.speichern_erlaubt()))
        except QuellenFehler as exc:
            raise PluginError(str(exc)) from None

    @event_priority(100)  # vor mkdocs-jupyter, das die Notebooks unter den Dateien sucht
    def on_files(self, files, config):
        self.ordner = Path(self.config.notebooks or tempfile.mkdtemp(prefix="kurs-notebooks-"))
        try:
            erzeugt = self.seitencache.merken("notebooks", (self.docs_hash, self.kurs.site_url),
                                              lambda: notebooks.alle(self.kurs, self.kurs.site_url))
            geschrieben = notebooks.schreibe(self.kurs, self.ordner / NOTEBOOKS, notebooks=erzeugt)
        except QuellenFehler as exc:
            raise PluginError(str(exc)) from None
        for pfad, nb in geschrieben.items():
            quelle = pfad.relative_to(self.ordner).as_posix()
            files.append(File(quelle, src_dir=str(self.ordner), dest_dir=config["site_dir"],
                              use_directory_urls=config["use_directory_urls"]))
            self.notebooks[quelle] = nb
        return files

    def on_page_markdown(self, markdown, page, config, files):
        self.seite = None
        if page.file.src_uri in self.notebooks:
            page.meta["search"] = {"exclude": True}  # Die Übungstexte findet die Suche im Kapitel.
            page.edit_url = None  # Das Notebook wird gebaut; zu bearbeiten sind docs/ und snippets/.
            return markdown
        page.render = lambda config, files: self._rendern(page, config, files)
        return self.seitencache.merken("markdown", (self.docs_hash, page.file.src_uri, markdown),
                                       lambda: self._markdown(markdown, page))

    def _markdown(self, markdown: str, page) -> str:
        wo = page.file.src_path
        markdown = lesezeit.einsetzen(markdown, self.kurs.docs)  # aus dem Text der Seite, vor allem Eingesetzten
        try:
            ergebnis = auswahl.auswahl_einsetzen(self.kurs, markdown, wo)
        except QuellenFehler as exc:
            raise PluginError(str(exc)) from None
        except KeyError as exc:
            raise PluginError(f"{wo}: Die Übung {exc} gibt es nicht.") from None
        ergebnis = ergebnis.replace(auswahl.UEBUNGEN_TABELLE, auswahl.uebungen_tabelle(self.kurs))
        if page.file.src_uri != "glossar.md":
            ergebnis += "\n\n" + glossar.abkuerzungen(self.kurs) + "\n"
        return ergebnis

    def _rendern(self, page, config, files) -> None:
        """Page.render, oder aus dem Cache, wenn sich nichts geändert hat (seitencache.py)."""
        programme = self.seitencache.rendern(page, config, files, lambda: self.seite.bloecke if self.seite else [])
        if programme is not None:
            self.seite = Seitenbloecke(self.kurs)
            self.seite.bloecke = programme

    def on_env(self, env, config, files):
        # Jinja übersetzt sonst bei jedem Build (und jedem Neubau von `mkdocs serve`) alle
        # Vorlagen von Material neu. Der Cache liegt im Temp-Ordner; sein Schlüssel ist der
        # Quelltext der Vorlage, eine geänderte Vorlage wird also neu übersetzt.
        env.bytecode_cache = jinja2.FileSystemBytecodeCache()
        env.globals["kurs_uebungen"] = self.uebungen  # overrides/main.html schreibt es in jede Seite
        env.globals["kurs_python"] = vendor.python_im_browser()  # und das an kurs-lauf.js
        return env

    def on_page_content(self, html_text, page, config, files):
        verarbeiten = lambda text: self._inhalt(text, page)  # noqa: E731
        if self.gezeichnet:  # SVGs nur dieses Builds: nicht in diagramme/, also nicht im Schlüssel
            html_text, programme = verarbeiten(html_text)
        else:
            html_text, programme = self.seitencache.inhalt(page, self.docs_hash, html_text, verarbeiten)
        self.programme[page.file.src_uri] = programme
        return html_text

    def _inhalt(self, html_text: str, page) -> tuple[str, list[Programm]]:
        if page.file.src_uri in self.notebooks:
            try:
                zur_wurzel = "../" * page.url.count("/")
                html_text, programme = notebookseiten.aufbereiten(
                    html_text, self.notebooks[page.file.src_uri], Path(page.file.src_uri).name, self.kurs,
                    zur_wurzel)
            except QuellenFehler as exc:
                raise PluginError(str(exc)) from None
        else:
            programme = self.seite.bloecke if self.seite else []
        html_text = diagramme.einsetzen(html_text, self.kurs, self.gezeichnet)
        if page.file.src_uri == "glossar.md":
            html_text = glossar.als_liste(html_text)
        html_text = tabellen.fuers_handy(html_text)
        html_text = glossar.erklaerung_nur_beim_ersten_mal(html_text)
        self._anker_pruefen(html_text, page)
        # Code bleibt aus dem Suchindex: Gesucht wird im Text, und der Index bleibt klein.
        html_text = CODEBLOCK.sub(lambda m: f"{m[0]} data-search-exclude", html_text)
        # Gleiche Farbe, ein Span (kurs/codefarben.py): weniger Elemente, dasselbe Bild.
        return codefarben.zusammenfassen(html_text, codefarben.gruppen_der_seite(self.kurs)), programme

    def _anker_pruefen(self, html_text: str, page) -> None:
        """Jeder Anker der Übungsliste steht als id in seiner Seite; sonst zeigten die Links der
        Startseite und die Häkchen im Inhaltsverzeichnis ins Leere."""
        for teil in self.uebungen:
            for uebung in teil["uebungen"]:
                if page.url == uebung["seite"] and f'id="{uebung["anker"]}"' not in html_text:
                    raise PluginError(f"{page.file.src_path}: Anker {uebung['anker']!r} für {uebung['name']} fehlt")

    def on_post_page(self, output, page, config):
        # Der Browser holt die Datei erst beim ersten Klick auf Ausführen oder Prüfen.
        if programme := self.programme.get(page.file.src_uri):
            ziel = Path(config["site_dir"]) / page.file.dest_uri
            ziel.parent.mkdir(parents=True, exist_ok=True)  # MkDocs schreibt die Seite erst danach
            bloecke = [p.als_daten() for p in programme]
            text = self.seitencache.merken("programme", (self.docs_hash, bloecke), lambda: self._programme(bloecke))
            (ziel.parent / PROGRAMME).write_text(text, encoding="utf-8")
        return output

    def _programme(self, bloecke: list[dict]) -> str:
        uebungen = dict.fromkeys(b["uebung"] for b in bloecke if b.get("uebung"))
        daten = {"bloecke": bloecke, "uebungen": {n: self.kurs.uebung(n).als_daten() for n in uebungen}}
        return json.dumps(daten, ensure_ascii=False)

    def on_build_error(self, error):
        self.hervorhebung.ausschalten()

    def on_post_build(self, config):
        self.hervorhebung.ausschalten()
        self.seitencache.speichern()
        if not self.config.notebooks:
            shutil.rmtree(self.ordner, ignore_errors=True)
        # kurs/lauf.py und kurs/nachladen.py sind die eine Quelle; der Browser lädt sie als Dateien der Seite.
        ziel = Path(config["site_dir"]) / "assets" / "kurs"
        ziel.mkdir(parents=True, exist_ok=True)
        for datei in ("lauf.py", "nachladen.py"):
            shutil.copyfile(Path(__file__).parent.parent / datei, ziel / datei)
