"""Was das Labor die Suite kostet: Messungen, keine Tests.

    uv run python benchmarks/labor_dauer.py

Druckt, wie lange jeder Server zum Start braucht (einzeln, nacheinander) und wie lange
`pytest snippets/labor tests/labor` dauert, in dem alle Server nebeneinander starten.
Ziel (Issue „Das Labor“): höchstens 30 s mehr für die ganze Suite.
"""

import subprocess
import sys
import time
from pathlib import Path

WURZEL = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(WURZEL / "tests"))
from labor.server import ALLE  # noqa: E402


def main() -> None:
    for name, klasse in ALLE.items():
        if not klasse.installiert():
            print(f"{name:12s} nicht installiert (apt-get install {klasse.pakete})")
            continue
        start = time.perf_counter()
        server = klasse().starten()
        dauer = time.perf_counter() - start
        server.stoppen()
        print(f"{name:12s} Start {dauer:5.2f} s")
    start = time.perf_counter()
    lauf = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "snippets/labor", "tests/labor"],
                          cwd=WURZEL, capture_output=True, text=True)
    dauer = time.perf_counter() - start
    ergebnis = lauf.stdout.strip().splitlines()[-1] if lauf.stdout.strip() else lauf.stderr[-300:]
    print(f"Labor in pytest: {dauer:5.2f} s  {ergebnis}  (Ziel ≤ 30 s: {'Ziel erreicht' if dauer <= 30 else 'ÜBER DEM ZIEL'})")


if __name__ == "__main__":
    main()
