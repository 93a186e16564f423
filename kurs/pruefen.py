"""`python -m kurs.pruefen teil-2/uebung-1 meine_loesung.py`: prüft eine Lösung.

Der Prozess, den `pytest --uebung … --loesung …` startet (kurs/pytest_plugin.py): ein
eigener Prozess, damit eine Endlosschleife sich beenden lässt. Exit 0 nur bei Erfolg.
"""

import sys
from pathlib import Path

from kurs.lauf import Fehlermeldung
from kurs.modell import Kurs, verorten


def main(argv: list[str]) -> int:
    name, pfad = argv
    kandidat = Path(pfad).read_text(encoding="utf-8")
    kurs = Kurs(Path.cwd())
    try:
        uebung = kurs.uebung(name)
        uebung.kontext, uebung.pruefung  # noqa: B018 - nur, was die Prüfung braucht: schnell
    except Exception as exc:  # noqa: BLE001 - ein Fehler in den Quellen der Übung: mit Datei und Zeile
        print(f"{verorten(exc, kurs.wurzel)} (Fehler in den Quellen des Kurses)")
        return 2
    try:
        ausgabe = uebung.pruefe(kandidat)
    except Fehlermeldung as exc:
        print(exc)
        return 1
    print(ausgabe + "Bestanden.")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
