"""Was die Aufzeichnung (kurs/aufzeichnung.py) je Programm des Kurses kostet, kein Test mit Zeitgrenze.

    uv run python benchmarks/aufzeichnung.py          # CPython und Pyodide (in Node)
    uv run python benchmarks/aufzeichnung.py cpython  # nur CPython
    uv run python benchmarks/aufzeichnung.py pyodide  # nur Pyodide

Jedes Programm, das der Browser ausführt (jedes Beispiel außer dem Labor, jede Übung mit ihrer
Lösung), läuft abwechselnd ohne Aufzeichnung (kurs/lauf.py: lauf, pruefe) und mit (im_browser),
je RUNDEN Mal, jedes Mal nach gc.collect(); gedruckt wird je Programm der Median beider Zeiten und ihr Verhältnis. Ziel (Issue 48):
höchstens 1,5-fach je Programm in Pyodide.

Pyodide läuft hier in Node mit derselben Pyodide-Version, die die Seite lädt (docs/assets/vendor/pyodide/),
also im selben WebAssembly wie im Worker des Browsers, nur ohne Seite drumherum. Ohne `node` misst das
Skript nur CPython und sagt es.
"""

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

WURZEL = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(WURZEL))
from kurs.modell import Kurs  # noqa: E402
from kurs.vendor import KURS_IM_BROWSER  # noqa: E402

RUNDEN = 21
ZIEL = 1.5

# Läuft in CPython und in Pyodide: `lauf` ist kurs/lauf.py, `programme` die Liste unten.
MESSEN = """
import gc, statistics, time

def _ohne(auftrag, teile):
    try:
        (lauf.lauf if auftrag == "lauf" else lauf.pruefe)(*teile)
    except lauf.Fehlermeldung:
        pass

def _mit(auftrag, teile):
    lauf.im_browser(auftrag, *teile)

def messen(programme, runden):
    ergebnisse = []
    for name, auftrag, teile in programme:
        zeiten = {"ohne": [], "mit": []}
        for runde in range(runden + 1):
            for art, f in (("ohne", _ohne), ("mit", _mit)):
                gc.collect()  # sonst zahlt ein Programm für den Müll der vorigen
                beginn = time.perf_counter()
                f(auftrag, teile)
                if runde:  # die erste Runde wärmt auf
                    zeiten[art].append(time.perf_counter() - beginn)
        ergebnisse.append([name, statistics.median(zeiten["ohne"]), statistics.median(zeiten["mit"]),
                           min(zeiten["ohne"]), min(zeiten["mit"])])
    return ergebnisse
"""

NODE = """
import { loadPyodide } from "%(pyodide)s/pyodide.mjs";
import { readFileSync, writeFileSync } from "node:fs";
const pyodide = await loadPyodide({ indexURL: "%(pyodide)s/" });
pyodide.FS.mkdirTree("/home/pyodide/kurs");
pyodide.FS.writeFile("/home/pyodide/kurs/__init__.py", "");
for (const datei of %(dateien)s)
  pyodide.FS.writeFile(`/home/pyodide/kurs/${datei}`, readFileSync(`kurs/${datei}`, "utf8"));
pyodide.globals.set("programme_json", readFileSync("programme.json", "utf8"));
const ergebnis = pyodide.runPython(`
import json
from kurs import lauf
${readFileSync("messen.py", "utf8")}
json.dumps(messen(json.loads(programme_json), %(runden)d))
`);
writeFileSync("ergebnis.json", ergebnis);
"""


def programme(kurs: Kurs) -> list:
    liste = []
    for b in kurs.beispiele_aller_dateien:
        ziel = b.datei.relative_to(kurs.snippets.ordner).as_posix()
        if kurs.snippets.im_browser(ziel) and b.syntax == "python":
            liste.append([f"{ziel}:{b.zeile}", "lauf", ["", b.code, ""]])
    for name, u in kurs.uebungen.items():
        liste.append([f"{name} (Lösung)", "pruefe", [u.kontext, u.loesung, u.pruefung]])
    return liste


def in_cpython(liste):
    from kurs import lauf

    namensraum = {"lauf": lauf}
    exec(MESSEN, namensraum)
    return namensraum["messen"](liste, RUNDEN)


def in_pyodide(liste):
    with tempfile.TemporaryDirectory() as ordner:
        ordner = Path(ordner)
        (ordner / "kurs").mkdir()
        for datei in KURS_IM_BROWSER:
            shutil.copy(WURZEL / "kurs" / datei, ordner / "kurs" / datei)
        (ordner / "programme.json").write_text(json.dumps(liste), encoding="utf-8")
        (ordner / "messen.py").write_text(MESSEN, encoding="utf-8")
        pyodide = (WURZEL / "docs" / "assets" / "vendor" / "pyodide").as_posix()
        (ordner / "messen.mjs").write_text(NODE % {"pyodide": pyodide, "runden": RUNDEN, "dateien": json.dumps(KURS_IM_BROWSER)}, encoding="utf-8")
        subprocess.run(["node", "messen.mjs"], cwd=ordner, check=True)
        return json.loads((ordner / "ergebnis.json").read_text(encoding="utf-8"))


def drucken(titel, ergebnisse):
    print(f"\n{titel}: Median aus {RUNDEN} Läufen je Programm, ohne / mit Aufzeichnung; dazu das Verhältnis der"
          " schnellsten Läufe (auf einem geteilten Rechner das ruhigere Maß)")
    breite = max(len(name) for name, *_ in ergebnisse)
    for name, ohne, mit, schnellst_ohne, schnellst_mit in ergebnisse:
        print(f"  {name:<{breite}}  {ohne * 1000:7.2f} ms  {mit * 1000:7.2f} ms  {mit / ohne:4.2f}x"
              f"  schnellste {schnellst_mit / schnellst_ohne:4.2f}x")
    for was, i, j in (("Median", 1, 2), ("schnellste", 3, 4)):
        verhaeltnisse = sorted(e[j] / e[i] for e in ergebnisse)
        summe = sum(e[j] for e in ergebnisse) / sum(e[i] for e in ergebnisse)
        print(f"  {was}: höchstens {verhaeltnisse[-1]:.2f}x, Median {verhaeltnisse[len(verhaeltnisse) // 2]:.2f}x, "
              f"alle zusammen {summe:.2f}x; Ziel je Programm ≤ {ZIEL}x: "
              + ("erreicht" if verhaeltnisse[-1] <= ZIEL else "VERFEHLT"))


def main(argv):
    liste = programme(Kurs(WURZEL))
    if argv[:1] != ["pyodide"]:
        drucken(f"CPython {sys.version.split()[0]}", in_cpython(liste))
    if argv[:1] == ["cpython"]:
        return
    if shutil.which("node") is None:
        print("\nPyodide: nicht gemessen, `node` fehlt auf diesem Rechner.")
        return
    drucken("Pyodide (Node)", in_pyodide(liste))


if __name__ == "__main__":
    main(sys.argv[1:])
