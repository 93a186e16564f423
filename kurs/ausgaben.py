"""Schreibt jede gezeigte Ausgabe aus einem echten Lauf ihres Codes neu.

    uv run python -m kurs.ausgaben                      # alle Beispiele
    uv run python -m kurs.ausgaben snippets/teil-2/     # die Beispiele eines Ordners oder einer Datei

Kurzform für `uv run pytest --ausgaben-aktualisieren snippets/`: Es läuft derselbe
Test wie immer (kurs/pytest_plugin.py), nur schreibt er eine abweichende Ausgabe neu,
statt rot zu werden. Danach zeigt `git diff`, was sich geändert hat.
"""

import sys

import pytest


def main(argv: list[str]) -> int:
    ziele = argv or ["snippets"]
    return int(pytest.main(["-q", "-p", "no:cacheprovider", "--ausgaben-aktualisieren", *ziele]))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
