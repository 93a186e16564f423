"""Glossar: docs/glossar.md ist die eine Quelle der Begriffe. Jede andere Seite bekommt daraus
Abkürzungen (`*[Begriff]: Bedeutung`); assets/kurs-begriffe.js erklärt sie beim Zeigen. Die
Seite des Glossars zeigt die Tabelle als Liste (`als_liste`)."""

import re

from kurs.modell import Kurs
from kurs.seite.suchindex import anker
from kurs.seite.tabellen import KOPF, TABELLE, ZEILE, text_der_zelle

ABKUERZUNG = re.compile(r'<abbr title="[^"]*">([^<]*)</abbr>')
UEBERSCHRIFT = re.compile(r"<h([1-6])\b.*?</h\1>", re.S)
ANKER = re.compile(r'<div class="kurs-glossar-eintrag" id="([^"]+)"')


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


def als_liste(html_text: str) -> str:
    """Die Tabelle des Glossars als Liste von Begriffen (<dl>), auf jedem Bildschirm: Auf dem Handy
    schnitt die Tabelle Bedeutung und Verweis ab, und eine Liste liest sich auch auf dem Desktop
    leichter als vier Spalten mit langen Sätzen. Die Spalten kommen aus docs/glossar.md (Begriff,
    Englisch, Bedeutung, Im Kurs); jeder Begriff bekommt seinen Anker (#begriff-ack): Dorthin führt
    sein Treffer in der Suche (kurs/seite/suchindex.py)."""
    def liste(m):
        spalten = [text_der_zelle(k) for k in KOPF.findall(m[1])]
        eintraege = []
        for zeile in ZEILE.findall(m[1]):
            zellen = dict(zip(spalten, re.findall(r"<td\b[^>]*>(.*?)</td>", zeile, re.S), strict=False))
            if not zellen:
                continue
            begriff, englisch = zellen.get("Begriff", ""), zellen.get("Englisch", "")
            anders = englisch and text_der_zelle(englisch).casefold() != text_der_zelle(begriff).casefold()
            eintraege.append(
                f'<div class="kurs-glossar-eintrag" id="{anker(text_der_zelle(begriff))}">'
                f"<dt>{begriff}"
                + (f' <span class="kurs-glossar-englisch">(englisch <span lang="en">{englisch}</span>)</span>'
                   if anders else "")
                + f'</dt><dd>{zellen.get("Bedeutung", "")}</dd>'
                + (f'<dd class="kurs-glossar-stelle">Im Kurs: {zellen["Im Kurs"]}</dd>' if zellen.get("Im Kurs") else "")
                + "</div>")
        return f'<dl class="kurs-glossar">{"".join(eintraege)}</dl>'

    return TABELLE.sub(liste, html_text, count=1)
