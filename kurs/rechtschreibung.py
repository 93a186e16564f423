"""Rechtschreibung von allem, was Leserinnen lesen: Debians hunspell mit dem deutschen
Wörterbuch (Pakete hunspell, hunspell-de-de) und der Wortliste des Kurses.

Geprüft werden
- die Seiten (docs/*.md), README.md und CONTRIBUTING.md: die Prosa. Code, Inline-Code, URLs,
  HTML-Kommentare und Snippet-Zeilen bleiben draußen; von einem Diagramm zählt, was es zeigt und
  vorliest (Beschriftungen, Nachrichten, Notizen, accTitle, accDescr), ohne Namen aus dem Code. Eine Tabellenspalte "Englisch"
  (Glossar) ist absichtlich Englisch und bleibt auch draußen;
- die Fragen „Kurz geprüft“ (snippets/teil-N/kurz-geprueft/*.toml): frage, text, erklaerung;
- die Titel der Codeblöcke (```text title="Ausgabe"), in Seiten und Snippets;
- die Meldungen der Übungsprüfungen: in pruefung.md und snippets/uebungen/ jede Zeichenkette
  mit Leerzeichen (Meldungen, Hinweise, Optionen einer Auswahlfrage) außer SQL und Docstrings,
  dazu die Namen der Szenarien; Namen aus dem Code darin bleiben draußen. In fehler.toml
  meldung und vorlage_meldung;
- mkdocs.yml: Name und Beschreibung der Seite, die Titel im Menü, die Beschriftungen des Farbschalters;
- die Beschriftungen der Zeichnung eines Laufs (kurs/aufzeichnung*.py), auch einzelne Wörter;
- der Text der Übungs-Notebooks. Er kommt aus den Seiten und den Optionen der Auswahlfragen,
  dazu aus den Sätzen, die kurs/notebooks.py selbst schreibt.

Jeder Fund nennt `pfad:zeile`, wie ein Compiler: Editor und Terminal springen dorthin.
Die Tests stehen in tests/test_rechtschreibung.py.

Warum eigener Code und nicht pyspelling 2.13 (hunspell mit Markdown- und HTML-Filtern):
benchmarks/rechtschreibung.py prüft beide auf denselben Texten mit derselben Wortliste. Auf dem
Kurs, wie er ist, meldet pyspelling 365 Wörter, die alle richtig sind: Teile von Wendungen der
Wortliste ("Dead", "Sub"; pyspelling kennt nur einzelne Wörter), Namen aus dem Code in Meldungen
("verarbeite", "None"), SQL. Von 13 gepflanzten Tippfehlern findet es 12 (nicht im accDescr eines
Diagramms, das es mit dem Code verwirft), nennt aber keine Zeile, außer in Python-Zeichenketten,
und dort die falsche, sobald die Python-Blöcke aus dem Markdown geschnitten sind. Es braucht
33 bis 35 s CPU statt 0,8 bis 0,9 s: Es startet für jede Zeichenkette einen eigenen hunspell. Dieser Code
findet alle 13, jeden mit Zeile und Vorschlägen, ohne Fehlalarm.
"""

import re
import shutil
import subprocess
from pathlib import Path

from kurs.modell import WURZEL
from kurs.rechtschreibung_code import (  # noqa: F401 - auch für die Tests
    alle_code_namen,
    aufzeichnung_texte,
    code_namen,
    meldungen,
    meldungsknoten,
    notebook_saetze,
    ohne_code,
    python_bloecke,
    python_texte,
    skript_texte,
    toml_texte,
    vorlage_texte,
)
from kurs.rechtschreibung_prosa import TITEL, einstellungen_texte, prosa

WORTLISTE = WURZEL / "tests" / "rechtschreibung" / "woerter.txt"
FRAGE = ("frage", "text", "erklaerung")  # „Kurz geprüft“
MELDUNG = ("meldung", "vorlage_meldung")  # fehler.toml
HINWEIS = ("text",)  # hinweise.toml


def texte(wurzel: Path = WURZEL) -> list[Path]:
    """Jede Datei mit Text, den Leserinnen lesen."""
    snippets = wurzel / "snippets"
    return [
        *sorted((wurzel / "docs").glob("*.md")), wurzel / "README.md", wurzel / "CONTRIBUTING.md",
        *sorted((wurzel / "beitragen").glob("*.md")), wurzel / "kurs" / "README.md",
        *sorted(snippets.glob("*/kurz-geprueft/*.toml")), *sorted(snippets.glob("*/uebung-*/hinweise.toml")),
        *sorted(snippets.rglob("*.md")),  # Meldungen der Prüfungen, Titel der Codeblöcke
        *sorted(snippets.glob("*/uebung-*/fehler.toml")),
        wurzel / "mkdocs.yml", wurzel / "kurs" / "notebooks.py",
        # Was Code Leserinnen zeigt: Fehlerhilfe und Prüfmeldungen, Beschriftungen der Seite, Vorlagen, Skripte.
        wurzel / "kurs" / "lauf.py", wurzel / "kurs" / "fehlerhilfe.py", wurzel / "kurs" / "ursachen.py",
        *sorted((wurzel / "kurs").glob("aufzeichnung*.py")), wurzel / "kurs" / "diagramm_html.py",
        *sorted((wurzel / "kurs" / "seite").glob("*.py")),
        *sorted((wurzel / "overrides").rglob("*.html")), *sorted((wurzel / "docs" / "assets").glob("kurs-*.js")),
    ]


def lesetext(datei: Path, wurzel: Path = WURZEL) -> list[str]:
    """Was Leserinnen von `datei` lesen, als Zeilen der Datei: Alles andere wird zu Leerzeichen."""
    text = datei.read_text(encoding="utf-8")
    pfad = datei.relative_to(wurzel).as_posix()
    if "/kurz-geprueft/" in pfad:  # Die Seite zeigt `…` als Code, wie in Markdown.
        return prosa("\n".join(toml_texte(text, FRAGE, pfad)))
    if datei.name == "hinweise.toml":  # Die Seite zeigt `…` als Code, wie in Markdown.
        return prosa("\n".join(toml_texte(text, HINWEIS, pfad)))
    if datei.suffix == ".toml":
        return ohne_code(prosa("\n".join(toml_texte(text, MELDUNG, pfad))), code_namen(datei.parent, wurzel))
    if pfad.startswith("snippets/"):
        titel = [" ".join(TITEL.findall(z)) for z in text.split("\n")]  # ```text title="Ausgabe"
        if datei.name != "pruefung.md" and not pfad.startswith("snippets/uebungen/"):
            return titel
        zeilen = ohne_code(prosa("\n".join(meldungen(text, pfad))), code_namen(datei.parent, wurzel))
        return [f"{z} {t}" for z, t in zip(zeilen, titel, strict=True)]
    if datei.name == "notebooks.py":
        return prosa("\n".join(notebook_saetze(datei, wurzel)))
    if datei.name.startswith("aufzeichnung"):
        return aufzeichnung_texte(datei)
    if datei.suffix == ".py":
        return python_texte(datei)
    if datei.name == "mkdocs.yml":
        return prosa("\n".join(einstellungen_texte(datei)))
    if datei.suffix == ".js":
        return skript_texte(datei)
    if datei.suffix == ".html":
        return vorlage_texte(datei)
    return prosa(text, alle_code_namen(wurzel) if "```mermaid" in text else frozenset())


# --- hunspell ---------------------------------------------------------------


def woerter_der_liste(wurzel: Path = WURZEL) -> list[str]:
    zeilen = (wurzel / WORTLISTE.relative_to(WURZEL)).read_text(encoding="utf-8").splitlines()
    return [z.strip() for z in zeilen if z.strip() and not z.lstrip().startswith("#")]


def ist_wendung(eintrag: str) -> bool:
    return bool(re.search(r"[^\w-]", eintrag))


def fundstellen(eintrag: str) -> re.Pattern:
    """Der Eintrag als ganzes Wort; eine Wendung auch über einen Zeilenumbruch und in
    jeder Groß- und Kleinschreibung ("Exactly once" am Satzanfang, "exactly once" im Satz)."""
    muster = r"(?<!\w)" + r"\s+".join(map(re.escape, eintrag.split())) + r"(?!\w)"
    return re.compile(muster, re.I if ist_wendung(eintrag) else 0)


def hunspell_fehlt() -> bool:
    return not shutil.which("hunspell") or not Path("/usr/share/hunspell/de_DE.dic").is_file()


def ohne_wendungen(zeilen: list[str], wortliste: list[str]) -> list[str]:
    """Einträge mit Leerzeichen, "/" oder "." ("Dead Letter", "Pub/Sub") sind Wendungen:
    Sie gelten nur als Ganzes, damit nicht "Dead" oder "for" allein als richtig durchgeht.
    Eine Wendung darf über einen Zeilenumbruch gehen; sie wird zu einem bekannten Wort
    ("Pub/Sub-Modell" wird "Begriff-Modell"), die Zeilen bleiben gezählt."""
    text = "\n".join(zeilen)
    for wendung in (w for w in wortliste if ist_wendung(w)):
        text = fundstellen(wendung).sub(lambda t: "Begriff" + "\n" * t[0].count("\n"), text)
    return text.split("\n")


def unbekannte_woerter(zeilen: list[str], wortliste: list[str], tmp_path: Path) -> list[tuple[int, str, str]]:
    """(Zeile, Wort, Vorschläge) für jedes Wort, das hunspell nicht kennt."""
    return auswerten(starte_hunspell(ohne_wendungen(zeilen, wortliste), wortliste, tmp_path))


def starte_hunspell(zeilen: list[str], wortliste: list[str], ordner: Path) -> subprocess.Popen:
    """hunspell im Pipe-Modus für `zeilen`, als eigener Prozess; `auswerten` liest die Antwort."""
    nummer = len(list(ordner.glob("*.dic")))  # mehrere Läufe im selben Ordner
    persoenlich = ordner / f"{nummer}.dic"
    persoenlich.write_text("".join(f"{w}\n" for w in wortliste if not ist_wendung(w)), encoding="utf-8")
    # -a: Pipe-Modus, eine Antwort je Wort, eine Leerzeile je Eingabezeile.
    # "^" vor jeder Zeile: Sie ist Text, nie ein Befehl an hunspell. Die Eingabe kommt aus
    # einer Datei: So prüft hunspell sofort, auch wenn der Test ihn erst später liest.
    eingabe = ordner / f"{nummer}.txt"
    eingabe.write_text("".join(f"^{z}\n" for z in zeilen), encoding="utf-8")
    with eingabe.open(encoding="utf-8") as stdin:
        return subprocess.Popen(
            ["hunspell", "-d", "de_DE", "-p", str(persoenlich), "-i", "utf-8", "-a"],
            stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, encoding="utf-8",
        )


def auswerten(lauf: subprocess.Popen) -> list[tuple[int, str, str]]:
    ausgabe, fehler = lauf.communicate(timeout=60)
    assert lauf.returncode == 0 and "Can't open" not in fehler, (
        f"hunspell läuft nicht: {fehler.strip()}\n"
        "Fehlt das deutsche Wörterbuch? sudo apt-get install hunspell-de-de"
    )
    funde, nummer = [], 1
    for antwort in ausgabe.split("\n")[1:]:  # Zeile 1: Versionskopf
        if not antwort:
            nummer += 1
        elif antwort[0] in "&#":
            kopf, _, vorschlaege = antwort.partition(": ")
            funde.append((nummer, kopf.split()[1], vorschlaege))
    return funde


def pruefe(dateien: list[Path], ordner: Path, wurzel: Path = WURZEL) -> subprocess.Popen:
    """Ein hunspell für alle `dateien` (einer startet schneller als viele); `funde_je_datei` liest ihn."""
    wortliste, zeilen = woerter_der_liste(wurzel), []
    for datei in dateien:
        zeilen += ohne_wendungen(lesetext(datei, wurzel), wortliste)
    lauf = starte_hunspell(zeilen, wortliste, ordner)
    lauf.dateien = dateien
    lauf.wurzel = wurzel
    return lauf


def funde_je_datei(lauf: subprocess.Popen) -> dict[Path, list[tuple[int, str, str]]]:
    """Datei -> (Zeile in der Datei, Wort, Vorschläge) aus dem gemeinsamen Lauf."""
    funde, ende, grenzen = auswerten(lauf), 0, []
    for datei in lauf.dateien:
        anzahl = len(datei.read_text(encoding="utf-8").split("\n"))
        grenzen.append((datei, ende, ende + anzahl))
        ende += anzahl
    return {datei: [(n - anfang, w, v) for n, w, v in funde if anfang < n <= ende] for datei, anfang, ende in grenzen}


def fehlerbericht(funde: list[tuple[str, int, str, str]]) -> str:
    """Eine Zeile je Fund: `pfad:zeile: 'Wort' (Vorschläge: …)`."""
    zeilen = [f"{pfad}:{n}: {wort!r}" + (f" (Vorschläge: {v})" if v else "") for pfad, n, wort, v in funde]
    return (
        "hunspell kennt diese Wörter nicht:\n  " + "\n  ".join(zeilen) + "\n"
        "Korrigiere die Schreibweise. Ist es ein echter Fachbegriff, trag ihn in "
        f"{WORTLISTE.relative_to(WURZEL)} ein (ein Wort pro Zeile)."
    )
