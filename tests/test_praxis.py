"""docs/praxis.md: Jede Zeile des Überblicks ist vollständig und nennt ihre Quelle."""

import re

from kurs.modell import Kurs

PRAXIS = Kurs().docs / "praxis.md"
LINK = re.compile(r"\[[^\]]+\]\(https://[^)\s]+\)")


def ueberblick(text: str) -> tuple[list[str], list[list[str]]]:
    abschnitt = text.split("## Überblick", 1)[1].split("\n## ", 1)[0]
    zeilen = [z for z in abschnitt.splitlines() if z.startswith("|")]
    zellen = [[z.strip() for z in zeile.strip("|").split("|")] for zeile in zeilen]
    return zellen[0], zellen[2:]


def fehler_im_ueberblick(text: str) -> list[str]:
    kopf, zeilen = ueberblick(text)
    fehler = []
    for zeile in zeilen:
        if len(zeile) != len(kopf):
            fehler.append(f"{zeile[0]}: {len(zeile)} statt {len(kopf)} Spalten")
        elif leer := [k for k, z in zip(kopf, zeile, strict=True) if not z]:
            fehler.append(f"{zeile[0]}: leere Spalte(n) {leer}; schreibe „nicht geprüft“, wenn die Quelle fehlt")
        elif not LINK.search(zeile[-1]):
            fehler.append(f"{zeile[0]}: In der Spalte Quellen fehlt ein Link")
    return fehler


def test_jede_zeile_hat_jede_spalte_und_eine_quelle():
    text = PRAXIS.read_text(encoding="utf-8")
    assert ueberblick(text)[1], "Der Überblick hat keine Zeilen mehr"
    assert fehler_im_ueberblick(text) == []


def test_pruefung_findet_fehlende_quelle_und_leere_spalte():
    text = ("## Überblick\n\n| System | Speichert | Quellen |\n|---|---|---|\n"
            "| A | ja | [Doku](https://a.invalid/) |\n| B | ja | Doku |\n| C |  | [x](https://c.invalid/) |\n"
            "| D | ja |\n")
    assert fehler_im_ueberblick(text) == [
        "B: In der Spalte Quellen fehlt ein Link",
        "C: leere Spalte(n) ['Speichert']; schreibe „nicht geprüft“, wenn die Quelle fehlt",
        "D: 2 statt 3 Spalten",
    ]
