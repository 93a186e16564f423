"""Selbst gehosteter Fremdcode: Mermaid und Pyodide für die Seite, axe-core für die Browsertests.

Die Dateien liegen im Repository, gepinnt auf eine exakte Version; kurs/vendor.json
nennt je Datei Paket, Version, Pfad im Paket, Ziel im Repository und sha256.
Zum Lesen, Bauen und Testen braucht niemand npm, nur Python und uv.

Für Maintainer (braucht npm):

    uv run python -m kurs.vendor                    # gepinnte Versionen neu holen
    uv run python -m kurs.vendor @mermaid-js/tiny@11.17.3    # Pin ändern und holen

Der Befehl holt jedes Paket mit `npm pack`, packt die Dateien aus, schreibt sie an
ihr Ziel und das Manifest neu. `git diff` zeigt danach, was sich geändert hat.
"""

import gzip
import hashlib
import json
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

from kurs.modell import WURZEL

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


def gepinnte_versionen() -> dict[str, str]:
    return {e["name"]: e["version"] for e in lies_manifest()} if MANIFEST.exists() else {}


def hole(name: str, version: str, ordner: Path) -> list[dict]:
    if name in HAUPTVERSION and not version.startswith(HAUPTVERSION[name]):
        sys.exit(f"{name}@{version}: erwartet wird Hauptversion {HAUPTVERSION[name]}x")
    # `npm pack` holt genau diese Version als Tarball, ohne etwas zu installieren.
    lauf = subprocess.run(
        ["npm", "pack", f"{name}@{version}", "--json", "--pack-destination", str(ordner)],
        capture_output=True, text=True, check=True, cwd=ordner,
    )
    (info,) = json.loads(lauf.stdout)
    eintraege = []
    with tarfile.open(ordner / info["filename"]) as tar:
        for quelle, datei in DATEIEN[name].items():
            inhalt = tar.extractfile(quelle).read()
            ziel = WURZEL / datei
            ziel.parent.mkdir(parents=True, exist_ok=True)
            ziel.write_bytes(inhalt)
            # Nur Name, Version, Prüfsummen: keine Adresse eines Registrys im Repository.
            eintraege.append({
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
            })
    return eintraege


def main(argv: list[str]) -> None:
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
