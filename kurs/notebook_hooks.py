"""MkDocs-Hooks: Die Übungs-Notebooks (kurs/notebooks.py) als Seiten.

Die Notebooks entstehen bei jedem Build aus docs/ und snippets/ in einem temporären
Ordner; im Repository liegt keine zweite Kopie. mkdocs-jupyter macht daraus Seiten und
legt die .ipynb-Datei neben die Seite (include_source).
"""

import re
import tempfile
from pathlib import Path

from mkdocs.plugins import event_priority
from mkdocs.structure.files import File

from kurs import notebooks
from kurs.programme import attribute
from kurs.pruefen import Uebung

# Lebt so lange wie der MkDocs-Prozess; `mkdocs serve` lädt die Hooks bei jedem Neubau neu.
_ORDNER = tempfile.TemporaryDirectory(prefix="kurs-notebooks-")


@event_priority(100)  # vor mkdocs-jupyter, damit es die neuen Dateien als Seiten erkennt
def on_files(files, config):
    basis = config["site_url"].rstrip("/") + "/"  # Links im Notebook zeigen auf die Seite
    for pfad in notebooks.schreibe(Path(_ORDNER.name) / notebooks.ORDNER, basis):
        files.append(File(
            f"{notebooks.ORDNER}/{pfad.name}", src_dir=_ORDNER.name,
            dest_dir=config["site_dir"], use_directory_urls=config["use_directory_urls"],
        ))
    return files


# --- Die Seite schlank und im Stil der übrigen Seiten -------------------------------
# mkdocs-jupyter bettet 600 KB JupyterLab-CSS, einen Kopierknopf mit eigenem Skript,
# MathJax- und Mermaid-Lader (von einem CDN) in jede Seite ein. Die Übungen brauchen
# nichts davon: Ohne sie gestaltet Material die Zellen wie jeden anderen Codeblock, im
# hellen wie im dunklen Farbschema, mit Materials eigenem Kopierknopf.

ENTFERNEN = [
    re.compile(r"<style\b.*?</style>", re.S),
    re.compile(r"<script\b.*?</script>", re.S),
    re.compile(r"<!-- (?:Load mathjax|MathJax configuration|End of mathjax configuration|End of mermaid configuration) -->"),
    # Der Kopierknopf von mkdocs-jupyter samt einer zweiten Kopie jedes Zellcodes.
    re.compile(r'<div class="zeroclipboard-container">.*?</clipboard-copy>\s*</div>', re.S),
    re.compile(r'<div [^>]*\bclass="clipboard-copy-txt"[^>]*>.*?</div>', re.S),
    # Die Tags der Zellen (kontext, vorlage, pruefung) sind für Tests und Jupyter, nicht zum Lesen.
    re.compile(r'<div class="celltoolbar">(?:\s*<div class="button_container tags_button_container">.*?</div>)*\s*</div>', re.S),
]
CODE = re.compile(r'<div class="highlight-ipynb hl-python\s*"><pre>(?:<span></span>)?(.*?)</pre></div>', re.S)
PRUEFZELLE = re.compile(r'<div class="jp-Cell jp-CodeCell [^"]*\bcelltag_pruefung\b[^"]*"')
DIV = re.compile(r"<div\b|</div>")


def _div_ende(html: str, start: int) -> int:
    """Das Ende des <div>, das bei `start` beginnt (Zellcode ist maskiert, enthält kein <div)."""
    tiefe = 0
    for m in DIV.finditer(html, start):
        tiefe += 1 if m[0] == "<div" else -1
        if tiefe == 0:
            return m.end()
    raise ValueError("Notebook-HTML: <div> ohne Ende")


def pruefzellen_einklappen(html: str) -> str:
    """Jede Prüfzelle eingeklappt wie „So wird geprüft“ im Kapitel: Sie verrät sonst die Antwort."""
    teile, pos = [], 0
    while m := PRUEFZELLE.search(html, pos):
        ende = _div_ende(html, m.start())
        teile += [html[pos:m.start()], '<details class="example"><summary>So wird geprüft</summary>',
                  html[m.start():ende], "</details>"]
        pos = ende
    return "".join(teile) + html[pos:]


def schlank(html: str) -> str:
    for muster in ENTFERNEN:
        html = muster.sub("", html)
    # Materials Klassen: Codeblock mit Hervorhebung und Kopierknopf, Ankerlink „¶“ erst beim Zeigen.
    html = CODE.sub(r'<div class="highlight"><pre><span></span><code>\1</code></pre></div>', html)
    html = html.replace('class="anchor-link"', 'class="headerlink"')
    return pruefzellen_einklappen(html)


def herunterladen(html: str, datei: str) -> str:
    """Der Download-Link unter der Überschrift; relativ, also richtig unter jedem Pfad der Seite."""
    link = f'<p><a href="{datei}" download class="md-button md-button--primary">Notebook herunterladen</a></p>'
    return html.replace("</h1>", "</h1>\n" + link, 1)


def ist_notebook(page) -> bool:
    return page.file.src_uri.startswith(f"{notebooks.ORDNER}/") and page.file.src_uri.endswith(".ipynb")


def on_page_content(html, page, config, files):
    if not ist_notebook(page):
        return html
    page.edit_url = None  # Das Notebook wird gebaut; zu bearbeiten sind docs/ und snippets/.
    # Die Übungstexte stehen auch im Kapitel: Die Suche führt dorthin, und der Index
    # bleibt klein.
    page.meta["search"] = {"exclude": True}
    html, page.meta["kurs_programme"] = ausfuehrbar(schlank(html), page.file.name)
    return herunterladen(html, page.file.name + ".ipynb")


ZELLCODE = re.compile(r'<div class="highlight"><pre><span></span><code>')


def ausfuehrbar(html: str, name: str) -> tuple[str, dict]:
    """Jede Codezelle bekommt „Ausführen“, die Vorlage „Prüfen“, wie im Kapitel
    (docs/assets/kurs-lauf.js). Die Musterlösung bleibt auch hier weg: Die Prüfzelle
    prüft, was in der Vorlage steht. Gibt das HTML und die Daten für programme.json."""
    teil = name.removeprefix("uebungen-")
    zellen = [z for z in notebooks.notebook(teil).cells if z.cell_type == "code"]
    if len(ZELLCODE.findall(html)) != len(zellen):
        raise ValueError(f"{name}: {len(zellen)} Codezellen im Notebook, aber andere Zahl im HTML")
    bloecke = [{"uebung": z.metadata.kurs.uebung, "rolle": z.metadata.kurs.rolle, "code": z.source + "\n"} for z in zellen]
    nummern = iter(enumerate(bloecke))
    html = ZELLCODE.sub(lambda m: f'<div class="language-python highlight" {attribute(*next(nummern))}><pre><span></span><code>', html)
    uebungen = {}
    for b in bloecke:
        u = Uebung(b["uebung"])
        uebungen[b["uebung"]] = {"kontext": u.kontext, "vorlage": u.vorlage, "pruefung": u.pruefung}
    return html, {"bloecke": bloecke, "uebungen": uebungen}
