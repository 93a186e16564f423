"""MkDocs-Hooks des Kurses: Sie bauen, was die Seite zeigt, aus dem Kursmodell (kurs/modell.py).

- Notebooks: Je Kapitel mit Übungen ein Notebook und eine Seite dazu (kurs/notebooks.py),
  bei jedem Build in einem temporären Ordner; im Repository liegt keine Kopie.
- Ausführen im Browser: Jeder Python-Block bekommt `data-lauf` mit seiner Nummer; was er
  ausführt, steht in programme.json neben der Seite. docs/assets/kurs-lauf.js führt es mit
  Pyodide und kurs/lauf.py aus, wie die Tests.
- Auswahlfragen: `<!-- quiz: teil-2/uebung-3 -->` (aus der Prüfung der Übung) und
  `<!-- kurz-geprueft: teil-1/schritt-2 -->` (eine Frage nach jedem Schritt) werden zur
  Auswahl mit Erklärung je Option. Ohne JavaScript und ohne Python.
- Übungstabelle: `<!-- uebungen-tabelle -->` wird zur Tabelle aller Übungen.
- Glossar: docs/glossar.md ist die eine Quelle der Begriffe; jede andere Seite bekommt
  daraus Abkürzungen (`*[Begriff]: Bedeutung`), die Material beim Zeigen erklärt.
- Diagramme: Jeder ```mermaid-Block wird zu statischem SVG, hell und dunkel, aus diagramme/
  (kurs/diagramme.py); fehlt ein SVG und Chromium, zeichnet ihn die Seite wie früher im Browser.
- Code: Pygments-Spans gleicher Farbe werden einer, schlichte zu Text (kurs/codefarben.py):
  weniger Elemente, dasselbe Bild. Pygments rechnet nur für geänderte Blöcke (kurs/hervorhebung.py).
- Dein Fortschritt: Die Übungsliste (kurs/fortschritt.py) steht als JSON in jeder Seite
  (overrides/main.html); docs/assets/kurs-fortschritt.js zeigt, was bestanden ist.
"""

import html
import json
import logging
import re
import shutil
import tempfile
from pathlib import Path

import jinja2
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File

from kurs import codefarben, diagramme, hervorhebung, notebooks
from kurs.fortschritt import uebungen_je_teil
from kurs.modell import KURZ_GEPRUEFT, NOTEBOOKS, QUIZ, Kurs, ModellFehler, Quiz

# Was wie eine Auswahl-Zeile aussieht: Bleibt davon etwas übrig, ist sie vertippt.
AUSWAHL_VERSUCH = re.compile(r"<!--\s*(quiz|kurz)", re.I)
INLINE_CODE = re.compile(r"`([^`]+)`")
UEBUNGEN_TABELLE = "<!-- uebungen-tabelle -->"
PROGRAMME = "programme.json"

# Lebt so lange wie der MkDocs-Prozess; `mkdocs serve` lädt die Hooks bei jedem Neubau neu.
_ORDNER = tempfile.TemporaryDirectory(prefix="kurs-notebooks-")
_kurs: Kurs | None = None
_notebooks: dict[str, dict] = {}  # Quelle der Notebook-Seite -> Notebook
_gezeichnet: dict = {}  # in diesem Build gezeichnete SVGs, auch wenn sie nicht gespeichert werden
log = logging.getLogger("mkdocs.hooks.kurs")


def on_config(config):
    global _kurs
    hervorhebung.einschalten()  # Pygments nur für geänderte Codeblöcke (kurs/hervorhebung.py)
    _kurs = Kurs(Path(config.config_file_path).parent)  # neu bei jedem Build: Quellen können sich ändern
    config.nav = list(config.nav or []) + [{"Übungen als Notebook": [
        {seite.titel: seite.quelle} for _, seite in _kurs.notebook_seiten]}]
    return config


def on_pre_build(config):
    _gezeichnet.clear()
    if not (fehlend := diagramme.fehlende(_kurs)):
        if diagramme.speichern_erlaubt():
            diagramme.aktualisieren(_kurs)  # räumt nur verwaiste SVGs weg, startet keinen Browser
        return
    if grund := diagramme.chromium_fehlt():
        # INFO, nicht WARNING: Der strenge Build soll auch ohne Chromium gelingen.
        log.info(f"Diagramme: {len(fehlend)} SVGs fehlen in {diagramme.ORDNER}/ und Chromium auch ({grund}); "
                 "diese Diagramme zeichnet die Seite im Browser. Zeichnen: uv run python -m kurs.diagramme")
        return
    _gezeichnet.update(diagramme.aktualisieren(_kurs, speichern=diagramme.speichern_erlaubt()))


@event_priority(100)
def on_files(files, config):
    basis = _kurs.site_url  # Links im Notebook zeigen auf die Seite
    ordner = Path(_ORDNER.name)
    _notebooks.clear()
    try:
        pfade = notebooks.schreibe(_kurs, ordner / NOTEBOOKS, basis)
    except ModellFehler as exc:
        raise PluginError(str(exc)) from None
    for pfad in pfade:
        quelle = pfad.relative_to(ordner).as_posix()
        files.append(File(quelle, src_dir=str(ordner), dest_dir=config["site_dir"],
                          use_directory_urls=config["use_directory_urls"]))
        if pfad.suffix == ".ipynb":
            _notebooks[quelle.removesuffix(".ipynb") + ".md"] = json.loads(pfad.read_text(encoding="utf-8"))
    return files


def _text(text: str) -> str:
    # Im HTML-Block wirkt kein Markdown: `Code` wird hier zu <code>.
    return INLINE_CODE.sub(r"<code>\1</code>", html.escape(text))


def quiz_html(quiz: Quiz) -> str:
    """Eine Auswahl als Radio-Gruppe: Die Erklärung jeder Option erscheint mit CSS, sobald sie
    gewählt ist (docs/assets/kurs.css), auch ohne JavaScript. Vorgelesen wird sie über die
    Ansage am Ende: Ein Bereich, der von display:none auf sichtbar wechselt, wird oft nicht
    angesagt; docs/assets/kurs-fortschritt.js schreibt die gewählte Erklärung hinein."""
    legende = _text(quiz.frage) if quiz.frage else "Wähle eine Option; die Begründung erscheint darunter."
    art_der_frage = "quiz kurz-geprueft" if quiz.frage else "quiz"
    zeilen = [f'<fieldset class="{art_der_frage}" id="{quiz.gruppe}">', f"<legend>{legende}</legend>"]
    for wahl, option in quiz.optionen.items():
        urteil = "Richtig." if wahl == quiz.richtig else "Passt nicht."
        art = "quiz-richtig" if wahl == quiz.richtig else "quiz-falsch"
        zeilen += [
            '<div class="quiz-option">',
            f'<input type="radio" name="{quiz.gruppe}" id="{quiz.gruppe}-{wahl}" value="{wahl}">',
            f'<label for="{quiz.gruppe}-{wahl}"><strong>{wahl}</strong> {_text(option["text"])}</label>',
            f'<p class="quiz-erklaerung {art}"><strong>{urteil}</strong> '
            f'{_text(option["erklaerung"])}</p>',
            "</div>",
        ]
    zeilen += ['<p class="quiz-ansage" aria-live="polite"></p>', "</fieldset>"]
    return "\n".join(zeilen)


def auswahl_einsetzen(kurs: Kurs, markdown: str, wo: str) -> str:
    """Ersetzt jede Auswahl-Zeile durch ihre Auswahl; eine vertippte Zeile bricht den Build ab."""
    markdown = re.sub(QUIZ.pattern, lambda m: quiz_html(kurs.uebung(m["uebung"]).quiz), markdown, flags=re.M)
    markdown = re.sub(KURZ_GEPRUEFT.pattern, lambda m: quiz_html(kurs.frage(m["name"])), markdown, flags=re.M)
    if rest := AUSWAHL_VERSUCH.search(markdown):
        zeile = markdown[rest.start():].split("\n", 1)[0]
        raise PluginError(f"{wo}: Zeile nicht erkannt: {zeile!r}. Form, allein in einer Zeile: "
                          "<!-- quiz: teil-2/uebung-3 --> oder <!-- kurz-geprueft: teil-2/schritt-1 -->")
    return markdown


def uebungen_tabelle() -> str:
    zeilen = ["| Übung | Was deine Datei definiert |", "|---|---|"]
    for kapitel in _kurs.kapitel:
        for u in kapitel.uebungen:
            namen = ", ".join(f"`{n}`" for n in u.definiert)
            # Link ohne Code-Schrift: Code in einem Link ist im dunklen Schema zu blass (axe-core).
            zeilen.append(f"| [{u.name}]({kapitel.seite.name}#{u.anker}) | {namen} |")
    return "\n".join(zeilen)


def abkuerzungen() -> str:
    return "\n".join(f"*[{e['Begriff']}]: {e['Bedeutung']}" for e in _kurs.glossar)


def on_page_markdown(markdown, page, config, files):
    wo = page.file.src_path
    try:
        if page.file.src_uri in _notebooks:
            page.meta["kurs_bloecke"] = notebooks.code_zellen(_notebooks[page.file.src_uri])
            page.edit_url = None  # Das Notebook wird gebaut; zu bearbeiten sind docs/ und snippets/.
            return markdown
        page.meta["kurs_bloecke"] = _kurs.bloecke_der_seite(Path(page.file.abs_src_path), markdown)
        ergebnis = auswahl_einsetzen(_kurs, markdown, wo)
    except ModellFehler as exc:
        raise PluginError(str(exc)) from None
    except KeyError as exc:
        raise PluginError(f"{wo}: Die Übung {exc} gibt es nicht.") from None
    ergebnis = ergebnis.replace(UEBUNGEN_TABELLE, uebungen_tabelle())
    if page.file.src_uri != "glossar.md":
        ergebnis += "\n\n" + abkuerzungen() + "\n"
    return ergebnis


PYTHON_BLOCK = re.compile(r'<div class="language-python highlight" data-search-exclude')
# Der ganze Block: Sein Code ist escaped, enthält also kein </code></pre></div>.
PYTHON_BLOCK_GANZ = re.compile(f"(?P<anfang>{PYTHON_BLOCK.pattern})(?P<rest>.*?</code></pre></div>)", re.S)
CODEBLOCK = re.compile(r'<div class="language-\w+ highlight"')
ABKUERZUNG = re.compile(r'<abbr title="[^"]*">([^<]*)</abbr>')
UEBERSCHRIFT = re.compile(r"<h([1-6])\b.*?</h\1>", re.S)


def erklaerung_nur_beim_ersten_mal(html_text: str) -> str:
    """Ein Begriff erklärt sich beim ersten Vorkommen im Text, nicht in Überschriften
    und nicht bei jeder Wiederholung: Das hält den Text ruhig."""
    html_text = UEBERSCHRIFT.sub(lambda m: ABKUERZUNG.sub(r"\1", m[0]), html_text)
    gesehen = set()

    def einmal(m):
        if m[1] in gesehen:
            return m[1]
        gesehen.add(m[1])
        return m[0]

    return ABKUERZUNG.sub(einmal, html_text)


def attribute(nummer: int, block) -> str:
    """Was docs/assets/kurs-lauf.js schon zum Einrichten braucht; alles andere steht in PROGRAMME."""
    werte = {"data-lauf": nummer}
    if hasattr(block, "rolle"):
        werte |= {"data-uebung": block.uebung, "data-rolle": block.rolle}
    return " ".join(f'{name}="{html.escape(str(wert), quote=True)}"' for name, wert in werte.items())


def on_env(env, config, files):
    # Jinja übersetzt sonst bei jedem Build (und jedem Neubau von `mkdocs serve`) alle
    # Vorlagen von Material neu. Der Cache liegt im Temp-Ordner; sein Schlüssel ist der
    # Quelltext der Vorlage, eine geänderte Vorlage wird also neu übersetzt.
    env.bytecode_cache = jinja2.FileSystemBytecodeCache()
    env.globals["kurs_uebungen"] = uebungen_je_teil(_kurs)  # overrides/main.html schreibt es in jede Seite
    return env


def anker_pruefen(html_text: str, page) -> None:
    """Jeder Anker der Übungsliste steht als id in seiner Seite; sonst zeigten die Links der
    Startseite und die Häkchen im Inhaltsverzeichnis ins Leere."""
    for teil in uebungen_je_teil(_kurs):
        for uebung in teil["uebungen"]:
            if page.url == uebung["seite"] and f'id="{uebung["anker"]}"' not in html_text:
                raise PluginError(f"{page.file.src_path}: Anker {uebung['anker']!r} für {uebung['name']} fehlt")


def on_page_content(html_text, page, config, files):
    html_text = diagramme.einsetzen(html_text, _kurs, _gezeichnet)
    html_text = erklaerung_nur_beim_ersten_mal(html_text)
    anker_pruefen(html_text, page)
    # Code bleibt aus dem Suchindex: Gesucht wird im Text, und der Index bleibt klein.
    html_text = CODEBLOCK.sub(lambda m: f"{m[0]} data-search-exclude", html_text)
    # Gleiche Farbe, ein Span (kurs/codefarben.py): weniger Elemente, dasselbe Bild.
    html_text = codefarben.zusammenfassen(html_text, codefarben.gruppen_der_seite(_kurs))
    bloecke = page.meta.get("kurs_bloecke")
    if not bloecke:
        return html_text
    gefunden = len(PYTHON_BLOCK.findall(html_text))
    if gefunden != len(bloecke):
        raise PluginError(
            f"{page.file.src_path}: {gefunden} Python-Blöcke im HTML, aber {len(bloecke)} "
            "aus Snippets. Steht Python-Code direkt in der Seite?"
        )
    nummern = iter(enumerate(bloecke))
    return PYTHON_BLOCK_GANZ.sub(lambda m: mit_leiste(m, *next(nummern)), html_text)


def mit_leiste(block: re.Match, nummer: int, programm) -> str:
    """Der Block mit seinen Daten und dahinter Knöpfe und Ergebnis für kurs-lauf.js. Sie stehen
    schon im HTML: Fügte das Skript sie beim Laden ein, rechnete der Browser die Stile des ganzen
    Artikels neu. Ohne JavaScript blendet kurs.css die Knöpfe aus (.no-js).

    Die Hinweise der Knöpfe stehen nicht in title, sondern in data-kurs-hinweis; kurs-lauf.js
    macht sie beim ersten Zeigen oder Fokus zum title. Mit title im HTML richtete Material
    (content.tooltips) beim Laden für jeden Knopf einen eigenen Tooltip ein: auf Teil 2 für
    37 Knöpfe, rund 80 ms mehr Blockierzeit (Lighthouse mobil). Den Tastenkürzel nennt
    aria-keyshortcuts gleich."""
    knoepfe = [("ausfuehren", "Ausführen", "Strg+Enter")]
    if getattr(programm, "rolle", None) == "vorlage":
        knoepfe.append(("pruefen", "Prüfen", "Strg+Enter"))
    knoepfe += [("stopp", "Stopp", None), ("zuruecksetzen", "Zurücksetzen", "Den ursprünglichen Code wiederherstellen")]
    leiste = "".join(
        f'<button type="button" class="md-button kurs-knopf" data-kurs-knopf="{art}"'
        + (f' data-kurs-hinweis="{hinweis}"' if hinweis else "")
        + (' aria-keyshortcuts="Control+Enter"' if hinweis == "Strg+Enter" else "")
        + (" hidden" if art == "stopp" else "") + f">{text}</button>"
        for art, text, hinweis in knoepfe)
    return (f"{block['anfang']} {attribute(nummer, programm)}{block['rest']}"
            f'<div class="kurs-leiste">{leiste}</div><div class="kurs-ergebnis" role="status" aria-live="polite"></div>')


def on_post_page(output, page, config):
    # Der Browser holt die Datei erst beim ersten Klick auf Ausführen oder Prüfen.
    bloecke = page.meta.get("kurs_bloecke")
    if bloecke:
        ziel = Path(config["site_dir"]) / page.file.dest_uri
        ziel.parent.mkdir(parents=True, exist_ok=True)  # MkDocs schreibt die Seite erst danach
        daten = _kurs.programme_json(bloecke)
        (ziel.parent / PROGRAMME).write_text(json.dumps(daten, ensure_ascii=False), encoding="utf-8")
    return output


def on_post_build(config):
    hervorhebung.speichern()
    # kurs/lauf.py ist die eine Quelle; der Browser lädt sie als Datei der Seite.
    ziel = Path(config["site_dir"]) / "assets" / "kurs" / "lauf.py"
    ziel.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(Path(__file__).with_name("lauf.py"), ziel)
