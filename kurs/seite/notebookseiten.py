"""Die Notebook-Seiten: mkdocs-jupyter rendert die Übungs-Notebooks, dieses Modul macht daraus
eine Seite wie jede andere des Kurses.

nbconvert (in mkdocs-jupyter) schreibt eine ganze JupyterLab-Oberfläche: rund 600 KB Stile,
MathJax von einem CDN, Mermaid von einem CDN und einen Kopierknopf mit eigenem Skript. Der Kurs
braucht nichts davon (keine Formeln, keine Diagramme, Material hat einen Kopierknopf). Darum
fallen Stile und Skripte weg, und jede Codezelle wird ein Codeblock, wie Material ihn zeichnet,
mit Ausführen und Prüfen. Welche Zelle was ist, sagt ihr Code: Er ist genau die Quelle einer
Codezelle des Notebooks, deren Metadaten Übung und Rolle nennen (kurs/notebooks.py).
"""

import html
import posixpath
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

from kurs.modell import Kapitel, Kurs, Programm, QuellenFehler
from kurs.seite.codebloecke import mit_leiste
from kurs.seite.meldungen import fundstelle

WEG = [re.compile(m, re.S) for m in (
    r"<style\b.*?</style>",
    r"<script\b.*?</script>",
    r'<div class="zeroclipboard-container">.*?</clipboard-copy>\s*</div>',
    r'<div class="celltoolbar">.*?</span>\s*</span>\s*</div>\s*</div>',
    r'<div class="clipboard-copy-txt"[^>]*>[^<]*</div>',  # der Code noch einmal, für den Kopierknopf
)]
CODEZELLE = re.compile(r'<div class="highlight-ipynb hl-python"><pre><span></span>(?P<code>.*?)</pre></div>', re.S)
TAG = re.compile(r"<[^>]+>")
# Was der Browser von allein lädt (Links folgt er erst auf einen Klick).
FREMD = re.compile(r'(?:\ssrc="|<link\b[^>]*\shref=")(?:https?:)?//', re.I)


def aufbereiten(html_text: str, nb: dict, datei: str, kurs: Kurs, zur_wurzel: str) -> tuple[str, list[Programm]]:
    """Die Seite ohne Stile und Skripte von nbconvert, jede Codezelle mit ihren Knöpfen; dazu die
    Programme der Zellen (programme.json). Links auf die Seite, im Notebook absolut (site_url),
    führen hier relativ dorthin (`zur_wurzel`, etwa "../../")."""
    html_text = html_text.replace(f'href="{kurs.site_url}', f'href="{zur_wurzel}')
    for muster in WEG:
        html_text = muster.sub("", html_text)
    html_text = html_text.replace(' tabindex="0"', "")  # nbconvert macht jede Zelle fokussierbar
    # Der Link an jeder Überschrift, wie Material ihn zeigt: erst beim Zeigen auf die Überschrift.
    html_text = html_text.replace('<a class="anchor-link" ', '<a class="headerlink" ')
    zellen = {z["source"].rstrip("\n") + "\n": z["metadata"]["kurs"] for z in nb["cells"] if z["cell_type"] == "code"}
    programme: list[Programm] = []
    vorlagen: dict[str, int] = {}

    def codeblock(m: re.Match) -> str:
        code = html.unescape(TAG.sub("", m["code"])).rstrip("\n") + "\n"
        if code not in zellen:
            raise QuellenFehler(datei, f"Eine Codezelle passt zu keiner Zelle des Notebooks: {code[:60]!r}")
        uebung, rolle = zellen[code]["uebung"], zellen[code]["rolle"]
        programm = zellen_programm(kurs, uebung, rolle, code, vorlagen)
        nummer = len(programme)
        programme.append(programm)
        if rolle == "vorlage":
            vorlagen[uebung] = nummer
        block = mit_leiste(f'<div class="language-python highlight"><pre><span></span><code>{m["code"]}</code></pre></div>',
                           nummer, programm)
        if rolle == "pruefung":  # eingeklappt wie „So wird geprüft“ im Kapitel: Sie verrät sonst die Antwort
            return f'<details class="example"><summary>So wird geprüft</summary>{block}</details>'
        return block

    html_text = CODEZELLE.sub(codeblock, html_text)
    if fremd := FREMD.search(html_text):
        raise QuellenFehler(datei, f"Die Notebook-Seite lädt von einem fremden Server: {html_text[fremd.start():][:80]!r}")
    knopf = (f'<p><a href="{datei}" class="md-button md-button--primary" download="{datei}">'
             "Notebook herunterladen</a></p>")
    return html_text.replace("</h1>", "</h1>" + knopf, 1), programme


def zellen_programm(kurs: Kurs, uebung: str, rolle: str, code: str, vorlagen: dict[str, int]) -> Programm:
    """Kontext und Vorlage laufen wie im Kapitel. Die Prüfzelle prüft, was in der Vorlage steht:
    Das Notebook zeigt keine Musterlösung."""
    u = kurs.uebung(uebung)
    if rolle == "kontext":
        return Programm("lauf", ("", None, ""), None, uebung, rolle)
    if rolle == "pruefung":
        if uebung not in vorlagen:
            raise QuellenFehler(uebung, "Im Notebook steht die Prüfzelle vor der Vorlage.")
        return Programm("pruefe", (u.kontext, vorlagen[uebung], None), None, uebung, rolle)
    return kurs.programm(f"{uebung}/{rolle}.md", code)


HREF = re.compile(r'<a\b[^>]*\shref="(?P<ziel>[^"]+)"')


def links_pruefen(kurs: Kurs, kapitel: Kapitel, url: str, gerendert: dict[str, tuple], site: Path) -> list[str]:
    """Jeder Link der Notebook-Seite unter `url` auf eine Seite des Kurses führt zu ihr und ihrem Anker;
    je Link ins Leere eine Meldung mit der Zeile im Kapitel, aus dem der Text kommt."""
    if url not in gerendert:
        return []
    meldungen = []
    for m in HREF.finditer(gerendert[url][1]):
        ziel = urlsplit(html.unescape(m["ziel"]))
        if ziel.scheme or ziel.netloc or not ziel.path or ziel.path.endswith(".ipynb"):
            continue  # fremd, auf dieser Seite, oder das Notebook zum Herunterladen
        pfad = posixpath.normpath(posixpath.join(posixpath.dirname(url.rstrip("/") + "/x"), unquote(ziel.path)))
        seite_url = "" if pfad in (".", "index.html") else pfad.removesuffix("index.html").rstrip("/") + "/"
        if seite_url in gerendert:
            seite = gerendert[seite_url][0]
            if not ziel.fragment or seite.present_anchor_ids is None or ziel.fragment in seite.present_anchor_ids:
                continue
            problem = f"{seite.file.src_uri} hat keinen Anker '#{ziel.fragment}'"
        elif (site / pfad).exists():
            continue
        else:
            problem = f"Die Seite {pfad} gibt es nicht"
        quelle = seite_url.rstrip("/") + ".md" if seite_url else "index.md"
        anker = f"#{ziel.fragment}" if ziel.fragment else ""
        if any(link and ":" in fundstelle(kurs, kapitel.seite.name, link) for link in (f"{quelle}{anker}", anker)):
            continue  # ein Link des Kapitels: Den meldet MkDocs dort schon, mit derselben Zeile
        wo = fundstelle(kurs, kapitel.seite.name, html.unescape(m["ziel"]))
        meldungen.append(f"{wo}: Der Link '{m['ziel']}' der Notebook-Seite {url} führt ins Leere: {problem}.")
    return meldungen
