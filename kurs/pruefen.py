"""Prüft eine Lösung: Kontext, dann der Code der Lösung, dann die Prüfung.

Eine Übung ist ein Ordner `snippets/teil-N/uebung-M/` mit
  vorlage.md   der Startcode, den die Leserin bearbeitet
  loesung.md   die Musterlösung
  pruefung.md  die Prüfung: läuft nach der Lösung im selben Namensraum und
               wirft bei einem Fehler einen AssertionError mit deutscher Meldung
  kontext.md   (optional) was Lösung und Prüfung voraussetzen, z. B. die Queue
"""

import traceback
from dataclasses import dataclass
from functools import cached_property

from kurs.zusammensetzen import SNIPPETS, python_code

DATEINAME = "<deine Lösung>"


class NichtBestanden(Exception):
    """Die Lösung besteht die Prüfung nicht; die Meldung sagt auf Deutsch, warum."""


def alle_uebungen() -> list[str]:
    return sorted(p.parent.relative_to(SNIPPETS).as_posix() for p in SNIPPETS.glob("teil-*/uebung-*/pruefung.md"))


def _zeile_in_loesung(exc: BaseException) -> str:
    zeilen = [f.lineno for f in traceback.extract_tb(exc.__traceback__) if f.filename == DATEINAME]
    return f" (Zeile {zeilen[-1]} deiner Lösung)" if zeilen else ""


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

    def pruefe(self, kandidat: str) -> None:
        """Wirft NichtBestanden mit deutscher Meldung, wenn `kandidat` die Prüfung nicht besteht."""
        try:
            code = compile(kandidat, DATEINAME, "exec")
        except SyntaxError as exc:
            raise NichtBestanden(f"Syntaxfehler in Zeile {exc.lineno} deiner Lösung: {exc.msg}") from None
        namensraum = {"__name__": "__kurs__"}
        exec(self.kontext, namensraum)
        try:
            exec(code, namensraum)
        except NameError as exc:
            raise NichtBestanden(
                f"Deine Lösung nutzt den Namen {exc.name!r}, der nicht definiert ist"
                f"{_zeile_in_loesung(exc)}. Fehlt eine Funktion, oder ist sie anders geschrieben?"
            ) from None
        except Exception as exc:
            raise NichtBestanden(
                f"Deine Lösung bricht schon beim Ausführen ab{_zeile_in_loesung(exc)}: "
                f"{type(exc).__name__}: {exc}"
            ) from None
        try:
            exec(self.pruefung, namensraum)
        except AssertionError as exc:
            raise NichtBestanden(str(exc)) from None
        except Exception as exc:
            raise NichtBestanden(
                f"Beim Prüfen wirft deine Lösung {type(exc).__name__}: {exc}{_zeile_in_loesung(exc)}"
            ) from None

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
        Uebung(name).pruefe(kandidat)
    except NichtBestanden as exc:
        print(exc)
        return 1
    print("Bestanden.")
    return 0


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
