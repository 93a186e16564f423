"""Die Übungen eines Kapitels als Jupyter-Notebook und als Seite, aus dem Kursmodell.

Der Aufgabentext kommt aus der Seite des Kapitels (Abschnitte „### Übung M: …“), der
Code aus der Übung: Kontext, Vorlage und Prüfung. Die Musterlösung steht nicht im
Notebook. Das Notebook braucht nur die Standardbibliothek und importiert nichts aus `kurs`.

Die Seite „Übungen zu Teil N“ rendert mkdocs-jupyter aus dem Notebook; das Kurs-Plugin gibt
ihren Codezellen Ausführen und Prüfen (kurs/seite/notebookseiten.py) und bietet die
.ipynb-Datei zum Herunterladen.

`uv run python -m kurs.notebooks ZIELORDNER` schreibt die Notebooks in einen Ordner.
"""

import json
import re
import sys
from pathlib import Path

from kurs.modell import EINBINDUNG, QUIZ, Kapitel, Kurs, QuellenFehler

KASTEN = re.compile(r'^(\?\?\?\+?|!!!) +\w+(?: +"(?P<titel>[^"]*)")?\s*$')
PRUEFBEFEHL = "Prüfen: "  # die Zeile mit `uv run pytest …`; im Notebook prüft die Prüfzelle


def dateiname(kapitel: Kapitel) -> str:
    """So heißt das Notebook beim Herunterladen."""
    return f"uebungen-{kapitel.name}.ipynb"


# --- Das Kapitel in Blöcke zerlegen -----------------------------------------


def bloecke(zeilen: list[str]) -> list[tuple[str, list[str]]]:
    """Zerlegt einen Abschnitt in ("kasten"|"einbindung"|"quiz"|"text", Zeilen)."""
    ergebnis, i = [], 0
    while i < len(zeilen):
        zeile = zeilen[i]
        if not zeile.strip():
            i += 1
        elif KASTEN.match(zeile):
            # Ein Kasten reicht bis zur nächsten Zeile, die nicht eingerückt ist.
            ende = i + 1
            while ende < len(zeilen) and (not zeilen[ende].strip() or zeilen[ende].startswith("    ")):
                ende += 1
            ergebnis.append(("kasten", zeilen[i:ende]))
            i = ende
        elif EINBINDUNG.match(zeile) or QUIZ.match(zeile):
            ergebnis.append(("einbindung" if EINBINDUNG.match(zeile) else "quiz", [zeile]))
            i += 1
        else:
            ende = i
            while ende < len(zeilen) and zeilen[ende].strip() and not (
                KASTEN.match(zeilen[ende]) or EINBINDUNG.match(zeilen[ende]) or QUIZ.match(zeilen[ende])
            ):
                ende += 1
            ergebnis.append(("text", zeilen[i:ende]))
            i = ende
    return ergebnis


# --- Links: Im Notebook gibt es keine Nachbarseiten, also absolute Adressen --------


def absolute_links(text: str, kapitel: str, basis: str) -> str:
    """`(teil-1.md#anker)` und `(#anker)` werden zu Adressen auf der Seite (`basis` = site_url)."""

    def ersetze(m: re.Match) -> str:
        seite, anker = m["seite"], m["anker"] or ""
        if not seite:
            seite = f"{kapitel}.md"
        pfad = "" if seite == "index.md" else seite.removesuffix(".md") + "/"
        return f"]({basis}{pfad}{anker})"

    return re.sub(r"\]\((?P<seite>[\w-]+\.md)?(?P<anker>#[\w-]+)?\)", ersetze, text)


# --- Das Notebook ----------------------------------------------------------------
# Das Format nbformat 4 ist schlicht JSON; die Tests prüfen es mit nbformat.validate.


def _markdown(text: str) -> dict:
    return {"cell_type": "markdown", "metadata": {}, "source": text.strip()}


def _code(quelle: str, uebung: str, rolle: str) -> dict:
    # Die Metadaten sagen Tests und Seite, welche Zelle was ist; Jupyter ignoriert sie.
    metadaten = {"tags": [rolle], "kurs": {"uebung": uebung, "rolle": rolle}}
    if rolle == "pruefung":
        # Eingeklappt wie „So wird geprüft“ im Kapitel: Die Prüfung verrät sonst die Antwort.
        metadaten["jupyter"] = {"source_hidden": True}
    return {"cell_type": "code", "execution_count": None, "metadata": metadaten, "outputs": [],
            "source": quelle.rstrip("\n")}


def _kasten_als_zitat(kurs: Kurs, zeilen: list[str]) -> str:
    titel = KASTEN.match(zeilen[0])["titel"]
    inhalt = kurs.zusammensetzen("\n".join(z.removeprefix("    ") for z in zeilen[1:]))
    return "\n".join(f"> {z}".rstrip() for z in ([f"**{titel}**", ""] if titel else []) + inhalt.strip().split("\n"))


def uebung_zellen(kurs: Kurs, kapitel: Kapitel, nummer: str, titel: str, zeilen: list[str],
                  basis: str) -> list[dict]:
    name = f"{kapitel.name}/uebung-{nummer}"
    uebung = kurs.uebung(name)
    zellen, text = [], [f"## Übung {nummer}: {titel}", f"Aus dem [Kapitel]({basis}{kapitel.url}#{uebung.anker})."]
    gezeigt = set()

    def text_abschliessen():
        if text:
            zellen.append(_markdown(absolute_links("\n\n".join(text), kapitel.name, basis)))
            text.clear()

    def codezelle(rolle: str, ueberschrift: str = ""):
        if rolle in gezeigt:
            return
        gezeigt.add(rolle)
        if ueberschrift:
            text.append(ueberschrift)
        text_abschliessen()
        zellen.append(_code(getattr(uebung, rolle), name, rolle))

    kontext_titel = "**Was schon da ist.** Führe diese Zelle aus, bevor du weiterarbeitest."
    for art, block in bloecke(zeilen):
        quelle = "\n".join(block)
        if art == "einbindung" and f"{name}/kontext.md" in quelle:
            codezelle("kontext", kontext_titel)
        elif art == "einbindung" and f"{name}/vorlage.md" in quelle:
            if uebung.kontext:
                codezelle("kontext", kontext_titel)
            codezelle("vorlage")  # eingeleitet vom Kapitel: „Vorlage:“ oder ein Satz mit Doppelpunkt
        elif art == "einbindung":
            text.append(kurs.zusammensetzen(quelle))
        elif art == "quiz":
            quiz = kurs.uebung(QUIZ.match(quelle)["uebung"]).quiz
            text.append("\n".join(f"- **{wahl}** {option['text']}" for wahl, option in quiz.optionen.items()))
        elif art == "kasten" and f"{name}/kontext.md" in quelle:
            codezelle("kontext", f"**{KASTEN.match(block[0])['titel']}.** Führe diese Zelle aus, bevor du weiterarbeitest.")
        elif art == "kasten" and (f"{name}/loesung.md" in quelle or f"{name}/pruefung.md" in quelle):
            pass  # Lösung und Prüfungstext gehören nicht in die Aufgabe
        elif art == "kasten":
            text.append(_kasten_als_zitat(kurs, block))
        elif not quelle.startswith(PRUEFBEFEHL):
            text.append(quelle)
    if "vorlage" not in gezeigt:
        raise QuellenFehler.in_datei(kapitel.seite, None, f"Übung {nummer}: Die Vorlage ({name}/vorlage.md) ist nicht "
                                     "eingebunden.", kurs.wurzel)
    text.append(
        "**Prüfen.** Führe die nächste Zelle aus. Besteht dein Code, druckt sie eine Bestätigung; "
        "sonst endet sie mit einem `AssertionError`, der sagt, was nicht stimmt."
    )
    text_abschliessen()
    zellen.append(_code(uebung.pruefung, name, "pruefung"))
    return zellen


def notebook(kurs: Kurs, kapitel: Kapitel, basis: str | None = None) -> dict:
    """Das Notebook eines Kapitels; Links zeigen auf `basis` (Vorgabe: site_url)."""
    basis = basis or kurs.site_url
    gefunden = kapitel.abschnitte()
    if [f"{kapitel.name}/uebung-{n}" for n, _, _ in gefunden] != [u.name for u in kapitel.uebungen]:
        raise QuellenFehler.in_datei(kapitel.seite, None, f"Übungsabschnitte {[n for n, _, _ in gefunden]} passen "
                                     f"nicht zu {[u.name for u in kapitel.uebungen]}", kurs.wurzel)
    zellen = [_markdown(
        f"# Übungen zu {kapitel.titel}\n\n"
        f"Die Übungen aus [{kapitel.kurztitel}]({basis}{kapitel.url}) zum Mitnehmen. Das Notebook "
        "braucht nur Python mit seiner Standardbibliothek und läuft in Jupyter, VS Code oder Colab.\n\n"
        "1. Führe die Zellen von oben nach unten aus.\n"
        "2. Schreib deine Lösung in die Vorlage der Übung: die letzte Codezelle vor **Prüfen**.\n"
        "3. Führe danach die Prüfzelle der Übung aus. Sie läuft im selben Namensraum wie dein Code "
        "und prüft genau wie der Befehl im Kapitel.\n\n"
        "Jede Übung bringt mit, was sie braucht. Hast du zwischendurch eine andere Übung bearbeitet, "
        "führe die Zellen der Übung noch einmal von ihrer Überschrift an aus."
    )]
    for nummer, titel_uebung, zeilen in gefunden:
        zellen += uebung_zellen(kurs, kapitel, nummer, titel_uebung, zeilen, basis)
    # Feste Zell-IDs: Dieselben Quellen ergeben byte-genau dasselbe Notebook.
    for nummer, zelle in enumerate(zellen, start=1):
        zelle["id"] = f"zelle-{nummer}"
    return {
        "cells": zellen,
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def als_text(nb: dict) -> str:
    """Wie nbformat.writes: ein Leerzeichen Einzug, Schlüssel sortiert."""
    return json.dumps(nb, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def alle(kurs: Kurs, basis: str | None = None) -> dict[str, dict]:
    """Dateiname -> Notebook, eines je Kapitel mit Übungen."""
    return {dateiname(kapitel): notebook(kurs, kapitel, basis) for kapitel, _ in kurs.notebook_seiten}


def schreibe(kurs: Kurs, ordner: Path, basis: str | None = None) -> dict[Path, dict]:
    """Schreibt jedes Notebook nach `ordner`; gibt Pfad und Notebook zurück."""
    ordner.mkdir(parents=True, exist_ok=True)
    geschrieben = {}
    for name, nb in alle(kurs, basis).items():
        (ordner / name).write_text(als_text(nb), encoding="utf-8")
        geschrieben[ordner / name] = nb
    return geschrieben


if __name__ == "__main__":
    kurs_ = Kurs()
    for pfad in schreibe(kurs_, Path(sys.argv[1] if len(sys.argv) > 1 else ".")):
        print(pfad)
