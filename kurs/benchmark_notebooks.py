"""Was die Übungs-Notebooks kosten: Seitengewicht und Bauzeit. Nur Zahlen, kein Test.

    uv run python -m kurs.benchmark_notebooks [--laeufe 3]

Ziele: Eine Notebook-Seite wiegt höchstens doppelt so viel wie eine Kapitelseite, und
mkdocs-jupyter samt Notebook-Hook verlängert `mkdocs build` um weniger als 1,5 s.
Gebaut wird jeweils in einem frischen Prozess, wie beim Aufruf von Hand.
"""

import argparse
import gzip
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

from kurs import notebooks
from kurs.zusammensetzen import WURZEL, _MkdocsYaml

HOOK = "kurs/notebook_hooks.py"
PLUGIN = "mkdocs-jupyter"


def ohne_notebooks(nav: list) -> list:
    """Die Navigation ohne die Notebook-Seiten (und ohne dann leere Abschnitte)."""
    ergebnis = []
    for eintrag in nav:
        ziel = next(iter(eintrag.values())) if isinstance(eintrag, dict) else eintrag
        if isinstance(ziel, list):
            if rest := ohne_notebooks(ziel):
                ergebnis.append({next(iter(eintrag)): rest})
        elif not ziel.endswith(".ipynb"):
            ergebnis.append(eintrag)
    return ergebnis


def bauen(variante: str, ziel: str) -> None:
    """Ein Build im aktuellen Prozess; "ohne" lässt Plugin, Hook und Notebook-Seiten weg."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    aenderungen = {"site_dir": ziel}
    if variante == "ohne":
        roh = yaml.load((WURZEL / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_MkdocsYaml)
        aenderungen["plugins"] = [p for p in roh["plugins"] if PLUGIN not in (p if isinstance(p, str) else p)]
        aenderungen["hooks"] = [h for h in roh["hooks"] if h != HOOK]
        aenderungen["nav"] = ohne_notebooks(roh["nav"])
    build(load_config(str(WURZEL / "mkdocs.yml"), **aenderungen))


def bauzeit(variante: str, ziel: str) -> tuple[float, float]:
    """(Sekunden auf der Uhr, Sekunden CPU) für einen Build in einem frischen Prozess."""
    # Mit Bytecode-Cache wie auf einem Entwicklerrechner; manche Umgebungen schalten ihn ab.
    umgebung = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    cpu_vorher = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "kurs.benchmark_notebooks", "--bauen", variante, ziel],
        cwd=WURZEL, check=True, capture_output=True, env={**umgebung, "NO_MKDOCS_2_WARNING": "1"},
    )
    uhr = time.perf_counter() - start
    cpu_nachher = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (cpu_nachher.ru_utime - cpu_vorher.ru_utime) + (cpu_nachher.ru_stime - cpu_vorher.ru_stime)
    return uhr, cpu


def kb(groesse: int) -> str:
    return f"{groesse / 1024:6.1f} KB"


def seitengewicht(site: Path) -> None:
    print("Seitengewicht (HTML der Seite; in Klammern gzip)")
    kapitel = {}
    for teil in notebooks.TEILE:
        html = (site / teil / "index.html").read_bytes()
        kapitel[teil] = len(html)
        print(f"  Kapitel {teil:<28} {kb(len(html))} ({kb(len(gzip.compress(html)))})")
    for teil in notebooks.TEILE:
        name = notebooks.dateiname(teil).removesuffix(".ipynb")
        html = (site / notebooks.ORDNER / name / "index.html").read_bytes()
        print(f"  Notebook {name:<27} {kb(len(html))} ({kb(len(gzip.compress(html)))})"
              f"  = {len(html) / kapitel[teil]:.2f} x Kapitel (Ziel: höchstens 2)")
        ipynb = (site / notebooks.ORDNER / name / notebooks.dateiname(teil)).stat().st_size
        print(f"    .ipynb zum Herunterladen             {kb(ipynb)}")


def roh_und_schlank() -> None:
    """Was mkdocs-jupyter selbst einbettet und was davon nach kurs.notebook_hooks.schlank bleibt."""
    from mkdocs_jupyter.convert import nb2html

    from kurs.notebook_hooks import schlank

    print("Inhalt, den mkdocs-jupyter liefert, vor und nach dem Verschlanken")
    with tempfile.TemporaryDirectory() as ordner:
        for pfad in notebooks.schreibe(Path(ordner)):
            roh = nb2html(str(pfad), no_prompt=True, include_requirejs=False, custom_mathjax_url="")
            print(f"  {pfad.name:<36} {kb(len(roh.encode()))} -> {kb(len(schlank(roh).encode()))}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--laeufe", type=int, default=3, help="Builds je Variante (Median)")
    parser.add_argument("--bauen", nargs=2, metavar=("VARIANTE", "ZIEL"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.bauen:
        bauen(*args.bauen)
        return

    with tempfile.TemporaryDirectory() as ordner:
        zeiten = {"ohne": [], "mit": []}
        for variante in zeiten:
            bauzeit(variante, f"{ordner}/{variante}")  # Aufwärmen: Bytecode-Cache, Dateicache
        for _ in range(args.laeufe):
            for variante in zeiten:  # abwechselnd: Last von außen trifft beide Varianten gleich
                zeiten[variante].append(bauzeit(variante, f"{ordner}/{variante}"))
        seitengewicht(Path(ordner) / "mit")
    print()
    roh_und_schlank()
    print()
    print(f"mkdocs build, ganzer Prozess (Median aus {args.laeufe}; CPU = user + sys, stabiler auf einem belasteten Rechner)")
    median = {v: [statistics.median(z[i] for z in zeiten[v]) for i in (0, 1)] for v in zeiten}
    for variante, name in (("ohne", "ohne mkdocs-jupyter und Notebooks"), ("mit", "mit mkdocs-jupyter und Notebooks")):
        uhr, cpu = median[variante]
        einzeln = ", ".join(f"{u:.2f}" for u, _ in zeiten[variante])
        print(f"  {name:<36} {uhr:5.2f} s Uhr, {cpu:5.2f} s CPU   (Uhr je Lauf: {einzeln})")
    uhr, cpu = (median["mit"][i] - median["ohne"][i] for i in (0, 1))
    print(f"  {'Plugin und Notebooks kosten':<36} {uhr:5.2f} s Uhr, {cpu:5.2f} s CPU   (Ziel: unter 1,5 s)")
    print(f"  Last auf dem Rechner (1 min): {os.getloadavg()[0]:.1f} bei {os.cpu_count()} Kernen")


if __name__ == "__main__":
    main()
