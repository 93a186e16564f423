"""Prüft eine Lösung: Kontext, dann der Code der Lösung, dann die Prüfung.

Eine Übung ist ein Ordner `snippets/teil-N/uebung-M/` mit
  vorlage.md   der Startcode, den die Leserin bearbeitet
  loesung.md   die Musterlösung
  pruefung.md  die Prüfung: läuft nach der Lösung im selben Namensraum und
               wirft bei einem Fehler einen AssertionError mit deutscher Meldung
  kontext.md   (optional) was Lösung und Prüfung voraussetzen, z. B. die Queue
"""

from dataclasses import dataclass
from functools import cached_property

from kurs import lauf
from kurs.zusammensetzen import SNIPPETS, python_code

# Eine nicht bestandene Prüfung ist eine Fehlermeldung aus kurs.lauf: Tests,
# Prüfbefehl und Browser melden dasselbe.
NichtBestanden = lauf.Fehlermeldung


def alle_uebungen() -> list[str]:
    return sorted(p.parent.relative_to(SNIPPETS).as_posix() for p in SNIPPETS.glob("teil-*/uebung-*/pruefung.md"))


@dataclass(frozen=True)
class Uebung:
    name: str  # z. B. "teil-2/uebung-1"

    def _code(self, datei: str) -> str:
        return python_code(f"{self.name}/{datei}")

    @cached_property
    def kontext(self) -> str:
        return self._code("kontext.md") if (SNIPPETS / self.name / "kontext.md").exists() else ""

    @cached_property
    def vorlage(self) -> str:
        return self._code("vorlage.md")

    @cached_property
    def loesung(self) -> str:
        return self._code("loesung.md")

    @cached_property
    def pruefung(self) -> str:
        return self._code("pruefung.md")

    def pruefe(self, kandidat: str) -> str:
        """Die Ausgabe der Prüfung; NichtBestanden mit deutscher Meldung, wenn `kandidat` scheitert."""
        return lauf.pruefe(self.kontext, kandidat, self.pruefung)

    def mit_ersetzung(self, alt: str | tuple[str, ...], neu: str | tuple[str, ...]) -> str:
        """Die Musterlösung mit einem typischen Fehler: `alt` wird zu `neu` (auch mehrere Stellen)."""
        alte, neue = (alt, neu) if isinstance(alt, tuple) else ((alt,), (neu,))
        code = self.loesung
        for a, n in zip(alte, neue, strict=True):
            if code.count(a) != 1:
                raise ValueError(f"{self.name}: {a!r} steht nicht genau einmal in der Musterlösung")
            code = code.replace(a, n)
        return code


def main(argv: list[str]) -> int:
    """`python -m kurs.pruefen teil-2/uebung-1 meine_loesung.py`; Exit 0 nur bei Erfolg."""
    name, pfad = argv
    with open(pfad, encoding="utf-8") as datei:
        kandidat = datei.read()
    try:
        ausgabe = Uebung(name).pruefe(kandidat)
    except NichtBestanden as exc:
        print(exc)
        return 1
    print(ausgabe + "Bestanden.")
    return 0


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
