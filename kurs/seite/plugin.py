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
- hinweise.py: die Hinweise jeder Übung, einzeln vor ihrer Lösung.
- repository.py: woher der Kurs kommt (`git clone`), bei jedem Prüfbefehl.
- suchindex.py: Titel der Treffer eindeutig („Kurz geprüft – Schritt 2“), das Glossar je Begriff.
- kurs/diagramme.py: jeder ```mermaid-Block als SVG, hell und dunkel, breit und schmal, aus diagramme/.
- kurs/codefarben.py: weniger Spans, dasselbe Bild.
- kurs/fortschritt.py: die Übungsliste, die overrides/main.html in jede Seite schreibt.
- notebookcache.py: der einzige Cache, die Notebook-Seiten von mkdocs-jupyter (cache, cache_dir).
- meldungen.py: Warnungen von MkDocs über Links mit Datei und Zeile, auf Deutsch.
- vorlagen.py: Fehler in overrides/ (Syntax, fehlende Vorlage, vertippter Name) mit Datei und Zeile.
- einstellungen.py: `kurs:` in mkdocs.yml (cache, cache_dir); geänderter Code unter `serve`.
- kurs/diagramm_html.py: die SVGs in der Seite, erst nach Materials Suche (Ablage).
"""

import json
import logging
import re
import shutil
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import File

from kurs import annotationen, codefarben, diagramm_html, diagramme, notebooks, vendor
from kurs.fortschritt import uebungen_je_teil
from kurs.modell import NOTEBOOKS, Kurs, Programm, verorten
from kurs.seite import (
    auswahl,
    glossar,
    hinweise,
    lesezeit,
    meldungen,
    notebookseiten,
    ohne_kommentare,
    repository,
    suchindex,
    tabellen,
    verzoegert,
    vorlagen,
)
from kurs.seite.codebloecke import KursMarkdown
from kurs.seite.einstellungen import KURS_CODE, KursConfig, neuer_code_warnen
from kurs.seite.notebookcache import Notebookcache

PROGRAMME = "programme.json"
NOTEBOOK_ORDNER = "_kurs-notebooks"  # in der Seite, während des Builds
CODEBLOCK = re.compile(r'<div class="language-\w+ highlight"(?! data-search-exclude)')
CODE_INHALT = re.compile(r"<pre><span></span><code>.*?</code></pre>", re.S)  # der Inhalt eines gefärbten Blocks
log = logging.getLogger("mkdocs.plugins.kurs")
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
        meldungen.einstellungen_verorten()  # „Config value …“ mit der Zeile in mkdocs.yml

    def on_config(self, config):
        neuer_code_warnen()
        self.kurs = Kurs(Path(config.config_file_path).parent)
        meldungen.einrichten(self.kurs)  # Warnungen über Links mit Datei und Zeile, auf Deutsch
        self.protokoll = annotationen.beim_build()  # unter GitHub Actions: Anmerkungen im Pull Request
        try:
            # Ein Fehler in den Quellen: eine Zeile mit Datei und Zeile, sofort.
            self.kurs.pruefen()
            # Die Übungsliste: für overrides/main.html (on_env) und die Anker jeder Seite.
            self.uebungen = uebungen_je_teil(self.kurs)
        except Exception as exc:  # noqa: BLE001 - jeder Fehler beim Lesen: mit Datei und Zeile
            raise PluginError(str(verorten(exc, self.kurs.wurzel))) from None
        # Die Notebooks entstehen in der Seite, die MkDocs zu Beginn jedes Builds leert, und gehen
        # nach dem Build (oder einem Fehler) wieder: nichts in TMPDIR, nichts, was ein Abbruch liegen lässt.
        self.ordner = Path(config.site_dir) / NOTEBOOK_ORDNER
        self.jupyter = config.plugins.get("mkdocs-jupyter")
        self.notebookcache = None
        if self.jupyter:
            self.jupyter.config["cache"] = False  # Den Cache hält der Kurs (notebookcache.py).
            self.notebookcache = self._cache(config)
        self.gezeichnet = {}  # in diesem Build gezeichnete SVGs, auch wenn sie nicht gespeichert werden
        self.ablage = diagramm_html.Ablage()  # die SVGs der Seiten, bis nach der Suche (on_post_page)
        self.notebooks: dict[str, dict] = {}  # src_uri der Notebook-Seite -> Notebook
        self.programme: dict[str, list[Programm]] = {}  # src_uri -> Programme der Seite
        self.seite: Seitenbloecke | None = None
        self.gerendert: dict[str, tuple] = {}  # url -> (Seite, HTML) für die Links der Notebook-Seiten
        config.markdown_extensions.append(KursMarkdown(self._neue_seite))
        config.nav = list(config.nav or []) + [{"Übungen als Notebook": [
            {seite.titel: seite.quelle} for _, seite in self.kurs.notebook_seiten]}]
        return config

    def _cache(self, config) -> Notebookcache | None:
        """Der Cache, außer er ist aus oder sein Ordner läge, wo er schadet: in einem Ordner, den
        `mkdocs serve` beobachtet (jeder Eintrag löste einen Neubau aus), oder in docs/ und der Seite."""
        if not self.config.cache:
            return None
        wurzel = Path(config.config_file_path).parent
        ordner = (wurzel / self.config.cache_dir).resolve()
        for ort in [config.docs_dir, config.site_dir, *config.watch, *config.theme.dirs]:
            if ordner == Path(ort).resolve() or Path(ort).resolve() in ordner.parents:
                log.info(f"Cache der Notebooks aus: {ordner} liegt in {ort}, den `mkdocs serve` beobachtet oder der "
                         "in die Seite kommt. Nenne mit KURS_CACHE_DIR einen anderen Ordner.")
                return None
        return Notebookcache(ordner, KURS_CODE)

    def _neue_seite(self) -> Seitenbloecke:
        self.seite = Seitenbloecke(self.kurs)
        return self.seite

    def on_pre_build(self, config):
        if not (fehlend := diagramme.fehlende(self.kurs)):
            if diagramme.speichern_erlaubt():
                diagramme.aktualisieren(self.kurs)  # räumt nur verwaiste SVGs weg, startet keinen Browser
            return
        if grund := diagramme.chromium_fehlt():
            # INFO, nicht WARNING: Der strenge Build soll auch ohne Chromium gelingen.
            log.info(f"Diagramme: {len(fehlend)} SVGs fehlen in {diagramme.ORDNER}/ und Chromium auch ({grund}); "
                     "diese Diagramme zeichnet die Seite im Browser. Zeichnen: `uv run python -m kurs.diagramme`")
            return
        try:
            self.gezeichnet.update(diagramme.aktualisieren(self.kurs, speichern=diagramme.speichern_erlaubt()))
        except Exception as exc:  # noqa: BLE001 - jeder Fehler beim Lesen: mit Datei und Zeile
            raise PluginError(str(verorten(exc, self.kurs.wurzel))) from None

    @event_priority(100)  # vor mkdocs-jupyter, das die Notebooks unter den Dateien sucht
    def on_files(self, files, config):
        self.site_dir = Path(config["site_dir"])  # MkDocs hat ihn eben geleert: Was darin liegt, schreibt dieser Build
        try:
            geschrieben = notebooks.schreibe(self.kurs, self.ordner / NOTEBOOKS, self.kurs.site_url)
        except Exception as exc:  # noqa: BLE001 - jeder Fehler beim Lesen: mit Datei und Zeile
            raise PluginError(str(verorten(exc, self.kurs.wurzel))) from None
        for pfad, nb in geschrieben.items():
            quelle = pfad.relative_to(self.ordner).as_posix()
            files.append(File(quelle, src_dir=str(self.ordner), dest_dir=config["site_dir"],
                              use_directory_urls=config["use_directory_urls"]))
            self.notebooks[quelle] = nb
        return files

    @event_priority(-100)  # nach mkdocs-jupyter, das in on_pre_page page.render ersetzt
    def on_pre_page(self, page, config, files):
        if self.notebookcache and page.file.src_uri in self.notebooks:
            self.notebookcache.einhaengen(page, dict(self.jupyter.config))
        return page

    def on_page_markdown(self, markdown, page, config, files):
        self.seite = None
        if page.file.src_uri in self.notebooks:
            page.meta["search"] = {"exclude": True}  # Die Übungstexte findet die Suche im Kapitel.
            page.edit_url = None  # Das Notebook wird gebaut; zu bearbeiten sind docs/ und snippets/.
            return markdown
        wo = page.file.src_path
        markdown = lesezeit.einsetzen(markdown, self.kurs.docs)  # aus dem Text der Seite, vor allem Eingesetzten
        try:
            ergebnis = auswahl.auswahl_einsetzen(self.kurs, markdown, wo)
            ergebnis = hinweise.hinweise_einsetzen(self.kurs, ergebnis, wo)
            ergebnis = ergebnis.replace(auswahl.UEBUNGEN_TABELLE, auswahl.uebungen_tabelle(self.kurs))
        except KeyError as exc:
            if (self.kurs.snippets.ordner / Path(wo).stem).is_dir() and wo not in [s.quelle for s in self.kurs.nav]:
                raise PluginError(f"mkdocs.yml: nav nennt {wo} nicht. Ohne den Eintrag ist {Path(wo).stem} kein "
                                  f"Kapitel, und die Übung {exc} der Seite gibt es nicht.") from None
            raise PluginError(f"{wo}: Die Übung {exc} gibt es nicht.") from None
        except Exception as exc:  # noqa: BLE001 - jeder Fehler beim Lesen: mit Datei und Zeile
            raise PluginError(str(verorten(exc, self.kurs.wurzel))) from None
        ergebnis = repository.einsetzen(ergebnis, self.kurs.konfiguration.repository)
        if page.file.src_uri != "glossar.md":
            ergebnis += "\n\n" + glossar.abkuerzungen(self.kurs) + "\n"
        return ergebnis

    def on_env(self, env, config, files):
        env.globals["kurs_uebungen"] = self.uebungen  # overrides/main.html schreibt es in jede Seite
        env.globals["kurs_python"] = vendor.python_im_browser()  # und das an kurs-lauf.js
        vorlagen.einrichten(env, self.kurs.wurzel)  # ein Fehler in overrides/: mit Datei und Zeile
        self.env, self.namen_geprueft = env, False
        return env

    def on_page_context(self, context, page, config, nav):
        # Die Namen, die overrides/ liest, gegen den Kontext, den MkDocs den Vorlagen gibt: einmal je Build.
        if not self.namen_geprueft:
            self.namen_geprueft = True
            vorlagen.namen_pruefen(self.env, self.kurs.wurzel, set(context))
        return context

    def on_page_content(self, html_text, page, config, files):
        html_text, programme = self._inhalt(html_text, page)
        self.programme[page.file.src_uri] = programme
        self.gerendert[page.url] = page, html_text
        return html_text

    def _inhalt(self, html_text: str, page) -> tuple[str, list[Programm]]:
        if page.file.src_uri in self.notebooks:
            try:
                zur_wurzel = "../" * page.url.count("/")
                html_text, programme = notebookseiten.aufbereiten(
                    html_text, self.notebooks[page.file.src_uri], Path(page.file.src_uri).name, self.kurs,
                    zur_wurzel)
            except Exception as exc:  # noqa: BLE001 - jeder Fehler beim Lesen: mit Datei und Zeile
                raise PluginError(str(verorten(exc, self.kurs.wurzel))) from None
        else:
            programme = self.seite.bloecke if self.seite else []
        html_text = diagramm_html.einsetzen(html_text, self.kurs, self.gezeichnet, self.ablage)
        # Code bleibt aus dem Suchindex: Gesucht wird im Text, und der Index bleibt klein.
        html_text = CODEBLOCK.sub(lambda m: f"{m[0]} data-search-exclude", html_text)
        # Gleiche Farbe, ein Span (kurs/codefarben.py): weniger Elemente, dasselbe Bild.
        html_text = codefarben.zusammenfassen(html_text, codefarben.gruppen_der_seite(self.kurs))
        # Gefärbter Code bis nach der Suche als Marke (wie die SVGs): Sie liest ihn nicht, parste ihn aber,
        # und was nach hier kommt, sucht nichts in ihm.
        html_text = CODE_INHALT.sub(lambda m: self.ablage.ablegen(m[0]), html_text)
        if page.file.src_uri == "glossar.md":
            html_text = glossar.als_liste(html_text)
            # Die Anker der Begriffe (#begriff-ack) entstehen erst hier: MkDocs prüft Links auf sie auch.
            if page.present_anchor_ids is not None:
                page.present_anchor_ids |= set(glossar.ANKER.findall(html_text))
        html_text = tabellen.fuers_handy(html_text)
        html_text = glossar.erklaerung_nur_beim_ersten_mal(html_text)
        self._anker_pruefen(html_text, page)
        return html_text, programme

    def _anker_pruefen(self, html_text: str, page) -> None:
        """Jeder Anker der Übungsliste steht als id in seiner Seite; sonst zeigten die Links der
        Startseite und die Häkchen im Inhaltsverzeichnis ins Leere."""
        for teil in self.uebungen:
            for uebung in teil["uebungen"]:
                if page.url == uebung["seite"] and f'id="{uebung["anker"]}"' not in html_text:
                    raise PluginError(f"{page.file.src_path}: Anker {uebung['anker']!r} für {uebung['name']} fehlt")

    def on_post_page(self, output, page, config):
        output = self.ablage.einsetzen(output)
        # Der Browser holt die Datei erst beim ersten Klick auf Ausführen oder Prüfen.
        if programme := self.programme.get(page.file.src_uri):
            ziel = Path(config["site_dir"]) / page.file.dest_uri
            ziel.parent.mkdir(parents=True, exist_ok=True)  # MkDocs schreibt die Seite erst danach
            (ziel.parent / PROGRAMME).write_text(self._programme([p.als_daten() for p in programme]), encoding="utf-8")
        return output

    def _programme(self, bloecke: list[dict]) -> str:
        uebungen = dict.fromkeys(b["uebung"] for b in bloecke if b.get("uebung"))
        daten = {"bloecke": bloecke, "uebungen": {n: self.kurs.uebung(n).als_daten() for n in uebungen}}
        return json.dumps(daten, ensure_ascii=False)

    def _aufraeumen(self) -> None:
        if hasattr(self, "ordner"):
            shutil.rmtree(self.ordner, ignore_errors=True)

    def on_build_error(self, error):
        self._aufraeumen()
        # Kein halb geschriebener Ordner: Was dieser Build in site_dir schrieb, geht wieder (wie MkDocs
        # ihn leert, ohne versteckte Dateien).
        for pfad in Path(getattr(self, "site_dir", "/nicht-da")).glob("[!.]*"):
            if pfad.is_dir() and not pfad.is_symlink():
                shutil.rmtree(pfad, ignore_errors=True)
            else:
                pfad.unlink(missing_ok=True)
        if hasattr(self, "protokoll") and annotationen.aktiv():
            self.protokoll.zusammenfassung(error)

    # Nach Materials Suche, die search_index.json schreibt.
    @event_priority(-100)
    def on_post_build(self, config):
        self._aufraeumen()
        # Links der Notebook-Seiten: MkDocs prüft sie nicht (sie sind kein Markdown); so fällt ein Link,
        # der nur dort ins Leere führt, im Build auf, mit der Zeile im Kapitel (--strict zählt ihn).
        for kapitel, seite in self.kurs.notebook_seiten:
            for meldung in notebookseiten.links_pruefen(self.kurs, kapitel, seite.url, self.gerendert,
                                                        Path(config["site_dir"])):
                log.warning(meldung)
        index = Path(config["site_dir"]) / "search" / "search_index.json"
        if index.is_file():
            for meldung in suchindex.aufbereiten(index, self.kurs):
                log.warning(meldung)
        # kurs/lauf.py (mit allem, was es importiert) und kurs/nachladen.py (vendor.KURS_IM_BROWSER) sind die
        # eine Quelle; der Browser lädt sie als Dateien der Seite, erst mit Python (docs/assets/kurs-worker.js).
        for name in ohne_kommentare.DATEIEN:
            datei = Path(config["site_dir"]) / "assets" / name
            if datei.is_file():
                datei.write_text(ohne_kommentare.ohne_kommentare(name, datei.read_text(encoding="utf-8")),
                                 encoding="utf-8")
        ziel = Path(config["site_dir"]) / "assets" / "kurs"
        ziel.mkdir(parents=True, exist_ok=True)
        for datei in vendor.KURS_IM_BROWSER:
            shutil.copyfile(Path(__file__).parent.parent / datei, ziel / datei)
