"""Schreibt jede gezeigte Ausgabe aus einem echten Lauf ihres Codes neu.

    uv run python -m kurs.ausgaben snippets/teil-2/partition.md   # eine Datei (oder ein Ordner)
    uv run python -m kurs.ausgaben                                 # alle Beispiele

Es läuft derselbe Test wie immer (kurs/pytest_plugin.py, `--ausgaben-aktualisieren`), nur
schreibt er eine abweichende Ausgabe neu, statt rot zu werden. Am Ende steht, welche Dateien
sich geändert haben (Datei:Zeile der Ausgabe); `git diff` zeigt wie.
"""

import sys

import pytest


def main(argv: list[str]) -> int:
    ziele = argv or ["snippets"]
    return int(pytest.main(["-q", "-p", "no:cacheprovider", "--ausgaben-aktualisieren", *ziele]))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
