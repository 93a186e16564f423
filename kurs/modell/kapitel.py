"""Die Kapitel: Seiten aus `nav` mit einem Ordner snippets/<seite>/, ihre Übungen (Überschriften
„### Übung M: Titel“), ihre Diagramme (```mermaid) und ihre Fragen „Kurz geprüft“. Der einzige
Leser der Seiten in docs/."""

import re
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

from kurs.modell import kaesten
from kurs.modell.beispiele import EINBINDUNG
from kurs.modell.fehler import QuellenFehler
from kurs.modell.uebungen import Quiz, Uebung

if TYPE_CHECKING:
    from kurs.modell import Kurs

UEBUNG_UEBERSCHRIFT = re.compile(r"^### Übung (?P<nummer>\d+): (?P<titel>.+)$")
MERMAID = re.compile(r"^```mermaid\n(.*?)^```$", re.S | re.M)
QUIZ = re.compile(r"^<!-- quiz: (?P<uebung>[\w/-]+) -->$")
KURZ_GEPRUEFT = re.compile(r"^<!-- kurz-geprueft: (?P<name>[\w-]+/schritt-\d+) -->$")
AUSWAHL_VERSUCH = re.compile(r"<!--\s*(quiz|kurz)", re.I)  # sieht aus wie eine der beiden Marken
PYTHON_FENCE = re.compile(r"^(?P<fence>\s*`{3,}python)\s*$")  # ein Block, der als Test läuft (bare ```python)


@dataclass
class Kapitel:
    kurs: "Kurs"
    name: str  # "teil-1"
    titel: str  # aus nav
    seite: Path  # docs/teil-1.md
    uebungen: list[Uebung] = field(default_factory=list)

    @property
    def kurztitel(self) -> str:
        return self.titel.split(":")[0]

    @property
    def url(self) -> str:
        return f"{self.name}/"

    @property
    def im_browser(self) -> bool:
        """Laufen seine Blöcke auch im Browser? Nicht die des Labors (echte Server)."""
        return self.kurs.snippets.im_browser(f"{self.name}/")

    @property
    def fragen(self) -> list[Quiz]:
        """Die Fragen „Kurz geprüft“ dieses Kapitels, nach Schritt sortiert."""
        dateien = sorted((self.kurs.snippets.ordner / self.name / "kurz-geprueft").glob("schritt-*.toml"),
                         key=lambda p: int(p.stem.split("-")[-1]) if p.stem.split("-")[-1].isdigit() else 0)
        return [self.kurs.frage(f"{self.name}/{d.stem}") for d in dateien]

    def abschnitte(self) -> list[tuple[str, str, list[str]]]:
        """(Nummer, Titel, Zeilen) je „### Übung M: …“ der Seite: die Aufgabe für das Notebook."""
        ergebnis, aktuell = [], None
        for zeile in self.seite.read_text(encoding="utf-8").split("\n"):
            if zeile.startswith("#"):
                aktuell = None
                if m := UEBUNG_UEBERSCHRIFT.match(zeile):
                    aktuell = (m["nummer"], m["titel"], [])
                    ergebnis.append(aktuell)
            elif aktuell:
                aktuell[2].append(zeile)
        return ergebnis


@dataclass(frozen=True)
class Diagramm:
    """Ein ```mermaid-Block einer Seite (kurs/diagramme.py zeichnet ihn als SVG)."""

    seite: Path
    zeile: int
    quelle: str


def kapitel_lesen(kurs: "Kurs") -> list[Kapitel]:
    ergebnis = []
    for seite in kurs.konfiguration.nav:
        name = PurePosixPath(seite.quelle).stem
        if seite.quelle.endswith(".md") and (kurs.snippets.ordner / name).is_dir():
            kapitel = Kapitel(kurs, name, seite.titel, kurs.docs / seite.quelle)
            kapitel.uebungen = _uebungen(kurs, kapitel)
            ergebnis.append(kapitel)
    return ergebnis

def _uebungen(kurs: "Kurs", kapitel: Kapitel) -> list[Uebung]:
    ordner = sorted((p.parent for p in (kurs.snippets.ordner / kapitel.name).glob("uebung-*/pruefung.md")),
                    key=lambda p: int(p.name.split("-")[-1]) if p.name.split("-")[-1].isdigit() else 0)
    ueberschriften = {}
    text = kapitel.seite.read_text(encoding="utf-8")
    for nummer, zeile in enumerate(text.splitlines(), start=1):
        if m := UEBUNG_UEBERSCHRIFT.match(zeile):
            ueberschriften[f"{kapitel.name}/uebung-{m['nummer']}"] = (m["titel"], nummer)
    uebungen = []
    for o in ordner:
        name = f"{kapitel.name}/{o.name}"
        if name not in ueberschriften:
            raise QuellenFehler.in_datei(kapitel.seite, None, f"Die Übung {name} (snippets/{name}/) hat keine Überschrift "
                              f"„### Übung {o.name.split('-')[-1]}: Titel“ auf der Seite.", kurs.wurzel)
        titel, _ = ueberschriften.pop(name)
        uebungen.append(Uebung(kurs, name, titel, _anker(f"Übung {o.name.split('-')[-1]}: {titel}")))
    for name, (_, zeile) in ueberschriften.items():
        raise QuellenFehler.in_datei(kapitel.seite, zeile, f"Zur Überschrift gibt es keinen Ordner snippets/{name}/ "
                          "mit pruefung.md.", kurs.wurzel)
    return uebungen


def diagramme_lesen(kurs: "Kurs") -> list[Diagramm]:
    """Jedes Diagramm der Seiten in docs/, in der Reihenfolge der Navigation."""
    ergebnis = []
    for seite in kurs.konfiguration.nav:
        datei = kurs.docs / seite.quelle
        text = datei.read_text(encoding="utf-8")
        ergebnis += [Diagramm(datei, text.count("\n", 0, m.start()) + 1, m[1]) for m in MERMAID.finditer(text)]
    return ergebnis


def _anker(titel: str) -> str:
    """Der Anker, den MkDocs (toc.slugify) aus einer Überschrift macht."""
    from markdown.extensions.toc import slugify

    return slugify(titel, "-")


def seite_pruefen(kurs: "Kurs", pfad: Path) -> None:
    """Was in einer Seite nie stehen darf oder sich vertippt hat, mit Datei und Zeile (QuellenFehler)."""
    text = pfad.read_text(encoding="utf-8")
    wo = pfad.relative_to(kurs.wurzel).as_posix() if pfad.is_relative_to(kurs.wurzel) else pfad.name
    kaesten.pruefen(text, wo)
    kaesten.diagramme_pruefen(text, wo)
    kaesten.doppelte_zeilen(text, wo)
    kaesten.erweiterungen_pruefen(text, wo, kurs.konfiguration.erweiterung_fehlt)
    for nummer, zeile in enumerate(text.split("\n"), start=1):
        def fehler(text: str, nummer: int = nummer) -> QuellenFehler:
            return QuellenFehler.in_datei(pfad, nummer, text, kurs.wurzel)

        if m := EINBINDUNG.match(zeile):  # gibt es Datei und Abschnitt?
            kurs.snippets.snippet(m["ziel"], pfad, nummer)
        if PYTHON_FENCE.match(zeile):  # Eingebundenes steht hier noch nicht: jeder Python-Fence ist direkt
            raise fehler('Ein Python-Block steht direkt in der Seite. Code gehört nach snippets/ und wird mit '
                         '--8<-- "datei.md" eingebunden; nur so läuft er als Test.')
        if m := KURZ_GEPRUEFT.match(zeile):
            kapitel, schritt = m["name"].split("/")
            toml = kurs.snippets.ordner / kapitel / "kurz-geprueft" / f"{schritt}.toml"
            if not toml.is_file():
                raise fehler(f"Zu dieser Marke gehört {toml.relative_to(kurs.wurzel).as_posix()}; die Datei gibt es "
                             "nicht. Je Schritt eine Frage: Leg sie an wie schritt-1.toml daneben.")
        elif m := QUIZ.match(zeile):
            if m["uebung"] not in kurs.uebungen:
                raise fehler(f"Die Übung {m['uebung']} gibt es nicht; es gibt {', '.join(kurs.uebungen)}.")
        elif AUSWAHL_VERSUCH.search(zeile):
            raise fehler(f"Zeile nicht erkannt: {zeile.strip()!r}. Form, allein in einer Zeile: "
                         "<!-- quiz: teil-2/uebung-3 --> oder <!-- kurz-geprueft: teil-2/schritt-1 -->")
