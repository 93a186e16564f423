"""Die Übungen: snippets/<kapitel>/uebung-M/ (siehe CONTRIBUTING.md, „Eine Übung hinzufügen“).

Eine Übung liest ihre fehler.toml selbst; ihren Code (Kontext, Vorlage, Lösung, Prüfung) liest
sie aus den Beispielen ihrer Dateien (kurs/modell/snippets.py). Die Auswahlfrage einer Übung
steht als OPTIONEN und RICHTIG in ihrer Prüfung: eine Quelle für Auswahl und Prüfung.
"""

import ast
import re
import tomllib
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from kurs import lauf
from kurs.modell.beispiele import ABSCHNITT, Beispiel
from kurs.modell.fehler import QuellenFehler, verorten
from kurs.modell.fundstellen import Fundstellen
from kurs.modell.hinweise import Hinweis, hinweise_lesen

if TYPE_CHECKING:
    from kurs.modell import Kurs


@dataclass(frozen=True)
class TypischerFehler:
    """Eine typische falsche Lösung: die Musterlösung mit Ersetzungen, oder ganz eigener Code."""

    name: str
    meldung: str  # ein Stück der Meldung, mit der sie durchfällt ("" bei einer richtigen Variante)
    alt: tuple[str, ...] = ()
    neu: tuple[str, ...] = ()
    kandidat: str | None = None


@dataclass(frozen=True)
class Quiz:
    """Eine Auswahlfrage: die Auswahl einer Übung oder eine Frage „Kurz geprüft“."""

    gruppe: str  # die id der Auswahl auf der Seite: "quiz-teil-2-uebung-3", "kurz-geprueft-teil-1-schritt-2"
    frage: str | None  # bei einer Übung steht die Frage im Text davor
    optionen: dict  # {"A": {"text": ..., "erklaerung": ...}, ...}
    richtig: str


@dataclass
class Uebung(Fundstellen):
    kurs: "Kurs"
    name: str  # "teil-2/uebung-1"
    titel: str = ""  # aus der Überschrift „### Übung M: Titel“ der Seite
    anker: str = ""

    @property
    def ordner(self) -> Path:
        return self.kurs.snippets.ordner / self.name

    @property
    def kapitel(self) -> str:
        return self.name.split("/")[0]

    @property
    def nummer(self) -> str:
        return self.name.split("-")[-1]

    def _beispiel(self, rolle: str) -> Beispiel:
        """Das eine Python-Beispiel von `rolle`.md."""
        python = [b for b in self.kurs.snippets.beispiele(f"{self.name}/{rolle}.md") if b.syntax == "python"]
        if len(python) > 1:  # Vor dem zweiten fehlt wohl der cont-Marker: direkt hinter dem ersten.
            wo = f"snippets/{self.name}/{rolle}.md"
            if zweiter := next((b.zeile for b in python[1:] if b.zeile), None):
                zeilen = (self.ordner / f"{rolle}.md").read_text(encoding="utf-8").split("\n")[:zweiter - 1]
                ende = next((n for n in range(len(zeilen), 0, -1)
                             if zeilen[n - 1].strip() and not ABSCHNITT.search(zeilen[n - 1])), 0)
                wo += f":{ende + 1}"
            raise QuellenFehler(wo, f"Hier fehlt wohl `<!--pytest-codeblocks:cont-->`: Danach beginnt ein zweiter "
                                f"Python-Block, und {rolle}.md ist einer, aus seinen Teilen zusammengesetzt.")
        if not python:
            raise QuellenFehler(f"snippets/{self.name}/{rolle}.md", "Hier steht kein Python-Block.")
        return python[0]

    def _nach(self, rolle: str, vorher: str, einbindung: str) -> str:
        """Der Code von `rolle`.md hinter `vorher`: Die Datei beginnt mit `einbindung` und cont."""
        code = self._beispiel(rolle).code
        if not code.startswith(vorher):
            raise QuellenFehler(f"snippets/{self.name}/{rolle}.md", f"{rolle}.md beginnt mit "
                                f'--8<-- "{self.name}/{einbindung}" und <!--pytest-codeblocks:cont-->: '
                                "So läuft sie als Test, wie sie im Browser läuft.")
        try:  # Im Browser läuft sie für sich, nach dem Kontext: So muss sie auch für sich übersetzen.
            compile(code[len(vorher):], "<string>", "exec")
        except SyntaxError as exc:
            from kurs import lauf

            ort = self._beispiel(rolle).ort_in_quelle(vorher.count("\n") + (exc.lineno or 1))
            raise QuellenFehler(f"{ort[0]}:{ort[1]}" if ort else f"snippets/{self.name}/{rolle}.md", "Für sich ist das "
                                f"kein gültiges Python (so läuft es im Browser): {lauf.erklaere(exc, None)}") from None
        return code[len(vorher):]

    @cached_property
    def kontext(self) -> str:
        return self._beispiel("kontext").code if (self.ordner / "kontext.md").exists() else ""

    @cached_property
    def vorlage(self) -> str:
        return self._nach("vorlage", self.kontext, "kontext.md")

    @cached_property
    def loesung(self) -> str:
        return self._nach("loesung", self.kontext, "kontext.md")

    @cached_property
    def pruefung(self) -> str:
        """Der Code der Prüfung. Ihr Vertrag, geprüft beim Lesen: Jedes assert hat eine Meldung
        (sonst sähe die Leserin nur „AssertionError“), und pruefung.md zeigt als Ausgabe, was die
        bestandene Prüfung druckt."""
        code = self._nach("pruefung", self.kontext + self.loesung, "loesung.md")
        beispiel = self._beispiel("pruefung")
        wo = f"snippets/{self.name}/pruefung.md"
        if beispiel.ausgabe is None:
            raise QuellenFehler(wo, "Hinter der Prüfung fehlt ihre Ausgabe (<!--pytest-codeblocks:expected-output-->): "
                                "was sie druckt, wenn die Lösung besteht.")
        eigen = [s for s in beispiel.stuecke if s.zeile is not None]
        for knoten in ast.walk(ast.parse(code)):
            if isinstance(knoten, ast.Assert) and knoten.msg is None:
                # Die Zeile in der Datei: im eigenen Stück, das diese Zeile des Codes enthält.
                versatz = len(beispiel.code) - len(code)
                zeilen_davor = beispiel.code[:versatz].count("\n") + knoten.lineno - 1
                stueck = max((s for s in eigen if beispiel.code[:s.anfang].count("\n") <= zeilen_davor),
                             key=lambda s: s.anfang, default=None)
                zeile = stueck.zeile + zeilen_davor - beispiel.code[:stueck.anfang].count("\n") + 1 if stueck else None
                raise QuellenFehler(f"{wo}:{zeile}" if zeile else wo, "Ein assert ohne Meldung. Schreib dazu, was "
                                    "nicht stimmt und was zu tun ist: assert bedingung, \"…\"")
        return code

    @cached_property
    def _fehlerdaten(self) -> dict:
        datei = self.ordner / "fehler.toml"
        if not datei.is_file():
            raise QuellenFehler.in_datei(datei, None, "fehlt. Jede Übung nennt dort vorlage_meldung und ihre typischen Fehler.",
                               self.kurs.wurzel)
        try:
            daten = tomllib.loads(datei.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as exc:
            raise verorten(exc, self.kurs.wurzel, datei) from None
        if unbekannt := sorted(set(daten) - {"vorlage_meldung", "zeichnung", "fehler", "variante"}):
            text = datei.read_text(encoding="utf-8")
            treffer = re.search(rf"^\s*{re.escape(unbekannt[0])}\s*=", text, re.M)
            raise QuellenFehler.in_datei(datei, text.count("\n", 0, treffer.start()) + 1 if treffer else None,
                                         f"Unbekannte Schlüssel oben in der Datei: {unbekannt}. Jeder typische Fehler "
                                         "beginnt mit [[fehler]], jede Variante mit [[variante]].", self.kurs.wurzel)
        if not isinstance(daten.get("vorlage_meldung"), str):
            raise QuellenFehler.in_datei(datei, None, "vorlage_meldung fehlt: ein Stück der Meldung, mit der die Vorlage "
                               "durchfällt.", self.kurs.wurzel)
        return daten

    @property
    def vorlage_meldung(self) -> str:
        return self._fehlerdaten["vorlage_meldung"]

    def _eintraege(self, art: str, mit_meldung: bool) -> list[TypischerFehler]:
        ergebnis = []
        for nummer, eintrag in enumerate(self._fehlerdaten.get(art, [])):
            name = eintrag.get("name")
            erlaubt = {"name", "alt", "neu", "kandidat"} | ({"meldung"} if mit_meldung else set())
            unbekannt = set(eintrag) - erlaubt
            if not name or unbekannt or (mit_meldung and not eintrag.get("meldung")) or (
                    ("kandidat" in eintrag) == ("alt" in eintrag or "neu" in eintrag)):
                if name and unbekannt:  # ein vertippter Schlüssel
                    wo = self.fundstelle(name, re.escape(min(unbekannt)))
                elif name:  # einer fehlt: wo sich der Eintrag geändert hat
                    wo = (self.aenderung_im_eintrag(name) or (self.fundstelle(name, "name"),))[0]
                else:
                    wo = self._kopfzeile(art, nummer)
                raise QuellenFehler(wo,
                                    f"[[{art}]] {name or 'ohne Namen'!r}: braucht name"
                                   + (", meldung" if mit_meldung else "")
                                   + " und entweder alt und neu oder kandidat"
                                   + (f"; unbekannt: {sorted(unbekannt)}" if unbekannt else ""))
            alt, neu = eintrag.get("alt", ()), eintrag.get("neu", ())
            if "kandidat" not in eintrag and not (isinstance(alt, str) and isinstance(neu, str) or isinstance(alt, list)
                                                  and isinstance(neu, list) and len(alt) == len(neu)):
                raise QuellenFehler(self.fundstelle(name, "neu" if "neu" in eintrag else "alt"),
                                    f"[[{art}]] {name!r}: alt und neu gehören zusammen, beide Text oder beide eine "
                                    "Liste gleicher Länge (je Stück der Musterlösung sein Ersatz).")
            alt, neu = ((alt,), (neu,)) if isinstance(alt, str) else (tuple(alt), tuple(neu))
            ergebnis.append(TypischerFehler(name, eintrag.get("meldung", ""), alt, neu, eintrag.get("kandidat")))
        return ergebnis

    @cached_property
    def fehler(self) -> list[TypischerFehler]:
        """Typische falsche Lösungen mit ihrer Meldung; bei einem Quiz je falsche Option eine."""
        eigene = self._eintraege("fehler", mit_meldung=True)
        if self.quiz:
            eigene += [TypischerFehler(f"Option {wahl}", f"{wahl} passt nicht. {option['erklaerung']}",
                                       kandidat=f'antwort = "{wahl}"\n')
                       for wahl, option in self.quiz.optionen.items() if wahl != self.quiz.richtig]
        return eigene

    @cached_property
    def varianten(self) -> list[TypischerFehler]:
        """Andere richtige Lösungen: Sie müssen bestehen."""
        return self._eintraege("variante", mit_meldung=False)

    def kandidat(self, fehler: TypischerFehler) -> str:
        """Der Code eines typischen Fehlers oder einer Variante."""
        if fehler.kandidat is not None:
            return fehler.kandidat
        code = self.loesung
        for a, n in zip(fehler.alt, fehler.neu, strict=True):
            if code.count(a) != 1:
                raise QuellenFehler(self._alt_stelle(fehler.name, a, code),
                                    f"„{fehler.name}“: {a!r} steht {code.count(a)}-mal in der Musterlösung "
                                    "(loesung.md), nicht genau einmal. `alt` muss ein Stück der Musterlösung sein.")
            code = code.replace(a, n)
        return code

    @cached_property
    def hinweise(self) -> list[Hinweis]:
        """Die Hinweise aus hinweise.toml (kurs/modell/hinweise.py)."""
        return hinweise_lesen(self)

    @cached_property
    def quiz(self) -> Quiz | None:
        """OPTIONEN und RICHTIG aus der Prüfung: eine Quelle für Auswahl und Prüfung."""
        werte = {}
        for knoten in ast.parse(self.pruefung).body:
            if isinstance(knoten, ast.Assign) and len(knoten.targets) == 1:
                ziel = knoten.targets[0]
                if isinstance(ziel, ast.Name) and ziel.id in ("OPTIONEN", "RICHTIG"):
                    werte[ziel.id] = ast.literal_eval(knoten.value)
        if len(werte) != 2:
            return None
        # In der Prüfung heißt die Erklärung „begruendung“: Sie begründet die Meldung.
        optionen = {w: {"text": o["text"], "erklaerung": o["begruendung"]} for w, o in werte["OPTIONEN"].items()}
        return Quiz("quiz-" + self.name.replace("/", "-"), None, optionen, werte["RICHTIG"])

    @cached_property
    def definiert(self) -> list[str]:
        """Was eine Lösung definiert: die Namen, die die Musterlösung oben festlegt."""
        namen = []
        for knoten in ast.parse(self.loesung).body:
            if isinstance(knoten, (ast.FunctionDef, ast.ClassDef)):
                namen.append(knoten.name)
            elif isinstance(knoten, ast.Assign):
                namen += [z.id for z in knoten.targets if isinstance(z, ast.Name)]
        return namen

    def pruefe(self, kandidat: str) -> str:
        """Die Ausgabe der Prüfung; lauf.Fehlermeldung mit deutscher Meldung, wenn `kandidat` scheitert."""
        return lauf.pruefe(self.kontext, kandidat, self.pruefung)

    def lesen(self) -> None:
        """Liest alle Teile der Übung; ein Fehler in ihren Quellen wird zum QuellenFehler."""
        for fehler in self.fehler + self.varianten:  # fehler liest auch Prüfung und Auswahl
            self.kandidat(fehler)  # liest die Lösung und prüft jede Ersetzung
        self.kontext, self.vorlage, self.hinweise  # noqa: B018

    @property
    def zeichnung_nach_bestehen(self) -> bool:
        """Verriete die Zeichnung des Laufs die Antwort (eine Vorhersage), zeigt die Seite sie erst nach dem
        Bestehen: `zeichnung = "nach dem Bestehen"` in fehler.toml."""
        wert = self._fehlerdaten.get("zeichnung")
        if wert not in (None, "nach dem Bestehen"):
            raise QuellenFehler.in_datei(self.ordner / "fehler.toml", None, f"zeichnung = {wert!r}: erlaubt ist nur "
                                         '"nach dem Bestehen" (oder die Zeile weglassen).', self.kurs.wurzel)
        return wert is not None

    def als_daten(self) -> dict:
        """Was der Browser zum Ausführen und Prüfen braucht; die Lösung liest er von der Seite."""
        daten = {"kontext": self.kontext, "pruefung": self.pruefung}
        return daten | ({"zeichnung_nach_bestehen": True} if self.zeichnung_nach_bestehen else {})
