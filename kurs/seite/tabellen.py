"""Tabellen auf dem Handy (Issue 42): Eine breite Tabelle stapelt kurs.css auf schmalen
Bildschirmen, jede Zeile ein Block, über jeder Zelle der Kopf ihrer Spalte. Welche Tabelle das
braucht und welcher Kopf über welcher Zelle steht, steht schon beim Bauen fest: Ein Skript, das
beim Laden misst, kostete auf dem Handy Blockierzeit (CONTRIBUTING, „Skripte beim Laden“).

Gestapelt wird jede Tabelle mit drei und mehr Spalten; auf 358 px wären ihre Spalten kaum 15
Zeichen breit, und Code darin bräche mitten im Namen. Eine mit zwei Spalten nur, wenn ein Wort
darin breiter ist, als die Spalte je werden kann. Auf dem Desktop bleibt eine Tabelle eine Tabelle,
außer sie hat fünf und mehr Spalten (Issue 51, die Übersicht der Praxis): In 688 px Spalte bräche
dort Code mitten im Namen, und die letzte Spalte wäre abgeschnitten. Sie ist überall gestapelt
(data-kurs-stapel="immer"), auf dem Desktop mit dem Kopf links neben der Zelle.

Die Tabelle behält ihre Rollen (role="table", …) für Screenreader: Ein Browser, der Zellen als
Block zeichnet, vergisst sonst, dass sie eine Tabelle sind (Safari). Den Kopf über der Zelle
zeichnet CSS aus data-spalte, und ein Screenreader liest ihn mit der Zelle, wie er dasteht.
"""

import html
import re

TABELLE = re.compile(r"<table>(.*?)</table>", re.S)
KOPF = re.compile(r"<th\b[^>]*>(.*?)</th>", re.S)
ZEILE = re.compile(r"<tr>(.*?)</tr>", re.S)
ZELLE = re.compile(r"<td\b")
TAG = re.compile(r"<[^>]+>")

SPALTEN_ZUM_STAPELN = 3
SPALTEN_IMMER_STAPELN = 5
# So breit wird höchstens eine Spalte einer Tabelle mit zwei Spalten auf dem Handy (358 px Spalte
# der Seite, Materials Rand und Abstände in der Tabelle), gemessen in Zeichen der Tabellenschrift
# (12,8 px, rund 7 px je Zeichen, Code etwas breiter).
ZEICHEN_JE_SPALTE = 20


def text_der_zelle(zelle: str) -> str:
    return html.unescape(TAG.sub("", zelle)).strip()


def zu_breit(koepfe: list[str], zeilen: list[list[str]]) -> bool:
    if len(koepfe) >= SPALTEN_ZUM_STAPELN:
        return True
    woerter = [w for zeile in zeilen for zelle in zeile for w in text_der_zelle(zelle).split()] + \
              [w for k in koepfe for w in text_der_zelle(k).split()]
    return any(len(w) > ZEICHEN_JE_SPALTE for w in woerter)


def _gestapelt(inhalt: str) -> str:
    koepfe = [text_der_zelle(k) for k in KOPF.findall(inhalt)]
    zeilen = [re.split(r"(?=<td\b)", z)[1:] for z in ZEILE.findall(inhalt) if "<td" in z]
    if not koepfe or not zu_breit(koepfe, zeilen):
        return f"<table>{inhalt}</table>"

    def zeile(m):
        spalte = iter(koepfe)
        zellen = ZELLE.sub(lambda _: f'<td role="cell" data-spalte="{html.escape(next(spalte, ""))}"', m[1])
        return f'<tr role="row">{zellen}</tr>'

    inhalt = ZEILE.sub(zeile, inhalt)
    inhalt = re.sub(r"<th\b", '<th role="columnheader"', inhalt)
    inhalt = re.sub(r"<(thead|tbody)>", r'<\1 role="rowgroup">', inhalt)
    wann = '="immer"' if len(koepfe) >= SPALTEN_IMMER_STAPELN else ""
    return f'<table role="table" data-kurs-stapel{wann}>{inhalt}</table>'


def fuers_handy(html_text: str) -> str:
    """Markiert jede Tabelle, die auf dem Handy gestapelt wird, mit dem Kopf jeder Zelle."""
    return TABELLE.sub(lambda m: _gestapelt(m[1]), html_text)
