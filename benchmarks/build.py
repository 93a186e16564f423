"""Was ein Build kostet, und was sein Cache spart: Messungen, keine Tests.

    uv run python benchmarks/build.py

Nebeneinander im selben Lauf, abwechselnd, je Median aus 3 (Ziele aus Issue 50):
- warmer strenger Build (Cache voll, nichts geändert) ÷ dieselben Dateien mit Material und den
  Markdown-Erweiterungen des Kurses (Codeblöcke, Kästen, Tabs), ohne sein Plugin: Ziel ≤ 1,3.
  Daneben die nackte Material-Seite (nur pymdownx.snippets, kein gefärbter Code), zum Vergleich.
- der Build ohne Cache (KURS_CACHE=false) neben dem warmen: Ein Cache bleibt nur, wenn er je
  warmem Build mindestens 0,5 s spart (kurs/seite/notebookcache.py ist der einzige). Ohne
  Cache auf der Platte wäre jeder Build so lang: die Zahl für „nur ein Cache im Prozess von serve“.
- kalter strenger Build (Cache leer) ÷ nackte Material-Seite mit mkdocs-jupyter, denselben Seiten
  und denselben Notebooks, ebenfalls kalt. Ziel ≤ 1,2.
- Notebooks, die `mkdocs serve` neu rendert, wenn sich ein Kapitel ändert. Ziel 0.
- wie lange nbconvert braucht: laden und beide Notebooks rendern, dann im selben Prozess noch
  einmal rendern (was ein Cache nur im Prozess von `mkdocs serve` je Neubau spart).
Das Gewicht der Notebook-Seite misst benchmarks/seitengewicht.py.
"""

import os
import queue
import resource
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


def gleiche_erweiterungen(ordner: Path) -> Path:
    """Die nackte Kopie mit den Markdown-Erweiterungen des Kurses (ohne seine eigenen Fences)."""
    import yaml

    nackte_kopie(ordner)
    erweiterungen = []
    for eintrag in Kurs().konfiguration.config["markdown_extensions"]:
        if isinstance(eintrag, dict) and "pymdownx.superfences" in eintrag:
            fences = [f for f in eintrag["pymdownx.superfences"]["custom_fences"] if f["name"] == "mermaid"]
            eintrag = {"pymdownx.superfences": {"custom_fences": [{**f, "format": "FORMAT"} for f in fences]}}
        if isinstance(eintrag, dict) and "pymdownx.snippets" in eintrag:
            eintrag = {"pymdownx.snippets": {"base_path": [str(WURZEL / "snippets")], "check_paths": True}}
        erweiterungen.append(eintrag)
    text = yaml.safe_dump({"site_name": "Gleich", "theme": {"name": "material", "language": "de"},
                           "plugins": [{"search": {"lang": "de"}}], "markdown_extensions": erweiterungen},
                          allow_unicode=True)
    (ordner / "mkdocs.yml").write_text(
        text.replace("format: FORMAT", "format: !!python/name:pymdownx.superfences.fence_code_format"), encoding="utf-8")
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
    env = {**UMGEBUNG, "KURS_CACHE_DIR": str(tmp / "serve-cache")}
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
        beim_start = sum("Notebook gerendert" in z for z in zeilen)
        seite = kopie / "docs" / "teil-1.md"
        seite.write_text(seite.read_text(encoding="utf-8").replace("\n", "\n\nEin neuer Absatz.\n", 1), encoding="utf-8")
        warte_auf(2)
        return beim_start, sum("Notebook gerendert" in z for z in zeilen) - beim_start
    finally:
        os.killpg(serve.pid, signal.SIGTERM)
        serve.wait()


NBCONVERT = """
import sys, time
from pathlib import Path
start = time.perf_counter()
from mkdocs_jupyter import convert
geladen = time.perf_counter()
def rendern():
    for nb in sorted(Path(sys.argv[1]).glob("*.ipynb")):
        convert.nb2html(str(nb), no_prompt=True)
        convert.nb2md(str(nb))
rendern()
erstes = time.perf_counter()
rendern()
print(geladen - start, erstes - geladen, time.perf_counter() - erstes)
"""


def nbconvert_zeiten(tmp: Path) -> list[float]:
    """(laden, erstes Rendern beider Notebooks, zweites Rendern im selben Prozess) in Sekunden."""
    notebooks.schreibe(Kurs(), tmp / "nb")
    return [float(z) for z in laufen(sys.executable, "-c", NBCONVERT, str(tmp / "nb"))[1].split()]


def cpu_der_kinder() -> float:
    nutzung = resource.getrusage(resource.RUSAGE_CHILDREN)
    return nutzung.ru_utime + nutzung.ru_stime


def main() -> None:
    bezug = rechner_bezug()
    mkdocs = [sys.executable, "-m", "mkdocs", "build", "--strict"]
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        ref = referenz(tmp / "referenz")
        nackt = nackte_kopie(tmp / "nackt")
        gleich = gleiche_erweiterungen(tmp / "gleich")
        cache = tmp / "cache"
        zeiten = {name: [] for name in ("kalt", "warm", "ohne Cache", "Referenz kalt", "nackt", "gleich")}
        # Dazu die Rechenzeit jedes Builds (user+sys seines Prozesses): Ein Build rechnet auf einem
        # Kern, und sie hängt kaum davon ab, was andere auf dem geteilten Rechner tun.
        cpu = {name: [] for name in zeiten}
        warm_env = {**UMGEBUNG, "KURS_CACHE_DIR": str(cache)}

        def bauen(name: str, *befehl: str, cwd: Path = WURZEL, env: dict = UMGEBUNG) -> None:
            vorher = cpu_der_kinder()
            zeiten[name].append(laufen(*befehl, cwd=cwd, env=env)[0])
            cpu[name].append(cpu_der_kinder() - vorher)

        for i in range(3):  # abwechselnd: Alle sehen dieselbe Last der Maschine
            shutil.rmtree(cache, ignore_errors=True)
            shutil.rmtree(ref / ".cache", ignore_errors=True)
            bauen("kalt", *mkdocs, "-d", str(tmp / f"k{i}"), env=warm_env)
            bauen("Referenz kalt", *mkdocs, "-q", "-d", str(tmp / f"r{i}"), cwd=ref)
            bauen("warm", *mkdocs, "-d", str(tmp / f"w{i}"), env=warm_env)
            bauen("ohne Cache", *mkdocs, "-d", str(tmp / f"o{i}"), env={**UMGEBUNG, "KURS_CACHE": "false"})
            # Die nackten Kopien haben Links ins Leere (Assets, Notebooks): -q, nicht --strict allein.
            bauen("nackt", *mkdocs, "-q", "-d", str(tmp / f"n{i}"), cwd=nackt)
            bauen("gleich", *mkdocs, "-q", "-d", str(tmp / f"g{i}"), cwd=gleich)
        beim_start, beim_neubau = serve_neu_gerendert(tmp)
        laden, erstes, zweites = nbconvert_zeiten(tmp)

    m = {name: statistics.median(werte) for name, werte in zeiten.items()}
    c = {name: statistics.median(werte) for name, werte in cpu.items()}
    namen = {"kalt": "Kurs, kalt (Cache leer)", "warm": "Kurs, warm (nichts geändert)",
             "ohne Cache": "Kurs, KURS_CACHE=false", "Referenz kalt": "Referenz Material+mkdocs-jupyter, kalt",
             "nackt": "Nackte Material-Seite", "gleich": "Material, Erweiterungen des Kurses"}
    for name, werte in zeiten.items():
        print(f"{namen[name]:40s} {' / '.join(f'{d:.2f}' for d in werte)} s (Median {m[name]:.2f} s, "
              f"Rechenzeit {c[name]:.2f} s)")
    ziel = lambda ok: "Ziel erreicht" if ok else "ÜBER DEM ZIEL"  # noqa: E731
    print(f"{'':40s} Dauer / Rechenzeit")
    print(f"{'Cache der Notebooks spart je Build':40s} {m['ohne Cache'] - m['warm']:.2f} s / {c['ohne Cache'] - c['warm']:.2f} s  "
          f"(bleibt nur ab 0,5 s: {ziel(c['ohne Cache'] - c['warm'] >= 0.5)})")
    # Die Ziele sind als Dauer gesetzt (Median); die Rechenzeit daneben zeigt, ob Last sie verzerrt.
    print(f"{'kalt ÷ Referenz':40s} {m['kalt'] / m['Referenz kalt']:.2f} / {c['kalt'] / c['Referenz kalt']:.2f}  "
          f"(Ziel ≤ 1,2: Dauer {ziel(m['kalt'] / m['Referenz kalt'] <= 1.2)}, "
          f"Rechenzeit {ziel(c['kalt'] / c['Referenz kalt'] <= 1.2)})")
    print(f"{'warm ÷ Material mit Erweiterungen':40s} {m['warm'] / m['gleich']:.2f} / {c['warm'] / c['gleich']:.2f}  "
          f"(Ziel ≤ 1,3: Dauer {ziel(m['warm'] / m['gleich'] <= 1.3)}, Rechenzeit {ziel(c['warm'] / c['gleich'] <= 1.3)}; "
          f"schnellster ÷ schnellster {min(zeiten['warm']) / min(zeiten['gleich']):.2f})")
    print(f"{'ohne Cache ÷ Material mit Erweiterungen':40s} {m['ohne Cache'] / m['gleich']:.2f} / "
          f"{c['ohne Cache'] / c['gleich']:.2f}  (ohne Cache auf der Platte)")
    print(f"{'warm ÷ nackt':40s} {m['warm'] / m['nackt']:.2f} / {c['warm'] / c['nackt']:.2f}  (zum Vergleich)")
    print(f"{'nbconvert laden, rendern, nochmal':40s} {laden:.2f} s, {erstes:.2f} s, {zweites:.2f} s "
          "(ein Cache nur im Prozess von serve spart je Neubau das Letzte)")
    print(f"{'mkdocs serve: Notebooks gerendert':40s} {beim_start} beim Start, {beim_neubau} nach Änderung an Teil 1 "
          f"(Ziel 0: {ziel(beim_neubau == 0)})")
    print(f"{'Rechner (10⁷ Additionen)':40s} {bezug:.2f} s")


if __name__ == "__main__":
    main()
