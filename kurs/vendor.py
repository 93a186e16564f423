"""Selbst gehosteter Fremdcode: Mermaid, Pyodide und CodeMirror für die Seite, axe-core für die Browsertests.

Die Dateien liegen im Repository, gepinnt auf eine exakte Version; kurs/vendor.json
nennt je Datei Paket, Version, Pfad im Paket, Ziel im Repository und sha256.
Zum Lesen, Bauen und Testen braucht niemand npm, nur Python und uv: Dieses Modul liest
das Manifest und prüft die Dateien dagegen.

Neu holen (nur Maintainer, braucht npm) mit `uv run python -m pflege.vendor_holen`;
wie, steht in pflege/vendor_holen.py.
"""

import gzip
import hashlib
import io
import json
import zipfile
from pathlib import Path

from kurs.modell import WURZEL

MANIFEST = WURZEL / "kurs" / "vendor.json"

PYODIDE = "docs/assets/vendor/pyodide/"
# Die Standardbibliothek, die der Web Worker lädt (docs/assets/kurs-worker.js): nur, was Python beim
# Start und die Programme des Kurses laden, abgeleitet aus der ganzen (`kleine_stdlib`). Die ganze
# lädt kurs/nachladen.py erst, wenn ein Programm ein Modul braucht, das hier fehlt.
STDLIB = PYODIDE + "python_stdlib.zip"
KLEINE_STDLIB = PYODIDE + "python_stdlib_kurs.zip"
# Module, die Leserinnen in eigenen Versuchen gern importieren, ohne dass ein Programm des Kurses
# sie braucht (IDs, Prüfsummen, Statistik, Ausgabe): als Quelltext im kleinen Zip, zusammen rund
# 70 KB. Alles andere lädt die ganze Standardbibliothek nach (3,9 MB).
OFT_GEBRAUCHT = ("uuid", "hashlib", "hmac", "secrets", "base64", "statistics", "decimal", "fractions", "numbers",
                 "pprint", "queue", "graphlib", "csv")
# Was der Worker beim Start holt, unter assets/ der Seite: die Anzeige des Ladens (kurs-lauf.js)
# nennt ihre Größe, bevor der Worker die erste Antwort hat.
# Im kleinen Zip: jeder Name eines Moduls oder Pakets der ganzen Standardbibliothek, eine Zeile je
# Name. kurs/nachladen.py holt die ganze nur für diese, nicht für C-Module, die Pyodide nicht hat
# (etwa _hashlib): Die Standardbibliothek versucht sie und nimmt sonst einen Ersatz.
MODULE_DER_GANZEN = "kurs_ganze_stdlib.txt"
PYTHON_IM_BROWSER = ("vendor/pyodide/pyodide.asm.mjs", "vendor/pyodide/pyodide.asm.wasm",
                     "vendor/pyodide/python_stdlib_kurs.zip")

# Das Paket kurs, so weit der Browser es braucht (unter assets/kurs/ der Seite; kurs/seite/plugin.py legt
# die Dateien hin, docs/assets/kurs-worker.js schreibt sie ins Dateisystem von Pyodide, dieselbe Liste).
KURS_IM_BROWSER = ("lauf.py", "fehlerhilfe.py", "ursachen.py", "aufzeichnung.py", "aufzeichnung_schritte.py",
                   "aufzeichnung_beobachter.py", "nachladen.py")
# CodeMirror, von pflege/vendor_holen.py zu einer Datei gebündelt, mit den Lizenzen daneben.
CODEMIRROR_JS = "docs/assets/vendor/codemirror/codemirror.js"
CODEMIRROR_LIZENZ = "docs/assets/vendor/codemirror/LICENSE"


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
    `vorkompilieren` (pflege/vendor_holen.py) nur übersetzten Code hinzufügt."""
    summe = hashlib.sha256()
    with zipfile.ZipFile(io.BytesIO(zip_inhalt)) as archiv:
        for name in sorted(archiv.namelist()):
            if not name.endswith(".pyc"):
                summe.update(f"{name}\0{hashlib.sha256(archiv.read(name)).hexdigest()}\n".encode())
    return summe.hexdigest()


def gepinnte_versionen() -> dict[str, str]:
    return {e["name"]: e["version"] for e in lies_manifest()} if MANIFEST.exists() else {}


def codemirror_pins() -> dict[str, str]:
    eintraege = [e for e in lies_manifest() if e.get("quelle") == "esbuild"] if MANIFEST.exists() else []
    return dict(eintraege[0]["gebuendelt"]) if eintraege else {}


def kleine_stdlib(voll: bytes) -> bytes:
    """Das Zip, das der Worker statt der ganzen Standardbibliothek lädt: jedes Modul, das die ganze
    übersetzt enthält (`vorkompilieren` in pflege/vendor_holen.py: was Python beim Start und für
    jedes Programm des Kurses lädt), nur als .pyc; dazu OFT_GEBRAUCHT als Quelltext, die Ordner der
    Pakete und MODULE_DER_GANZEN. Gleiche Eingabe, gleicher Inhalt: Reihenfolge und Zeitstempel
    kommen aus dem Original."""
    with zipfile.ZipFile(io.BytesIO(voll)) as archiv:
        namen = set(archiv.namelist())
        behalten = {n for n in namen if n.endswith(".pyc")}
        behalten |= {f"{m}.py" for m in OFT_GEBRAUCHT if f"{m}.py" in namen and f"{m}.pyc" not in namen}
        behalten |= {n for n in namen if n.endswith("/") and any(b.startswith(n) for b in behalten)}
        ausgabe = io.BytesIO()
        with zipfile.ZipFile(ausgabe, "w") as klein:
            for info in archiv.infolist():
                if info.filename in behalten:
                    neu = zipfile.ZipInfo(info.filename, info.date_time)
                    neu.compress_type = zipfile.ZIP_STORED if info.is_dir() else zipfile.ZIP_DEFLATED
                    neu.external_attr = info.external_attr
                    klein.writestr(neu, archiv.read(info), compresslevel=9)
            module = sorted({n.split("/")[0].removesuffix(".pyc").removesuffix(".py") for n in namen
                             if "/" in n or n.endswith((".py", ".pyc"))})
            liste = zipfile.ZipInfo(MODULE_DER_GANZEN, archiv.infolist()[0].date_time)
            klein.writestr(liste, "\n".join(module) + "\n", compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    return ausgabe.getvalue()


def python_im_browser() -> dict:
    """Was der Worker zum Start braucht (kurs-lauf.js gibt es ihm mit, overrides/main.html schreibt es
    an das Skript): je Datei Pfad unter assets/, Bytes und was davon übers Netz geht, wenn der Server
    komprimiert wie GitHub Pages (gzip für Text und WebAssembly; ein Zip bleibt, wie es ist, es ist in
    sich komprimiert); dazu aus pyodide-lock.json nur `info`, die einzige Angabe, die Pyodide ohne
    Pakete prüft: Die ganze Datei (119 KB) lädt der Worker nicht. Ohne Pyodide im Repository (eine
    Kopie des Kurses für Tests, tests/kurs_kopie.py) bleibt es leer; der Worker holt dann, was er findet."""
    if not (WURZEL / PYODIDE).is_dir():
        return {"dateien": [], "info": None}
    manifest = {e["datei"]: e for e in lies_manifest()}
    dateien = []
    for pfad in PYTHON_IM_BROWSER:
        eintrag = manifest["docs/assets/" + pfad]
        roh = (WURZEL / eintrag["datei"]).stat().st_size
        dateien.append({"pfad": pfad, "roh": roh, "netz": roh if pfad.endswith(".zip") else eintrag["gzip_bytes"]})
    sperrdatei = json.loads((WURZEL / PYODIDE / "pyodide-lock.json").read_text(encoding="utf-8"))
    return {"dateien": dateien, "info": sperrdatei["info"]}
