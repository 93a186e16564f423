"""Die Übungen eines Teils als Jupyter-Notebook, gebaut aus denselben Quellen wie die Seite.

Der Aufgabentext kommt aus docs/teil-N.md (Abschnitte „### Übung M: …“), der Code aus
snippets/teil-N/uebung-M/: Kontext, Vorlage und Prüfung, genau wie bei `Uebung`. Die
Musterlösung steht nicht im Notebook. Das Notebook braucht nur die Standardbibliothek und
importiert nichts aus `kurs`.

`uv run python -m kurs.notebooks ZIELORDNER` schreibt die Notebooks in einen Ordner.
"""

import re
import sys
from pathlib import Path

import nbformat
import yaml
from markdown.extensions.toc import slugify

from kurs.pruefen import Uebung, alle_uebungen
from kurs.zusammensetzen import WURZEL, _MkdocsYaml, zusammensetzen

DOCS = WURZEL / "docs"
TEILE = ("teil-1", "teil-2")
ORDNER = "notebooks"  # Pfad der Notebook-Seiten in der Seite: notebooks/uebungen-teil-1/


def dateiname(teil: str) -> str:
    """So heißt das Notebook beim Herunterladen."""
    return f"uebungen-{teil}.ipynb"


def site_url() -> str:
    config = yaml.load((WURZEL / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_MkdocsYaml)
    return config["site_url"].rstrip("/") + "/"


# --- Das Kapitel in Blöcke zerlegen -----------------------------------------

UEBUNG = re.compile(r"^### Übung (?P<nummer>\d+): (?P<titel>.+)$")
EINBINDUNG = re.compile(r'^\s*--8<-- "(?P<pfad>[^"]+)"\s*$')
KASTEN = re.compile(r'^(\?\?\?\+?|!!!) +\w+(?: +"(?P<titel>[^"]*)")?\s*$')
QUIZ = re.compile(r"^<!-- quiz: (?P<uebung>[\w/-]+) -->$")
PRUEFBEFEHL = "Prüfen: "  # die Zeile mit `uv run pytest …`; im Notebook prüft die Prüfzelle


def abschnitte(teil: str) -> list[tuple[str, str, list[str]]]:
    """(Nummer, Titel, Zeilen) je „### Übung M: …“ in docs/teil-N.md."""
    ergebnis, aktuell = [], None
    for zeile in (DOCS / f"{teil}.md").read_text(encoding="utf-8").split("\n"):
        if zeile.startswith("#"):
            aktuell = None
            if m := UEBUNG.match(zeile):
                aktuell = (m["nummer"], m["titel"], [])
                ergebnis.append(aktuell)
        elif aktuell:
            aktuell[2].append(zeile)
    return ergebnis


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


def absolute_links(text: str, teil: str, basis: str) -> str:
    """`(teil-1.md#anker)` und `(#anker)` werden zu Adressen auf der Seite (`basis` = site_url)."""

    def ersetze(m: re.Match) -> str:
        seite, anker = m["seite"], m["anker"] or ""
        if not seite:
            seite = f"{teil}.md"
        pfad = "" if seite == "index.md" else seite.removesuffix(".md") + "/"
        return f"]({basis}{pfad}{anker})"

    return re.sub(r"\]\((?P<seite>[\w-]+\.md)?(?P<anker>#[\w-]+)?\)", ersetze, text)


# --- Das Notebook ----------------------------------------------------------------


def _markdown(text: str) -> nbformat.NotebookNode:
    return nbformat.v4.new_markdown_cell(text.strip())


def _code(quelle: str, uebung: str, rolle: str) -> nbformat.NotebookNode:
    # Die Metadaten sagen Tests und Seite, welche Zelle was ist; Jupyter ignoriert sie.
    metadaten = {"tags": [rolle], "kurs": {"uebung": uebung, "rolle": rolle}}
    if rolle == "pruefung":
        # Eingeklappt wie „So wird geprüft“ im Kapitel: Die Prüfung verrät sonst die Antwort.
        metadaten["jupyter"] = {"source_hidden": True}
    return nbformat.v4.new_code_cell(quelle.rstrip("\n"), metadata=metadaten)


def _quiz_als_liste(uebung: str) -> str:
    from kurs.mkdocs_hooks import quiz_daten  # dieselben Optionen wie die Auswahl im Kapitel

    optionen, _ = quiz_daten(uebung)
    return "\n".join(f"- **{wahl}** {option['text']}" for wahl, option in optionen.items())


def _kasten_als_zitat(zeilen: list[str]) -> str:
    titel = KASTEN.match(zeilen[0])["titel"]
    inhalt = zusammensetzen("\n".join(z.removeprefix("    ") for z in zeilen[1:]))
    return "\n".join(f"> {z}".rstrip() for z in ([f"**{titel}**", ""] if titel else []) + inhalt.strip().split("\n"))


def uebung_zellen(teil: str, nummer: str, titel: str, zeilen: list[str], basis: str) -> list[nbformat.NotebookNode]:
    name = f"{teil}/uebung-{nummer}"
    uebung = Uebung(name)
    kapitel = f"{basis}{teil}/#{slugify(f'Übung {nummer}: {titel}', '-')}"
    zellen, text = [], [f"## Übung {nummer}: {titel}", f"Aus dem [Kapitel]({kapitel})."]
    gezeigt = set()

    def text_abschliessen():
        if text:
            zellen.append(_markdown(absolute_links("\n\n".join(text), teil, basis)))
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
            text.append(zusammensetzen(quelle))
        elif art == "quiz":
            text.append(_quiz_als_liste(QUIZ.match(quelle)["uebung"]))
        elif art == "kasten" and f"{name}/kontext.md" in quelle:
            codezelle("kontext", f"**{KASTEN.match(block[0])['titel']}.** Führe diese Zelle aus, bevor du weiterarbeitest.")
        elif art == "kasten" and (f"{name}/loesung.md" in quelle or f"{name}/pruefung.md" in quelle):
            pass  # Lösung und Prüfungstext gehören nicht in die Aufgabe
        elif art == "kasten":
            text.append(_kasten_als_zitat(block))
        elif not quelle.startswith(PRUEFBEFEHL):
            text.append(quelle)
    if "vorlage" not in gezeigt:
        raise ValueError(f"docs/{teil}.md, Übung {nummer}: Die Vorlage ({name}/vorlage.md) ist nicht eingebunden.")
    text.append(
        "**Prüfen.** Führe die nächste Zelle aus. Besteht dein Code, druckt sie eine Bestätigung; "
        "sonst endet sie mit einem `AssertionError`, der sagt, was nicht stimmt."
    )
    text_abschliessen()
    zellen.append(_code(uebung.pruefung, name, "pruefung"))
    return zellen


def notebook(teil: str, basis: str | None = None) -> nbformat.NotebookNode:
    """Das Notebook eines Teils; Links zeigen auf `basis` (Vorgabe: site_url aus mkdocs.yml)."""
    basis = basis or site_url()
    kapitel = (DOCS / f"{teil}.md").read_text(encoding="utf-8")
    titel = re.search(r"^# (.+)$", kapitel, re.M)[1]
    gefunden = abschnitte(teil)
    erwartet = [u for u in alle_uebungen() if u.startswith(f"{teil}/")]
    if [f"{teil}/uebung-{n}" for n, _, _ in gefunden] != erwartet:
        raise ValueError(f"docs/{teil}.md: Übungsabschnitte {[n for n, _, _ in gefunden]} passen nicht zu {erwartet}")

    zellen = [_markdown(
        f"# Übungen zu {titel}\n\n"
        f"Die Übungen aus [{titel.split(':')[0]}]({basis}{teil}/) zum Mitnehmen. Das Notebook "
        "braucht nur Python mit seiner Standardbibliothek und läuft in Jupyter, VS Code oder Colab.\n\n"
        "1. Führe die Zellen von oben nach unten aus.\n"
        "2. Schreib deine Lösung in die Vorlage der Übung: die letzte Codezelle vor **Prüfen**.\n"
        "3. Führe danach die Prüfzelle der Übung aus. Sie läuft im selben Namensraum wie dein Code "
        "und prüft genau wie der Befehl im Kapitel.\n\n"
        "Jede Übung bringt mit, was sie braucht. Hast du zwischendurch eine andere Übung bearbeitet, "
        "führe die Zellen der Übung noch einmal von ihrer Überschrift an aus."
    )]
    for nummer, titel_uebung, zeilen in gefunden:
        zellen += uebung_zellen(teil, nummer, titel_uebung, zeilen, basis)

    nb = nbformat.v4.new_notebook(cells=zellen)
    nb.metadata = {
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": {"name": "python"},
    }
    # Feste Zell-IDs: Dieselben Quellen ergeben byte-genau dasselbe Notebook.
    for nummer, zelle in enumerate(nb.cells, start=1):
        zelle.id = f"zelle-{nummer}"
    nbformat.validate(nb)
    return nb


def als_text(teil: str, basis: str | None = None) -> str:
    return nbformat.writes(notebook(teil, basis)) + "\n"


def schreibe(ordner: Path, basis: str | None = None) -> list[Path]:
    """Schreibt jedes Notebook nach `ordner` und gibt die Pfade zurück."""
    ordner.mkdir(parents=True, exist_ok=True)
    basis = basis or site_url()
    pfade = [ordner / dateiname(teil) for teil in TEILE]
    for teil, pfad in zip(TEILE, pfade):
        pfad.write_text(als_text(teil, basis), encoding="utf-8")
    return pfade


if __name__ == "__main__":
    for pfad in schreibe(Path(sys.argv[1] if len(sys.argv) > 1 else ".")):
        print(pfad)
