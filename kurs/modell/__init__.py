"""Das Kursmodell: der einzige Leser von mkdocs.yml, docs/ und snippets/.

Alles andere baut darauf: das pytest-Plugin, das MkDocs-Plugin, programme.json, die
Notebooks, die Browsertests und das Neuschreiben der Ausgaben. Wie bei mdBook liest kein
Werkzeug die Dateien auf seine eigene Art. Je Art von Quelle ein Modul, das sie als einziges liest:

  konfiguration.py  mkdocs.yml: Einstellungen, site_url, nav
  snippets.py       snippets/*.md, mit beispiele.py: die Tests von pytest-codeblocks
  kapitel.py        die Seiten in docs/: Kapitel, Überschriften der Übungen, Diagramme
  uebungen.py       snippets/<kapitel>/uebung-M/fehler.toml, hinweise.toml und die Auswahl einer Übung
  fragen.py         snippets/<kapitel>/kurz-geprueft/*.toml
  glossar.py        docs/glossar.md

Ein Kapitel ist eine Seite aus `nav`, zu der es einen Ordner snippets/<seite>/ gibt.
Ein Teil 3 braucht also nur eine Zeile in `nav`, eine Seite und einen Ordner.
"""

from functools import cached_property
from pathlib import Path

from kurs.modell.beispiele import EINBINDUNG, Beispiel, Stueck
from kurs.modell.fehler import QuellenFehler, verorten
from kurs.modell.fragen import frage_lesen
from kurs.modell.glossar import glossar_lesen
from kurs.modell.kapitel import (
    KURZ_GEPRUEFT,
    PYTHON_FENCE,
    QUIZ,
    Diagramm,
    Kapitel,
    diagramme_lesen,
    kapitel_lesen,
    seite_pruefen,
)
from kurs.modell.konfiguration import Konfiguration, Seite
from kurs.modell.snippets import AUSGABE, Programm, Snippets, ausgabe_ersetzen, ausgabe_zeile, uebung_von
from kurs.modell.uebungen import Hinweis, Quiz, TypischerFehler, Uebung

WURZEL = Path(__file__).resolve().parent.parent.parent
NOTEBOOKS = "notebooks"  # Pfad der Notebook-Seiten: notebooks/uebungen-teil-1/
# Zeilen einer Seite, die das MkDocs-Plugin durch eine Auswahl ersetzt (kurs/seite/auswahl.py).


__all__ = ["AUSGABE", "EINBINDUNG", "KURZ_GEPRUEFT", "NOTEBOOKS", "PYTHON_FENCE", "QUIZ", "WURZEL", "Beispiel", "Diagramm",
           "Hinweis", "Kapitel", "Kurs", "Programm", "QuellenFehler", "Quiz", "Seite", "Stueck", "TypischerFehler", "Uebung",
           "ausgabe_ersetzen", "ausgabe_zeile", "verorten"]


class Kurs:
    """Der Kurs in einem Ordner: fragt die Leser der einzelnen Quellen."""

    def __init__(self, wurzel: Path = WURZEL):
        self.wurzel = Path(wurzel).resolve()
        self.docs = self.wurzel / "docs"
        self.konfiguration = Konfiguration(self.wurzel)
        self.snippets = Snippets(self.wurzel, self.konfiguration)

    # --- mkdocs.yml ---

    @property
    def site_url(self) -> str:
        return self.konfiguration.site_url

    @property
    def nav(self) -> list[Seite]:
        return self.konfiguration.nav

    # --- Kapitel, Übungen, Notebooks ---

    @cached_property
    def kapitel(self) -> list[Kapitel]:
        return kapitel_lesen(self)

    @property
    def uebungen(self) -> dict[str, Uebung]:
        return {u.name: u for k in self.kapitel for u in k.uebungen}

    def uebung(self, name: str) -> Uebung:
        if name not in self.uebungen:
            raise KeyError(name)
        return self.uebungen[name]

    @property
    def notebook_seiten(self) -> list[tuple[Kapitel, Seite]]:
        """Je Kapitel mit Übungen eine Notebook-Seite (gebaut, nicht in docs/)."""
        return [(k, Seite(f"Übungen zu {k.kurztitel}", f"{NOTEBOOKS}/uebungen-{k.name}.ipynb"))
                for k in self.kapitel if k.uebungen]

    @property
    def seiten(self) -> list[Seite]:
        """Jede Seite der gebauten Seite: nav und die Notebook-Seiten."""
        return self.nav + [s for _, s in self.notebook_seiten]

    @property
    def diagramme(self) -> list[Diagramm]:
        return diagramme_lesen(self)

    def frage(self, name: str) -> Quiz:
        """Die Frage „Kurz geprüft“ `teil-N/schritt-K`; QuellenFehler mit Datei, wenn sie kaputt ist."""
        return frage_lesen(self.snippets.ordner, name, self.wurzel)

    @cached_property
    def glossar(self) -> list[dict]:
        return glossar_lesen(self.docs / "glossar.md", self.wurzel)

    # --- Snippets ---

    def zusammensetzen(self, text: str) -> str:
        return self.snippets.zusammensetzen(text)

    def beispiele(self, ziel: str) -> list[Beispiel]:
        return self.snippets.beispiele(ziel)

    @property
    def beispiele_aller_dateien(self) -> list[Beispiel]:
        return self.snippets.beispiele_aller_dateien

    def programm(self, ziel: str, code: str) -> Programm:
        return self.snippets.programm(ziel, code)

    def uebung_von(self, pfad: str) -> str | None:
        return uebung_von(pfad)

    def pruefen(self) -> None:
        """Liest jede Seite, Übung und Frage ganz: Ein Fehler in den Quellen fällt sofort auf, mit
        Datei und Zeile (QuellenFehler), nicht erst auf der Seite, die ihn zeigt. Auch Python, das
        nicht übersetzt: an der Zeile der Datei, in der es steht, auch wenn andere es einbinden."""
        try:
            self.konfiguration.noetiges_pruefen()
            self.konfiguration.nav_pruefen(self.docs)
            for beispiel in self.beispiele_aller_dateien:
                beispiel.uebersetzen()
            for uebung in self.uebungen.values():
                uebung.lesen()
            for kapitel in self.kapitel:
                kapitel.fragen  # noqa: B018 - liest und prüft jede Frage
            for seite in self.nav:
                seite_pruefen(self, self.docs / seite.quelle)
            self.glossar  # noqa: B018
        except Exception as exc:  # noqa: BLE001 - jeder Fehler beim Lesen wird einer mit Datei und Zeile
            raise verorten(exc, self.wurzel) from None
