"""Zahlen zur Testsuite und zum Build, kein Test mit Zeitgrenze.

    uv run python -m kurs.benchmark

Ziele auf der 2-Kern-Maschine: Tests unter 10 s, Build unter 5 s. Die Browsertests
(tests/browser/, Chromium und Pyodide) zählen getrennt: Sie kamen später dazu und
haben eigene Benchmarks (kurs.benchmark_browser, kurs.benchmark_lauf).
"""

import os
import re
import subprocess
import sys
import tempfile
import time

from kurs.zusammensetzen import WURZEL


def laufen(*befehl: str) -> tuple[float, str]:
    start = time.perf_counter()
    lauf = subprocess.run(
        befehl, cwd=WURZEL, capture_output=True, text=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    )
    dauer = time.perf_counter() - start
    if lauf.returncode != 0:
        sys.exit(f"{' '.join(befehl)} scheiterte:\n{lauf.stdout[-2000:]}{lauf.stderr[-2000:]}")
    return dauer, lauf.stdout


def main() -> None:
    _, gesammelt = laufen(sys.executable, "-m", "pytest", "--collect-only", "-q", "snippets")
    bloecke = len([z for z in gesammelt.splitlines() if "::" in z])
    _, alle = laufen(sys.executable, "-m", "pytest", "--collect-only", "-q")
    uebungstests = len([z for z in alle.splitlines() if "/test_uebung_" in z])

    dauer_ohne, ausgabe_ohne = laufen(
        sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--ignore=tests/browser")
    dauer_tests, ausgabe = laufen(sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider")
    ergebnis = re.findall(r"^\d+ passed.*$", ausgabe, re.M)
    ergebnis_ohne = re.findall(r"^\d+ passed.*$", ausgabe_ohne, re.M)
    with tempfile.TemporaryDirectory() as ziel:
        dauer_build, _ = laufen(sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", ziel)

    print(f"Snippet-Beispiele ausgeführt:  {bloecke}")
    print(f"Tests der Übungsprüfungen:     {uebungstests}")
    print(f"Testsuite:                     {ergebnis[-1] if ergebnis else '?'}")
    print(f"Ohne Browsertests:             {ergebnis_ohne[-1] if ergebnis_ohne else '?'}")
    print(f"Wandzeit pytest ohne Browser:  {dauer_ohne:.2f} s (Ziel < 10 s)")
    print(f"Wandzeit pytest, alles:        {dauer_tests:.2f} s")
    print(f"Wandzeit mkdocs build --strict: {dauer_build:.2f} s (Ziel < 5 s)")


if __name__ == "__main__":
    main()
