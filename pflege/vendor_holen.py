"""Holt den selbst gehosteten Fremdcode neu (braucht npm); Manifest und Prüfung: kurs/vendor.py.

    uv run python -m pflege.vendor_holen                    # gepinnte Versionen neu holen
    uv run python -m pflege.vendor_holen @mermaid-js/tiny@11.17.3    # Pin ändern und holen

Der Befehl holt jedes Paket mit `npm pack`, packt die Dateien aus, schreibt sie an
ihr Ziel und das Manifest neu. `git diff` zeigt danach, was sich geändert hat.

CodeMirror (der Editor, docs/assets/kurs-editor.js) sind fünfzehn kleine Pakete: `npm install`
mit den exakten Versionen aus dem Manifest (alle, auch die indirekten) in ein leeres
Verzeichnis, dann bündelt esbuild sie zu einer Datei (`baue_codemirror`). Ein Pin ändert
sich genauso: `uv run python -m pflege.vendor_holen @codemirror/view@6.45.0`. Nur CodeMirror neu
bündeln (etwa nach einem neuen Export in `_CODEMIRROR_EINTRAG`), mit denselben Pins:
`uv run python -m pflege.vendor_holen --nur-codemirror`.

Eine Datei wird dabei abgeleitet, nicht nur kopiert: python_stdlib.zip bekommt übersetzten
Code (.pyc) für die Module, die Python im Browser beim Start und für die Programme des
Kurses lädt (`vorkompilieren`, braucht Node). Sonst übersetzt jeder Start diese rund 130
Module aus dem Quelltext: 3,4 s statt 0,6 s auf 2 Kernen, auf einem Handy ein Vielfaches.
Aus ihr entsteht python_stdlib_kurs.zip, das der Browser lädt: nur diese Module, übersetzt
(kurs/vendor.py, `kleine_stdlib`).
"""

import hashlib
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

from kurs.modell import WURZEL, Kurs
from kurs.vendor import (
    CODEMIRROR_JS,
    CODEMIRROR_LIZENZ,
    KLEINE_STDLIB,
    KURS_IM_BROWSER,
    MANIFEST,
    STDLIB,
    codemirror_pins,
    gepinnte_versionen,
    gzip_groesse,
    kleine_stdlib,
    lies_manifest,
    quellen_sha256,
)

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

# CodeMirror: was der Editor braucht, als ein ES-Modul (kurs-editor.js importiert daraus).
_CODEMIRROR_EINTRAG = """
export { EditorState, StateField, StateEffect } from "@codemirror/state";
export { EditorView, Decoration, keymap, lineNumbers, drawSelection, highlightSpecialChars } from "@codemirror/view";
export { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
export { indentOnInput, bracketMatching, syntaxHighlighting, indentUnit } from "@codemirror/language";
export { closeBrackets, closeBracketsKeymap } from "@codemirror/autocomplete";
export { classHighlighter } from "@lezer/highlight";
export { python } from "@codemirror/lang-python";
"""
# Die Pakete, die `npm install` ausdrücklich bekommt; die übrigen Pins im Manifest sind ihre
# Abhängigkeiten (ebenfalls exakt installiert) und esbuild.
CODEMIRROR_PAKETE = ("@codemirror/state", "@codemirror/view", "@codemirror/commands", "@codemirror/language",
                     "@codemirror/lang-python", "@codemirror/autocomplete", "@lezer/highlight", "esbuild")

# Material 9.x bindet Mermaid 11 ein (ohne eigenes Mermaid lüde es mermaid@11 vom CDN).
# Eine andere Hauptversion wäre ungetestet gegen Materials Integration.
HAUPTVERSION = {"@mermaid-js/tiny": "11.", "pyodide": "314."}

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
pyodide.FS.mkdirTree("/home/pyodide/kurs");
pyodide.FS.writeFile("/home/pyodide/kurs/__init__.py", "");
for (const datei of %(dateien)s)
  pyodide.FS.writeFile(`/home/pyodide/kurs/${datei}`, readFileSync(`kurs_${datei}`, "utf8"));
const kursLauf = pyodide.pyimport("kurs.lauf");
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
    for datei in KURS_IM_BROWSER:
        (paket / f"kurs_{datei}").write_bytes((WURZEL / "kurs" / datei).read_bytes())
    (paket / "auftraege.json").write_text(json.dumps(auftraege(Kurs())), encoding="utf-8")
    (paket / "pyc_schreiben.py").write_text(_PYC_SCHREIBEN, encoding="utf-8")
    (paket / "vorkompilieren.mjs").write_text(_NODE % {"dateien": json.dumps(KURS_IM_BROWSER)}, encoding="utf-8")
    subprocess.run(["node", "vorkompilieren.mjs"], cwd=paket, check=True)
    return (paket / "vorkompiliert.zip").read_bytes()


# Dateien, die nicht so ins Repository kommen, wie sie im Paket liegen: Ziel -> Ableitung.
ABGELEITET = {"docs/assets/vendor/pyodide/python_stdlib.zip": vorkompilieren}
# Dateien, die es im Paket nicht gibt, abgeleitet aus einer abgeleiteten: Ziel -> (Quelle, Ableitung).
# Das kleine Zip, das der Worker lädt, aus dem vorkompilierten (kurs/vendor.py, kleine_stdlib).
AUS_ABGELEITETEN = {KLEINE_STDLIB: (STDLIB, kleine_stdlib)}


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
            # Belegt, dass die Ableitung vom Paket nur .pyc hinzufügt (tests/pflege/test_vendor_holen.py).
            eintrag["abgeleitet"] = ABGELEITET[datei].__name__
            eintrag["sha256_im_paket"] = hashlib.sha256(original).hexdigest()
            eintrag["quellen_sha256"] = quellen_sha256(original)
        eintraege.append(eintrag)
    for ziel, (quelle, ableitung) in AUS_ABGELEITETEN.items():
        (vorlage,) = [e for e in eintraege if e["datei"] == quelle] or [None]
        if vorlage is None:
            continue
        inhalt = ableitung((WURZEL / quelle).read_bytes())
        (WURZEL / ziel).write_bytes(inhalt)
        eintraege.append({**{k: vorlage[k] for k in ("name", "version", "paket", "paket_integrity", "quelle")},
                          "datei": ziel, "sha256": hashlib.sha256(inhalt).hexdigest(),
                          "gzip_bytes": gzip_groesse(inhalt), "abgeleitet": ableitung.__name__})
    return eintraege


def baue_codemirror(pins: dict[str, str], ordner: Path) -> list[dict]:
    """Installiert CodeMirror mit exakten Versionen und bündelt es mit esbuild zu einer Datei.

    `pins` nennt Paket -> Version; fehlt ein indirektes Paket darin, wählt npm es und das Manifest
    hält die Wahl fest. Die Lock-Datei bleibt im tmp-Verzeichnis und nennt ohnehin keine Adresse."""
    ordner.mkdir()
    (ordner / ".npmrc").write_text("omit-lockfile-registry-resolved=true\n", encoding="utf-8")
    (ordner / "package.json").write_text('{"name": "kurs-codemirror", "private": true}\n', encoding="utf-8")
    (ordner / "eintrag.js").write_text(_CODEMIRROR_EINTRAG, encoding="utf-8")
    subprocess.run(["npm", "install", "--save-exact", "--no-audit", "--no-fund",
                    *(f"{name}@{version}" for name, version in sorted(pins.items()))],
                   cwd=ordner, check=True, capture_output=True)
    lock = json.loads((ordner / "package-lock.json").read_text(encoding="utf-8"))["packages"]
    installiert = {pfad.removeprefix("node_modules/"): info for pfad, info in lock.items()
                   if pfad and not info.get("optional")}
    # esbuild liegt als fertiges Programm im Paket für dieses System (npm lässt Installationsskripte
    # weg, darum kein `npx esbuild`).
    (programm,) = (ordner / "node_modules" / "@esbuild").glob("*/bin/esbuild")
    ziel = WURZEL / CODEMIRROR_JS
    ziel.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run([str(programm), "eintrag.js", "--bundle", "--format=esm", "--minify",
                    "--legal-comments=none", f"--outfile={ziel}"], cwd=ordner, check=True, capture_output=True)
    # Die Lizenzen aller gebündelten Pakete (alle MIT) in einer Datei neben dem Bündel.
    lizenzen = [f"{name}@{info['version']} ({info.get('license', '?')})\n\n"
                + (ordner / "node_modules" / name / "LICENSE").read_text(encoding="utf-8").strip() + "\n"
                for name, info in sorted(installiert.items()) if name != "esbuild"]
    (WURZEL / CODEMIRROR_LIZENZ).write_text("\n\n".join(lizenzen), encoding="utf-8")
    pakete = {name: info["version"] for name, info in sorted(installiert.items())}
    eintraege = []
    for datei in (CODEMIRROR_JS, CODEMIRROR_LIZENZ):
        inhalt = (WURZEL / datei).read_bytes()
        eintraege.append({
            "name": "@codemirror/view",
            "version": pakete["@codemirror/view"],
            "paket": f"@codemirror/view@{pakete['@codemirror/view']}",
            "quelle": "esbuild",
            "datei": datei,
            "sha256": hashlib.sha256(inhalt).hexdigest(),
            "gzip_bytes": gzip_groesse(inhalt),
            "gebuendelt": pakete,
            "gebuendelt_integrity": {name: info["integrity"] for name, info in sorted(installiert.items())},
        })
    return eintraege


def main(argv: list[str]) -> None:
    # npm holt die Pakete, Node startet Pyodide zum Vorkompilieren.
    fehlend = [werkzeug for werkzeug in ("npm", "node") if not shutil.which(werkzeug)]
    if fehlend:
        sys.exit(f"pflege.vendor_holen braucht npm und Node; es fehlt {' und '.join(fehlend)}. "
                 "Installieren: sudo apt-get install nodejs npm")
    nur_codemirror = "--nur-codemirror" in argv
    argv = [arg for arg in argv if arg != "--nur-codemirror"]
    versionen = {} if nur_codemirror else {name: gepinnte_versionen().get(name) for name in DATEIEN}
    codemirror = codemirror_pins()
    for arg in argv:
        name, _, version = arg.rpartition("@")
        if name in CODEMIRROR_PAKETE and version:
            codemirror[name] = version
            continue
        if name not in DATEIEN or not version:
            sys.exit(f"Unbekannt: {arg!r}. Form: name@version, name aus {sorted(DATEIEN)} "
                     f"oder {sorted(CODEMIRROR_PAKETE)}")
        versionen[name] = version
    fehlend = [name for name, version in versionen.items() if not version]
    if fehlend:
        sys.exit(f"Keine Version gepinnt für {fehlend}; gib sie an, z. B. {fehlend[0]}@1.2.3")
    # Nur CodeMirror: Die übrigen Einträge des Manifests bleiben, wie sie sind.
    eintraege = [e for e in lies_manifest() if e.get("quelle") != "esbuild"] if nur_codemirror else []
    with tempfile.TemporaryDirectory() as tmp:
        for name, version in versionen.items():
            eintraege += hole(name, version, Path(tmp))
            print(f"{name}@{version}: {len(DATEIEN[name])} Dateien geschrieben")
        # Ohne Pin (erster Lauf): die Pakete ohne Version, npm wählt die neueste.
        eintraege += baue_codemirror(codemirror or {name: "latest" for name in CODEMIRROR_PAKETE},
                                     Path(tmp) / "codemirror")
        print(f"CodeMirror gebündelt: {CODEMIRROR_JS}")
    MANIFEST.write_text(json.dumps({"dateien": eintraege}, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{MANIFEST.relative_to(WURZEL)} neu geschrieben")


if __name__ == "__main__":
    main(sys.argv[1:])
