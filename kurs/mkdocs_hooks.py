"""MkDocs-Hooks des Kurses.

Glossar: docs/glossar.md ist die eine Quelle der Begriffe. Jede andere Seite
bekommt daraus Abkürzungen (`*[Begriff]: Bedeutung`), die Material beim Zeigen
mit der Maus erklärt.

Ausführen im Browser: Jeder Python-Block bekommt `data-lauf` mit seiner Nummer; was jeder
Block ausführt, steht in programme.json neben der Seite (kurs/programme.py), und
docs/assets/kurs-lauf.js führt es mit Pyodide und kurs/lauf.py aus.

Quiz: Eine Zeile `<!-- quiz: teil-2/uebung-3 -->` in einer Seite wird zur
Auswahl mit Begründung je Option. Optionen, Begründungen und die richtige Antwort
stehen nur in der Prüfung der Übung (snippets/<übung>/pruefung.md); Seite und
Tests lesen dieselbe Quelle. Die Auswahl braucht kein JavaScript und kein Python.
"""

import ast
import html
import re
import shutil
from pathlib import Path

from mkdocs.exceptions import PluginError

from kurs import kurz_geprueft
from kurs.programme import als_datei, attribute, programme
from kurs.zusammensetzen import WURZEL, python_code

QUIZ = re.compile(r"^<!-- quiz: (?P<uebung>[\w/-]+) -->$", re.M)


def quiz_daten(uebung: str) -> tuple[dict, str]:
    """OPTIONEN und RICHTIG aus der Prüfung der Übung."""
    werte = {}
    for knoten in ast.parse(python_code(f"{uebung}/pruefung.md")).body:
        if isinstance(knoten, ast.Assign) and len(knoten.targets) == 1:
            ziel = knoten.targets[0]
            if isinstance(ziel, ast.Name) and ziel.id in ("OPTIONEN", "RICHTIG"):
                werte[ziel.id] = ast.literal_eval(knoten.value)
    return werte["OPTIONEN"], werte["RICHTIG"]


def quiz_html(uebung: str) -> str:
    optionen, richtig = quiz_daten(uebung)
    gruppe = "quiz-" + uebung.replace("/", "-")
    zeilen = [f'<fieldset class="quiz" id="{gruppe}">', "<legend>Wähle eine Option; die Begründung erscheint darunter.</legend>"]
    for wahl, option in optionen.items():
        urteil = "Richtig." if wahl == richtig else "Passt nicht."
        art = "quiz-richtig" if wahl == richtig else "quiz-falsch"
        zeilen += [
            '<div class="quiz-option">',
            f'<input type="radio" name="{gruppe}" id="{gruppe}-{wahl}" value="{wahl}">',
            f'<label for="{gruppe}-{wahl}"><strong>{wahl}</strong> {html.escape(option["text"])}</label>',
            f'<p class="quiz-erklaerung {art}"><strong>{urteil}</strong> {html.escape(option["begruendung"])}</p>',
            "</div>",
        ]
    zeilen.append("</fieldset>")
    return "\n".join(zeilen)


def glossar(docs_dir: str | Path) -> list[dict]:
    """Die Zeilen der Tabelle in docs/glossar.md als Dicts (Begriff, Englisch, Bedeutung, Im Kurs)."""
    zeilen = [z for z in (Path(docs_dir) / "glossar.md").read_text(encoding="utf-8").splitlines()
              if z.startswith("|")]
    spalten = [z.strip() for z in zeilen[0].strip("|").split("|")]
    return [dict(zip(spalten, (z.strip() for z in zeile.strip("|").split("|")), strict=True))
            for zeile in zeilen[2:]]


def abkuerzungen(docs_dir: str | Path) -> str:
    return "\n".join(f"*[{e['Begriff']}]: {e['Bedeutung']}" for e in glossar(docs_dir))


def on_page_markdown(markdown, page, config, files):
    ergebnis = QUIZ.sub(lambda m: quiz_html(m["uebung"]), markdown)
    ergebnis = kurz_geprueft.einsetzen(ergebnis, page.file.src_path)  # „Kurz geprüft“ nach jedem Schritt
    page.meta["kurs_programme"] = programme(ergebnis)
    if page.file.src_uri != "glossar.md":
        ergebnis += "\n\n" + abkuerzungen(config["docs_dir"]) + "\n"
    if "<!-- quiz" in ergebnis:  # ein vertippter Marker verschwände sonst still
        raise PluginError(f"{page.file.src_path}: Quiz-Zeile nicht erkannt; Form: <!-- quiz: teil-2/uebung-3 -->")
    return ergebnis


PYTHON_BLOCK = re.compile(r'<div class="language-python highlight" data-search-exclude')


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


def on_page_content(html_text, page, config, files):
    html_text = erklaerung_nur_beim_ersten_mal(html_text)
    # Code bleibt aus dem Suchindex: Gesucht wird im Text, und der Index bleibt klein.
    html_text = CODEBLOCK.sub(lambda m: f"{m[0]} data-search-exclude", html_text)
    daten = page.meta.get("kurs_programme")
    if not daten or not daten["bloecke"]:
        return html_text
    gefunden = len(PYTHON_BLOCK.findall(html_text))
    if gefunden != len(daten["bloecke"]):
        raise PluginError(
            f"{page.file.src_path}: {gefunden} Python-Blöcke im HTML, aber {len(daten['bloecke'])} "
            "aus Snippets. Steht Python-Code direkt in der Seite?"
        )
    nummern = iter(enumerate(daten["bloecke"]))
    return PYTHON_BLOCK.sub(lambda m: f"{m[0]} {attribute(*next(nummern))}", html_text)


def on_post_page(output, page, config):
    # Auch für die Notebook-Seiten (kurs/notebook_hooks.py legt ihre Daten hier ab).
    daten = page.meta.get("kurs_programme")
    if daten and daten["bloecke"]:
        als_datei(daten, Path(config["site_dir"]) / page.file.dest_uri)
    return output


def on_post_build(config):
    # kurs/lauf.py ist die eine Quelle; der Browser lädt sie als Datei der Seite.
    ziel = Path(config["site_dir"]) / "assets" / "kurs" / "lauf.py"
    ziel.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(WURZEL / "kurs" / "lauf.py", ziel)
