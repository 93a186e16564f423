"""Eine Kopie des Kurses, die zwei Tests verändert gebaut brauchen, in einem Build:

- mit einem Teil 3: eine Zeile in `nav`, eine Seite und ein Ordner in snippets/, sonst
  nichts (tests/test_teil_3.py);
- mit einem neuen Block mitten in Teil 1, nur in Markdown: Jeder Knopf führt noch den Code
  seines Blocks aus (tests/seite/test_codebloecke.py);
- ohne diagramme/ und ohne Chromium: Der strenge Build gelingt trotzdem, und die Seite
  zeichnet ihre Diagramme im Browser (tests/browser/test_diagramme.py);
- mit der Adresse eines Repositorys und dem Ziel von „Seite editieren“, wie im Workflow (die
  Seite der übrigen Tests hat beides lokal nicht; tests/test_site.py prüft beide Fälle).

Ein Build statt zweier spart je Lauf einen ganzen Build. Er startet beim Sammeln, sobald
ein Test die Fixture `kurs_kopie` braucht (tests/conftest.py), und läuft nebenher.
"""

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from kurs.modell import WURZEL

SEITE = """# Teil 3: Ein neues Kapitel

## Beispiel

--8<-- "teil-3/hallo.md"

## Übungen

### Übung 1: Verdoppeln

Schreibe `verdopple(x)`.

Vorlage:

--8<-- "teil-3/uebung-1/vorlage.md"

??? success "Lösung"
    --8<-- "teil-3/uebung-1/loesung.md"

??? example "So wird geprüft"
    --8<-- "teil-3/uebung-1/pruefung.md:pruefung"
"""
DATEIEN = {
    "hallo.md": '```python\nprint("Hallo aus Teil 3")\n```\n\n<!--pytest-codeblocks:expected-output-->\n\n'
                '```text title="Ausgabe"\nHallo aus Teil 3\n```\n',
    "uebung-1/vorlage.md": "```python\ndef verdopple(x):\n    ...\n\n\nverdopple\n```\n",
    "uebung-1/loesung.md": "```python\ndef verdopple(x):\n    return 2 * x\n\n\nverdopple\n```\n",
    "uebung-1/pruefung.md": '--8<-- "teil-3/uebung-1/loesung.md"\n\n<!--pytest-codeblocks:cont-->\n\n'
                            '--8<-- [start:pruefung]\n\n'
                            '```python\nassert verdopple(21) == 42, "verdopple(21) soll 42 sein."\n'
                            'print("Übung bestanden.")\n```\n\n--8<-- [end:pruefung]\n\n'
                            '<!--pytest-codeblocks:expected-output-->\n\n```text title="Ausgabe"\nÜbung bestanden.\n```\n',
    # Ein neuer Block zwischen zwei Blöcken von Teil 1, nur mit Markdown (tests/seite/test_codebloecke.py).
    "../teil-1/dazwischen.md": '```python\nprint("dazwischen")\n```\n\n<!--pytest-codeblocks:expected-output-->\n\n'
                               '```text title="Ausgabe"\ndazwischen\n```\n',
    "uebung-1/fehler.toml": "vorlage_meldung = 'verdopple(21) soll 42 sein.'\n\n[[fehler]]\nname = 'plus'\n"
                            "alt = 'return 2 * x'\nneu = 'return 2 + x'\nmeldung = 'soll 42 sein'\n",
    "uebung-1/hinweise.toml": "[[hinweis]]\ntext = 'Verdoppeln heißt mal 2.'\nfehler = ['plus']\n\n"
                              "[[hinweis]]\ntext = 'Nicht plus 2.'\nfehler = ['plus']\n",
}
NAV_TEIL_2 = '  - "Teil 2: Outbox, DLQ, Pub/Sub und Event-Log": teil-2.md\n'
ZWISCHEN_TEIL_1 = '--8<-- "teil-1/queue.md"'  # danach kommt der Block queue_demo.md
NAV_TEIL_3 = '  - "Teil 3: Ein neues Kapitel": teil-3.md\n'
# Wie im Workflow (.github/workflows/kurs.yml) für ein Repository auf GitHub.
REPOSITORY = "https://github.com/probe-org/messaging-kurs"
EDIT_URI = f"{REPOSITORY}/edit/main/docs/"


def kopieren(ziel: Path, teile=("docs", "snippets", "overrides", "diagramme", "kurs")) -> Path:
    """Was ein Build liest, nach `ziel`: ohne Pyodide (braucht kein Build) und ohne übersetzten Code.
    Der Cache der Notebooks liegt dann in der Kopie (.cache/plugin/kurs), nicht im Kurs."""
    for teil in teile:
        shutil.copytree(WURZEL / teil, ziel / teil, ignore=shutil.ignore_patterns("pyodide", "__pycache__"))
    shutil.copy(WURZEL / "mkdocs.yml", ziel)
    return ziel


def fuer_pytester(ziel: Path, probe: str, text: str) -> None:
    """Was das pytest-Plugin liest (mkdocs.yml, docs/, snippets/) nach `ziel`, dazu eine eigene Probe
    `probe` mit `text`: Tests ändern die Probe, nie eine Datei des Kurses."""
    for teil in ("docs", "snippets"):  # ohne docs/assets: Das Plugin liest dort nichts
        shutil.copytree(WURZEL / teil, ziel / teil, ignore=shutil.ignore_patterns("assets", "__pycache__"))
    shutil.copy(WURZEL / "mkdocs.yml", ziel)
    (ziel / probe).write_text(text, encoding="utf-8")


def anlegen_und_bauen() -> tuple[Path, subprocess.Popen]:
    """Legt die Kopie in einem tmp-Ordner an und startet `mkdocs build --strict` darin."""
    # Ohne die gezeichneten SVGs in diagramme/; das Mermaid der Seite bleibt.
    ziel = kopieren(Path(tempfile.mkdtemp(prefix="kurs-kopie-")), ("docs", "snippets", "overrides", "kurs"))
    (ziel / "diagramme").mkdir()
    yml = (WURZEL / "mkdocs.yml").read_text(encoding="utf-8")
    assert yml.count(NAV_TEIL_2) == 1, "Die nav-Zeile von Teil 2 hat sich geändert; passe tests/kurs_kopie.py an"
    (ziel / "mkdocs.yml").write_text(yml.replace(NAV_TEIL_2, NAV_TEIL_2 + NAV_TEIL_3), encoding="utf-8")
    (ziel / "docs" / "teil-3.md").write_text(SEITE, encoding="utf-8")
    teil_1 = (ziel / "docs" / "teil-1.md").read_text(encoding="utf-8")
    assert teil_1.count(ZWISCHEN_TEIL_1) == 1, "Teil 1 hat sich geändert; passe tests/kurs_kopie.py an"
    (ziel / "docs" / "teil-1.md").write_text(
        teil_1.replace(ZWISCHEN_TEIL_1, f'{ZWISCHEN_TEIL_1}\n\n--8<-- "teil-1/dazwischen.md"\n'), encoding="utf-8")
    for name, inhalt in DATEIEN.items():
        (ziel / "snippets" / "teil-3" / name).parent.mkdir(parents=True, exist_ok=True)
        (ziel / "snippets" / "teil-3" / name).write_text(inhalt, encoding="utf-8")
    bau = subprocess.Popen(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(ziel / "site")],
        cwd=ziel, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "KURS_CHROMIUM": str(ziel / "kein-chromium"),
             "KURS_REPOSITORY": REPOSITORY, "KURS_EDIT_URI": EDIT_URI})
    return ziel, bau
