"""Was die Suche von einer Seite liest: der Text, ohne Code und ohne die Zeichnung der Diagramme.

Materials Suche zerlegt `page.content` jeder Seite mit html.parser, auch die Teile, die sie
nicht in den Index nehmen soll: die Spans jedes Codeblocks (data-search-exclude) und beide SVGs
jedes Diagramms mit jeder Beschriftung. Das war der größte Teil ihrer Zeit (gemessen: 0,14 von
0,16 s je Build). `auslagern` ersetzt diese Teile bis on_post_page durch Marken; von einem
Diagramm liest die Suche dort nur Titel und Beschreibung (accTitle, accDescr), einmal statt
doppelt. `einsetzen` setzt danach die Teile wieder an ihre Stelle: Die fertige Seite ist dieselbe.
"""

import re

AUSLAGERN = re.compile(
    r'<div class="language-\w+ highlight"[^>]*>.*?</pre></div>'  # pymdownx.highlight: kein </pre> im Code
    r'|<div class="kurs-diagramm(?: [^"]*)?">.*?<p class="kurs-diagramm-hinweis"[^>]*>[^<]*</p></div>',  # diagramme.als_html
    re.S)
MARKE = re.compile(r"<!--kurs-ausgelagert (\d+)-->.*?<!--/kurs-ausgelagert-->", re.S)
TITEL = re.compile(r"<title[^>]*>([^<]*)</title>")
BESCHREIBUNG = re.compile(r"<desc[^>]*>([^<]*)</desc>")


def _fuer_die_suche(teil: str) -> str:
    texte = [m[1] for m in (TITEL.search(teil), BESCHREIBUNG.search(teil)) if m]
    return f"<p>{' '.join(texte)}</p>" if texte else ""


def auslagern(html_text: str) -> tuple[str, list[str]]:
    teile: list[str] = []

    def marke(m: re.Match) -> str:
        teile.append(m[0])
        return f"<!--kurs-ausgelagert {len(teile) - 1}-->{_fuer_die_suche(m[0])}<!--/kurs-ausgelagert-->"

    return AUSLAGERN.sub(marke, html_text), teile


def einsetzen(html_text: str, teile: list[str]) -> str:
    return MARKE.sub(lambda m: teile[int(m[1])], html_text) if teile else html_text


def hat_codebloecke(teile: list[str]) -> bool:
    return any(teil.startswith('<div class="language-') for teil in teile)
