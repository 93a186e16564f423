"""Der Mutationstest der Quellen: Jeder Fehler, den Beitragende machen, wird an seiner Zeile gemeldet.

Er nimmt den echten Kurs, baut je einen Fehler ein (`arten.py`: eine gelöschte, doppelte oder
verschobene Zeile, eine umbenannte oder gelöschte Datei, ein kaputter Verweis, ein geänderter
Name, ein Tippfehler, ein kaputter Wert; in jeder Art Quelle), lässt den strengen Build und die
betroffenen Tests laufen (`lauf.py`) und verlangt: kein Traceback, die erste Fehlerzeile nennt die
geänderte Datei und eine Zeile höchstens zwei daneben, wenige Fehlerzeilen, kein halb
geschriebener Ordner. Bleibt alles grün, war es kein Fehler: Das zählt der Bericht, rot ist es nicht.

    uv run python -m kurs.mutation                      # die Stichprobe der CI (tests/test_mutation.py)
    uv run python -m kurs.mutation --anzahl 200 --seed 7
"""

from dataclasses import dataclass, field
from pathlib import Path

# Die Arten von Fehlern und die Arten von Quellen, in der Reihenfolge des Berichts.
ARTEN = ("zeile-weg", "zeile-doppelt", "einzug", "datei-umbenannt", "datei-weg", "verweis", "name",
         "tippfehler", "wert")
DATEIARTEN = ("seite", "code", "ausgabe", "uebung", "frage", "mkdocs.yml", "diagramm", "overrides")


@dataclass(frozen=True)
class Mutation:
    """Ein Fehler: was sich wo ändert und wo die Meldung ihn nennen soll."""

    art: str
    dateiart: str
    datei: str  # relativ zur Wurzel, wie die Meldungen sie nennen
    zeile: int | None  # die geänderte Zeile; None, wo keine passt (eine gelöschte Datei)
    was: str
    # ("zeile", pfad, nummer, neue_zeilen), ("weg", pfad) oder ("umbenennen", pfad, neuer_pfad)
    schritte: tuple = ()
    # Weitere Stellen, die die Meldung nennen darf: wo auf eine gelöschte Datei verwiesen wird.
    auch: tuple = field(default=())

    @property
    def orte(self) -> tuple[tuple[str, int | None], ...]:
        return ((self.datei, self.zeile), *self.auch)

    def anwenden(self, ordner: Path) -> None:
        for schritt in self.schritte:
            ziel = ordner / schritt[1]
            if schritt[0] == "zeile":
                zeilen = ziel.read_text(encoding="utf-8").split("\n")
                zeilen[schritt[2] - 1:schritt[2]] = schritt[3]
                ziel.write_text("\n".join(zeilen), encoding="utf-8")
            elif schritt[0] == "weg":
                ziel.unlink()
            else:
                ziel.rename(ordner / schritt[2])

    @property
    def name(self) -> str:
        return f"{self.art} in {self.datei}" + (f":{self.zeile}" if self.zeile else "") + f" ({self.was})"
