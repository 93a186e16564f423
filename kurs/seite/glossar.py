"""Glossar: docs/glossar.md ist die eine Quelle der Begriffe. Jede andere Seite bekommt daraus
Abkürzungen (`*[Begriff]: Bedeutung`); assets/kurs-begriffe.js erklärt sie beim Zeigen."""

import html
import re

from kurs.modell import Kurs
from kurs.seite.suchindex import anker

ABKUERZUNG = re.compile(r'<abbr title="[^"]*">([^<]*)</abbr>')
UEBERSCHRIFT = re.compile(r"<h([1-6])\b.*?</h\1>", re.S)


def abkuerzungen(kurs: Kurs) -> str:
    return "\n".join(f"*[{e['Begriff']}]: {e['Bedeutung']}" for e in kurs.glossar)


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


def anker_setzen(html_text: str, glossar: list[dict]) -> str:
    """Auf der Seite des Glossars bekommt die Zeile jedes Begriffs eine id: Dorthin führt sein
    Treffer in der Suche (kurs/seite/suchindex.py)."""
    for eintrag in glossar:
        zelle = re.compile(rf"<tr>(\s*<td>{re.escape(html.escape(eintrag['Begriff'], quote=False))}</td>)")
        html_text = zelle.sub(lambda m, e=eintrag: f'<tr id="{anker(e["Begriff"])}">{m[1]}', html_text, count=1)
    return html_text
