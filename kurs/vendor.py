"""Selbst gehosteter Fremdcode: Mermaid und Pyodide für die Seite, axe-core für die Browsertests.

Die Dateien liegen im Repository, gepinnt auf eine exakte Version; kurs/vendor.json
nennt je Datei Paket, Version, Pfad im Paket, Ziel im Repository und sha256.
Zum Lesen, Bauen und Testen braucht niemand npm, nur Python und uv.

Für Maintainer (braucht npm):

    uv run python -m kurs.vendor                    # gepinnte Versionen neu holen
    uv run python -m kurs.vendor @mermaid-js/tiny@11.17.3    # Pin ändern und holen

Der Befehl holt jedes Paket mit `npm pack`, packt die Dateien aus, schreibt sie an
ihr Ziel und das Manifest neu. `git diff` zeigt danach, was sich geändert hat.

Eine Datei wird dabei abgeleitet, nicht nur kopiert: python_stdlib.zip bekommt übersetzten
Code (.pyc) für die Module, die Python im Browser beim Start und für die Programme des
Kurses lädt (`vorkompilieren`, braucht Node). Sonst übersetzt jeder Start diese rund 130
Module aus dem Quelltext: 3,4 s statt 0,6 s auf 2 Kernen, auf einem Handy ein Vielfaches.
"""

import gzip
import hashlib
import io
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

from kurs.modell import WURZEL, Kurs

MANIFEST = WURZEL / "kurs" / "vendor.json"

# Was aus welchem Paket wohin kommt. Die Lizenz reist mit dem Code.
DATEIEN = {
    # Mermaid ohne Mindmap, Architektur und KaTeX, aus demselben Repository und mit
    # derselben Versionsnummer: ein Drittel kleiner. Der Kurs zeichnet Sequenz- und Flussdiagramme.
    "@mermaid-js/tiny": {
        "package/dist/mermaid.tiny.js": "docs/assets/vendor/mermaid/mermaid.tiny.js",
        "package/LICENSE": "docs/assets/vendor/mermaid/LICENSE",
    },
    # Python im Browser (docs/assets/kurs-worker.js). Ab 314 gehört sqlite3 zur
    # Standardbibliothek; ältere Versionen holten es als Paket aus dem Netz.
    "pyodide": {
        f"package/{datei}": f"docs/assets/vendor/pyodide/{datei}"
        for datei in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                      "pyodide-lock.json", "package.json")  # package.json nennt die Lizenz (MPL-2.0)
    },
    "axe-core": {
        "package/axe.min.js": "tests/browser/vendor/axe.min.js",
        "package/LICENSE": "tests/browser/vendor/LICENSE",
    },
}

# Material 9.x bindet Mermaid 11 ein (ohne eigenes Mermaid lüde es mermaid@11 vom CDN).
# Eine andere Hauptversion wäre ungetestet gegen Materials Integration.
HAUPTVERSION = {"@mermaid-js/tiny": "11.", "pyodide": "314."}


def gzip_groesse(inhalt: bytes) -> int:
    return len(gzip.compress(inhalt, compresslevel=6, mtime=0))


def sha256(pfad: Path) -> str:
    return hashlib.sha256(pfad.read_bytes()).hexdigest()


def lies_manifest() -> list[dict]:
    return json.loads(MANIFEST.read_text(encoding="utf-8"))["dateien"]


def abweichungen() -> list[str]:
    """Jede Datei des Manifests, die fehlt oder eine andere Prüfsumme hat."""
    fehler = []
    for eintrag in lies_manifest():
        ziel = WURZEL / eintrag["datei"]
        if not ziel.is_file():
            fehler.append(f"{eintrag['datei']} fehlt")
        elif sha256(ziel) != eintrag["sha256"]:
            fehler.append(f"{eintrag['datei']}: sha256 weicht vom Manifest ab")
    return fehler


def quellen_sha256(zip_inhalt: bytes) -> str:
    """Prüfsumme über Name und Inhalt jeder Datei im Zip außer .pyc: Sie bleibt gleich, wenn
    `vorkompilieren` nur übersetzten Code hinzufügt."""
    summe = hashlib.sha256()
    with zipfile.ZipFile(io.BytesIO(zip_inhalt)) as archiv:
        for name in sorted(archiv.namelist()):
            if not name.endswith(".pyc"):
                summe.update(f"{name}\0{hashlib.sha256(archiv.read(name)).hexdigest()}\n".encode())
    return summe.hexdigest()


def gepinnte_versionen() -> dict[str, str]:
    return {e["name"]: e["version"] for e in lies_manifest()} if MANIFEST.exists() else {}


# Läuft in Pyodide unter Node, nachdem Python gestartet ist und alle Programme des Kurses
# gelaufen sind: Was dann aus dem Zip geladen ist, bekommt seine .pyc daneben. Der Hash der
# Quelle steht darin, geprüft wird er nicht ("unchecked"): Das Zip ändert sich nie allein.
# Der Dateiname ist der Pfad im Zip, wie beim Übersetzen aus dem Quelltext (für Tracebacks).
_PYC_SCHREIBEN = """
import importlib.util, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
ZIP = "/lib/python{v.major}{v.minor}.zip/".format(v=sys.version_info)
# Eingefrorene Module (os, io, ...) tragen einen Pfad im Zip, ihr origin ist aber "frozen".
geladen = {m.__spec__.origin.removeprefix(ZIP) for m in list(sys.modules.values())
           if (getattr(getattr(m, "__spec__", None), "origin", None) or "").startswith(ZIP)}
with zipfile.ZipFile(ZIP.rstrip("/")) as alt, zipfile.ZipFile("/tmp/neu.zip", "w") as neu:
    for info in alt.infolist():
        quelle = alt.read(info)
        neu.writestr(info, quelle)
        if info.filename in geladen:
            code = compile(quelle, ZIP + info.filename, "exec", dont_inherit=True)
            pyc = zipfile.ZipInfo(info.filename + "c", info.date_time)
            pyc.compress_type = zipfile.ZIP_DEFLATED
            neu.writestr(pyc, bytes(_code_to_hash_pyc(code, importlib.util.source_hash(quelle), checked=False)))
"""

_NODE = """
import { loadPyodide } from "./pyodide.mjs";
import { readFileSync, writeFileSync } from "node:fs";
const pyodide = await loadPyodide({ indexURL: process.cwd() + "/" });
pyodide.FS.writeFile("/home/pyodide/kurs_lauf.py", readFileSync("kurs_lauf.py", "utf8"));
const kursLauf = pyodide.pyimport("kurs_lauf");
for (const auftrag of JSON.parse(readFileSync("auftraege.json", "utf8"))) kursLauf.im_browser(...auftrag);
pyodide.runPython(readFileSync("pyc_schreiben.py", "utf8"));
writeFileSync("vorkompiliert.zip", pyodide.FS.readFile("/tmp/neu.zip"));
"""


def auftraege(kurs: Kurs) -> list[list[str]]:
    """Was der Web Worker für den Kurs ausführt: jedes Beispiel und jede Übung mit ihrer Lösung."""
    return ([["lauf", "", b.code, ""] for b in kurs.beispiele_aller_dateien
             if kurs.snippets.im_browser(b.datei.relative_to(kurs.snippets.ordner).as_posix())]
            + [["pruefe", u.kontext, u.loesung, u.pruefung] for u in kurs.uebungen.values()])


def vorkompilieren(paket: Path) -> bytes:
    """python_stdlib.zip aus dem ausgepackten Pyodide-Paket, mit .pyc für alles, was geladen wird."""
    (paket / "kurs_lauf.py").write_bytes((WURZEL / "kurs" / "lauf.py").read_bytes())
    (paket / "auftraege.json").write_text(json.dumps(auftraege(Kurs())), encoding="utf-8")
    (paket / "pyc_schreiben.py").write_text(_PYC_SCHREIBEN, encoding="utf-8")
    (paket / "vorkompilieren.mjs").write_text(_NODE, encoding="utf-8")
    subprocess.run(["node", "vorkompilieren.mjs"], cwd=paket, check=True)
    return (paket / "vorkompiliert.zip").read_bytes()


# Dateien, die nicht so ins Repository kommen, wie sie im Paket liegen: Ziel -> Ableitung.
ABGELEITET = {"docs/assets/vendor/pyodide/python_stdlib.zip": vorkompilieren}


def hole(name: str, version: str, ordner: Path) -> list[dict]:
    if name in HAUPTVERSION and not version.startswith(HAUPTVERSION[name]):
        sys.exit(f"{name}@{version}: erwartet wird Hauptversion {HAUPTVERSION[name]}x")
    # `npm pack` holt genau diese Version als Tarball, ohne etwas zu installieren.
    lauf = subprocess.run(
        ["npm", "pack", f"{name}@{version}", "--json", "--pack-destination", str(ordner)],
        capture_output=True, text=True, check=True, cwd=ordner,
    )
    (info,) = json.loads(lauf.stdout)
    ausgepackt = ordner / name.replace("/", "_")
    with tarfile.open(ordner / info["filename"]) as tar:
        tar.extractall(ausgepackt, filter="data")
    eintraege = []
    for quelle, datei in DATEIEN[name].items():
        original = (ausgepackt / quelle).read_bytes()
        inhalt = ABGELEITET[datei](ausgepackt / "package") if datei in ABGELEITET else original
        ziel = WURZEL / datei
        ziel.parent.mkdir(parents=True, exist_ok=True)
        ziel.write_bytes(inhalt)
        # Nur Name, Version, Prüfsummen: keine Adresse eines Registrys im Repository.
        eintrag = {
            "name": name,
            "version": info["version"],
            "paket": info["id"],
            "paket_integrity": info["integrity"],
            "quelle": quelle,
            "datei": datei,
            "sha256": hashlib.sha256(inhalt).hexdigest(),
            # Was die Datei komprimiert wiegt (die Startseite nennt es): aus den gepinnten
            # Bytes berechnet, damit kein Test 13 MB komprimieren muss.
            "gzip_bytes": gzip_groesse(inhalt),
        }
        if datei in ABGELEITET:
            # Belegt, dass die Ableitung vom Paket nur .pyc hinzufügt (tests/test_vendor.py).
            eintrag["abgeleitet"] = ABGELEITET[datei].__name__
            eintrag["sha256_im_paket"] = hashlib.sha256(original).hexdigest()
            eintrag["quellen_sha256"] = quellen_sha256(original)
        eintraege.append(eintrag)
    return eintraege


def main(argv: list[str]) -> None:
    # npm holt die Pakete, Node startet Pyodide zum Vorkompilieren.
    fehlend = [werkzeug for werkzeug in ("npm", "node") if not shutil.which(werkzeug)]
    if fehlend:
        sys.exit(f"kurs.vendor braucht npm und Node; es fehlt {' und '.join(fehlend)}. "
                 "Installieren: sudo apt-get install nodejs npm")
    versionen = {name: gepinnte_versionen().get(name) for name in DATEIEN}
    for arg in argv:
        name, _, version = arg.rpartition("@")
        if name not in DATEIEN or not version:
            sys.exit(f"Unbekannt: {arg!r}. Form: name@version, name aus {sorted(DATEIEN)}")
        versionen[name] = version
    fehlend = [name for name, version in versionen.items() if not version]
    if fehlend:
        sys.exit(f"Keine Version gepinnt für {fehlend}; gib sie an, z. B. {fehlend[0]}@1.2.3")
    eintraege = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, version in versionen.items():
            eintraege += hole(name, version, Path(tmp))
            print(f"{name}@{version}: {len(DATEIEN[name])} Dateien geschrieben")
    MANIFEST.write_text(json.dumps({"dateien": eintraege}, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{MANIFEST.relative_to(WURZEL)} neu geschrieben")


if __name__ == "__main__":
    main(sys.argv[1:])
