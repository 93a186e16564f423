"""Hinweise zu einer Übung (snippets/<kapitel>/uebung-M/hinweise.toml): vor ihrer Lösung.

Jede Übung bekommt ihre Hinweise vor den Kasten „Lösung“ (`??? success`), der auf ihre Vorlage
folgt; in docs/ steht dafür nichts. Jeder Hinweis ist ein eingeklappter Kasten. Sichtbar ist
nur der erste; den nächsten zeigt kurs.css erst, wenn der vorige offen ist: So kommen sie einzeln,
wenn die Leserin nach ihnen fragt, ohne JavaScript.
"""

import re

from mkdocs.exceptions import PluginError

from kurs.modell import Kurs
from kurs.seite.auswahl import _text

LOESUNG = re.compile(r"^\?\?\?\+? success\b")


def hinweise_html(hinweise) -> str:
    zeilen = ['<div class="kurs-hinweise">']
    for nummer, hinweis in enumerate(hinweise, start=1):
        zeilen += ['<details class="tip kurs-hinweis">',
                   f"<summary>Hinweis {nummer} von {len(hinweise)}</summary>",
                   f"<p>{_text(hinweis.text)}</p>", "</details>"]
    return "\n".join(zeilen + ["</div>"])


def hinweise_einsetzen(kurs: Kurs, markdown: str, wo: str) -> str:
    """Setzt vor die Lösung jeder Übung, deren Vorlage die Seite einbindet, ihre Hinweise."""
    zeilen = markdown.split("\n")
    for uebung in kurs.uebungen.values():
        vorlage = f'--8<-- "{uebung.name}/vorlage.md:vorlage"'
        anfang = next((i for i, z in enumerate(zeilen) if z.strip() == vorlage), None)
        if anfang is None:
            continue
        loesung = next((i for i in range(anfang, len(zeilen)) if LOESUNG.match(zeilen[i])), None)
        if loesung is None:
            raise PluginError(f'{wo}: {uebung.name}: Nach der Vorlage fehlt der Kasten ??? success "Lösung"; '
                              "vor ihn gehören die Hinweise (hinweise.toml).")
        zeilen[loesung:loesung] = [hinweise_html(uebung.hinweise), ""]
    return "\n".join(zeilen)
