"""Das Glossar: die Tabelle in docs/glossar.md, die eine Quelle der Begriffe."""

from pathlib import Path

from kurs.modell.fehler import QuellenFehler


def glossar_lesen(datei: Path, wurzel: Path) -> list[dict]:
    """Die Zeilen der Tabelle in docs/glossar.md als Dicts (Begriff, Englisch, Bedeutung, Im Kurs)."""
    zeilen = [(n, z) for n, z in enumerate(datei.read_text(encoding="utf-8").splitlines(), start=1)
              if z.startswith("|")]
    spalten = [z.strip() for z in zeilen[0][1].strip("|").split("|")]
    eintraege = []
    for nummer, zeile in zeilen[2:]:
        werte = [z.strip() for z in zeile.strip("|").split("|")]
        if len(werte) != len(spalten):
            raise QuellenFehler.in_datei(datei, nummer, f"{len(werte)} Spalten statt {len(spalten)}", wurzel)
        eintraege.append(dict(zip(spalten, werte, strict=True)))
    return eintraege
