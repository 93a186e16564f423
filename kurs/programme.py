"""Was jeder Python-Block einer Seite im Browser ausführt.

Für jeden gezeigten Block steht hier dieselbe Zusammensetzung, die die Tests
ausführen: der unsichtbare Vorlauf (`vorher`), der gezeigte Code und die Ausgabe,
die die Seite zeigt. Übungsteile verweisen auf ihre Übung (Kontext, Vorlage,
Lösung, Prüfung), die der Browser mit kurs/lauf.py prüft wie die Tests.
"""

import html
import io
import json
import re
from pathlib import Path, PurePosixPath

from pytest_codeblocks import extract_from_buffer

from kurs.pruefen import Uebung
from kurs.zusammensetzen import bloecke, snippet

EINBINDUNG = re.compile(r'^\s*-{1,}8<-{1,}\s+"(?P<ziel>[^"]+)"\s*$')


def _python(ziel: str):
    """Die Python-Blöcke, wie pytest-codeblocks sie ausführt (mit `cont` verbunden)."""
    return [b for b in bloecke(ziel) if b.syntax == "python"]


def _gezeigt(ziel: str):
    """Die Python-Blöcke, wie die Seite sie zeigt: jeder Fence für sich."""
    text = snippet(ziel).replace("<!--pytest-codeblocks:cont-->", "")
    return [b for b in extract_from_buffer(io.StringIO(text)) if b.syntax == "python"]


def _uebung(pfad: str) -> str | None:
    teile = PurePosixPath(pfad).parts
    return "/".join(teile[:2]) if len(teile) == 3 and teile[1].startswith("uebung-") else None


def programme(markdown: str) -> dict:
    """{"bloecke": [ein Eintrag je Python-Block, in Reihenfolge], "uebungen": {name: Teile}}."""
    eintraege, uebungen = [], {}
    for zeile in markdown.splitlines():
        m = EINBINDUNG.match(zeile)
        if not m:
            continue
        ziel = m["ziel"]
        pfad = ziel.split(":")[0]
        if name := _uebung(pfad):
            u = Uebung(name)
            uebungen[name] = {"kontext": u.kontext, "vorlage": u.vorlage, "loesung": u.loesung,
                              "pruefung": u.pruefung}
            rolle = PurePosixPath(pfad).stem
            eintraege += [{"uebung": name, "rolle": rolle, "code": b.code} for b in _gezeigt(ziel)]
            continue
        ganz = _python(pfad)
        for gezeigt in _gezeigt(ziel):
            (block,) = [b for b in ganz if gezeigt.code in b.code]
            anfang = block.code.index(gezeigt.code)
            letzter = anfang + len(gezeigt.code) == len(block.code)
            eintraege.append({
                "vorher": block.code[:anfang],
                "code": gezeigt.code,
                # Die Ausgabe gehört zum letzten Stück eines zusammengesetzten Blocks.
                "ausgabe": block.expected_output if letzter else None,
            })
    return {"bloecke": eintraege, "uebungen": uebungen}


DATEI = "programme.json"


def attribute(nummer: int, block: dict) -> str:
    """Die Attribute eines Blocks im HTML: was docs/assets/kurs-lauf.js schon zum Einrichten
    braucht (Nummer; bei Übungsteilen Übung und Rolle). Alles andere steht in DATEI."""
    werte = {"data-lauf": nummer}
    if "uebung" in block:
        werte |= {"data-uebung": block["uebung"], "data-rolle": block["rolle"]}
    return " ".join(f'{name}="{html.escape(str(wert), quote=True)}"' for name, wert in werte.items())


def als_datei(daten: dict, seite_html: Path) -> None:
    """DATEI neben die gebaute Seite. Der Browser holt sie erst beim ersten Klick auf
    Ausführen oder Prüfen: Wer nur liest, lädt sie nicht."""
    seite_html.parent.mkdir(parents=True, exist_ok=True)  # MkDocs schreibt die Seite erst danach
    (seite_html.parent / DATEI).write_text(json.dumps(daten, ensure_ascii=False), encoding="utf-8")
