"""`uv run python -m kurs.mutation [--anzahl N] [--seed S] [--zeigen]`: baut N Fehler einzeln in eine
Kopie des Kurses ein und druckt, wie jeder gemeldet wird, dazu die Tabelle Art x Quelle.
Exit 1, wenn einer mit Traceback, ohne seine Datei und Zeile (oder mehr als zwei daneben), mit zu vielen
Zeilen oder mit halb geschriebenem Ordner gemeldet wird; mit --nur-datei genügt die Datei."""

import argparse
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from kurs.modell import WURZEL
from kurs.mutation import ARTEN, DATEIARTEN
from kurs.mutation.lauf import Ergebnis, basis_anlegen, pruefen
from kurs.mutation.stichprobe import kandidaten, stichprobe

ANZAHL_CI, SEED_CI = 12, 1  # die Stichprobe der CI (tests/test_mutation.py): jede Zelle ein anderer Fehler


def tabelle(ergebnisse: list[Ergebnis]) -> str:
    """Je Quelle und Art: an der Zeile gemeldet / Fehler (ohne „kein Fehler“); k = kein Fehler."""
    zellen = Counter((e.mutation.dateiart, e.mutation.art, e.urteil) for e in ergebnisse)
    breite = max(map(len, ARTEN))
    zeilen = [f"{'':<12}" + "".join(f"{a:>{breite + 1}}" for a in ARTEN)]
    for d in DATEIARTEN:
        felder = []
        for a in ARTEN:
            alle = sum(n for (dd, aa, _), n in zellen.items() if (dd, aa) == (d, a))
            kein = zellen[(d, a, "kein-fehler")]
            felder.append(f"{zellen[(d, a, 'zeile')]}/{alle - kein}" + (f" k{kein}" if kein else "") if alle else "-")
        zeilen.append(f"{d:<12}" + "".join(f"{f:>{breite + 1}}" for f in felder))
    urteile = Counter(e.urteil for e in ergebnisse)
    fehler = len(ergebnisse) - urteile["kein-fehler"]
    zeilen.append(f"\n{len(ergebnisse)} Fehler eingebaut: {urteile['zeile']} von {fehler} an ihrer Zeile gemeldet, "
                  f"{urteile['datei']} nur mit Datei, {urteile['falsch']} woanders oder ohne Fundstelle, "
                  f"{urteile['traceback']} mit Traceback; {urteile['kein-fehler']} waren keiner (alles grün). "
                  f"Zu viele Zeilen: {sum(e.zeilen > 5 for e in ergebnisse)}, halb geschrieben: "
                  f"{sum(e.halb for e in ergebnisse)}.")
    return "\n".join(zeilen)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kurs.mutation", description=__doc__.split("\n\n")[0])
    parser.add_argument("--anzahl", type=int, default=ANZAHL_CI)
    parser.add_argument("--seed", type=int, default=SEED_CI)
    parser.add_argument("--zeigen", action="store_true", help="die ganze Ausgabe jedes Fehlers, der nicht passt")
    parser.add_argument("--zeile", action="store_true", help="die ganze Regel (Standard, auch in CI)")
    parser.add_argument("--nur-datei", action="store_true",
                        help="lockerer: Exit 0 auch, wenn ein Fehler nur mit seiner Datei gemeldet wird")
    args = parser.parse_args(argv)
    auswahl = stichprobe(kandidaten(WURZEL), args.anzahl, args.seed)
    ergebnisse = []
    with tempfile.TemporaryDirectory(prefix="kurs-mutation-basis-") as tmp:
        basis = basis_anlegen(WURZEL, Path(tmp) / "basis")
        for nummer, m in enumerate(auswahl, start=1):
            anfang = time.monotonic()
            e = pruefen(m, basis, Path(tmp) / "cache")
            ergebnisse.append(e)
            marke = "ok " if e.gut else "NEIN"
            print(f"{marke} {nummer:>3} {e.urteil:<11} {time.monotonic() - anfang:4.1f} s  {m.name}", flush=True)
            if not e.gut:
                print(f"       erste Fehlerzeile: {e.erste[:200]!r}; {e.zeilen} Zeilen" + (", halb geschrieben" if
                                                                                          e.halb else ""))
                if args.zeigen:
                    print(e.ausgabe[-4000:])
    print()
    print(tabelle(ergebnisse))
    return 0 if all(e.verortet if args.nur_datei else e.gut for e in ergebnisse) else 1


if __name__ == "__main__":
    sys.exit(main())
