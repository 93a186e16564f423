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
