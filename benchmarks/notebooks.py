"""Was mkdocs-jupyter den Build kostet: Messungen, keine Tests.

    uv run python benchmarks/notebooks.py

Nebeneinander im selben Lauf, je Median aus 3 (Issue „The design card, honored“):
- kalter strenger Build (Caches von mkdocs-jupyter und der Seiten leer) ÷ Referenz: nackte Material-Seite mit mkdocs-jupyter,
  denselben Seiten und denselben Notebooks, ohne Code des Kurses, ebenfalls kalt. Ziel ≤ 1,2.
- warmer strenger Build (Cache voll, nichts geändert) ÷ nackte Material-Seite ohne Notebooks.
  Ziel ≤ 1,0.
- Notebooks, die `mkdocs serve` neu rendert, wenn sich ein Kapitel ändert. Ziel 0.
Das Gewicht der Notebook-Seite misst benchmarks/seitengewicht.py.
"""

import os
import queue
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from suite import UMGEBUNG, WURZEL, laufen, nackte_kopie, rechner_bezug  # noqa: E402

from kurs import notebooks  # noqa: E402
from kurs.modell import Kurs  # noqa: E402


def referenz(ordner: Path) -> Path:
    """Die nackte Kopie mit den Notebooks des Kurses und mkdocs-jupyter, wie es ohne uns liefe."""
    nackte_kopie(ordner)
    notebooks.schreibe(Kurs(), ordner / "docs" / "notebooks")
    yml = ordner / "mkdocs.yml"
    yml.write_text(yml.read_text(encoding="utf-8") + "plugins:\n  - search\n  - mkdocs-jupyter:\n"
                   '      include: ["*.ipynb"]\n      ignore: ["*.md"]\n      cache: true\n', encoding="utf-8")
    return ordner


def freier_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve_neu_gerendert(tmp: Path) -> tuple[int, int]:
    """(Notebooks beim Start von `mkdocs serve`, beim Neubau nach einer Änderung an Teil 1)."""
    kopie = tmp / "serve"
    for teil in ("docs", "snippets", "overrides", "diagramme", "kurs"):
        shutil.copytree(WURZEL / teil, kopie / teil)
    shutil.copy(WURZEL / "mkdocs.yml", kopie)
    env = {**UMGEBUNG, "KURS_NOTEBOOK_CACHE": str(tmp / "serve-cache")}
    serve = subprocess.Popen([sys.executable, "-m", "mkdocs", "serve", "-a", f"127.0.0.1:{freier_port()}"],
                             cwd=kopie, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                             start_new_session=True)
    zeilen = []
    ausgabe = queue.Queue()
    # Ein Faden liest, damit das Warten eine Frist hat: readline allein kann ewig blockieren.
    threading.Thread(target=lambda: [ausgabe.put(z) for z in serve.stdout] + [ausgabe.put("")], daemon=True).start()

    def warte_auf(anzahl_builds: int) -> None:
        # „Serving on“ erst, wenn der Beobachter läuft: eine frühere Änderung sähe er nicht.
        while (sum("Documentation built" in z for z in zeilen) < anzahl_builds
               or not any("Serving on" in z for z in zeilen)):
            try:
                zeile = ausgabe.get(timeout=60)
            except queue.Empty:
                zeile = ""
            if not zeile:
                sys.exit("mkdocs serve ist beendet oder baut nicht neu:\n" + "".join(zeilen[-20:]))
            zeilen.append(zeile)

    try:
        warte_auf(1)
        beim_start = sum("Cache miss" in z for z in zeilen)
        seite = kopie / "docs" / "teil-1.md"
        seite.write_text(seite.read_text(encoding="utf-8").replace("\n", "\n\nEin neuer Absatz.\n", 1), encoding="utf-8")
        warte_auf(2)
        return beim_start, sum("Cache miss" in z for z in zeilen) - beim_start
    finally:
        os.killpg(serve.pid, signal.SIGTERM)
        serve.wait()


def main() -> None:
    bezug = rechner_bezug()
    mkdocs = [sys.executable, "-m", "mkdocs", "build", "--strict", "-q"]
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        ref = referenz(tmp / "referenz")
        nackt = nackte_kopie(tmp / "nackt")
        cache, seiten = tmp / "cache", tmp / "seiten"
        kalt, ref_kalt, warm, nackte = [], [], [], []
        for i in range(3):  # abwechselnd: Alle sehen dieselbe Last der Maschine
            shutil.rmtree(cache, ignore_errors=True)
            shutil.rmtree(seiten, ignore_errors=True)
            shutil.rmtree(ref / ".cache", ignore_errors=True)
            env = {**UMGEBUNG, "KURS_NOTEBOOK_CACHE": str(cache), "KURS_SEITENCACHE": str(seiten)}
            kalt.append(laufen(*mkdocs, "-d", str(tmp / f"k{i}"), env=env)[0])
            ref_kalt.append(laufen(*mkdocs, "-d", str(tmp / f"r{i}"), cwd=ref)[0])
            warm.append(laufen(*mkdocs, "-d", str(tmp / f"w{i}"), env=env)[0])
            nackte.append(laufen(*mkdocs, "-d", str(tmp / f"n{i}"), cwd=nackt)[0])
        beim_start, beim_neubau = serve_neu_gerendert(tmp)

    def zeile(name, werte):
        return f"{name:34s} {' / '.join(f'{d:.2f}' for d in werte)} s (Median {statistics.median(werte):.2f} s)"

    ziel = lambda ok: "Ziel erreicht" if ok else "ÜBER DEM ZIEL"  # noqa: E731
    kalt_zu_ref = statistics.median(kalt) / statistics.median(ref_kalt)
    warm_zu_nackt = statistics.median(warm) / statistics.median(nackte)
    for name, werte in (("Kurs, kalt (Cache leer)", kalt), ("Referenz Material+mkdocs-jupyter, kalt", ref_kalt),
                        ("Kurs, warm (nichts geändert)", warm), ("Nackte Material-Seite", nackte)):
        print(zeile(name, werte))
    print(f"{'kalt ÷ Referenz':34s} {kalt_zu_ref:.2f}  (Ziel ≤ 1,2: {ziel(kalt_zu_ref <= 1.2)})")
    print(f"{'warm ÷ nackt':34s} {warm_zu_nackt:.2f}  (Ziel ≤ 1,0: {ziel(warm_zu_nackt <= 1.0)}; "
          f"schnellster ÷ schnellster {min(warm) / min(nackte):.2f}, weniger abhängig von der Last)")
    print(f"{'mkdocs serve: Notebooks gerendert':34s} {beim_start} beim Start, {beim_neubau} nach Änderung an Teil 1 "
          f"(Ziel 0: {ziel(beim_neubau == 0)})")
    print(f"{'Rechner (10⁷ Additionen)':34s} {bezug:.2f} s")


if __name__ == "__main__":
    main()
