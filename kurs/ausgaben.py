"""Schreibt jede Ausgabe in snippets/ neu, aus einem echten Lauf ihres Codes.

    uv run python -m kurs.ausgaben          # alle Snippets
    uv run python -m kurs.ausgaben teil-2/partition.md

Danach zeigt `git diff`, was sich geändert hat. Ausgaben tippt niemand von Hand.
"""

import contextlib
import io
import re
import sys

from kurs.zusammensetzen import SNIPPETS, bloecke

# Ein Ausgabe-Block: der Marker, eine Leerzeile, dann ein Fence beliebiger Sprache.
AUSGABE = re.compile(
    r"(^<!--pytest-codeblocks:expected-output-->\n\n(`{3,})[^\n]*\n)(.*?)(^\2[ \t]*$)",
    re.S | re.M,
)


def ausfuehren(code: str) -> str:
    puffer = io.StringIO()
    with contextlib.redirect_stdout(puffer):
        exec(code, {"__name__": "__kurs__"})
    return puffer.getvalue()


def aktualisiere(name: str) -> bool:
    """Erneuert die Ausgaben eines Snippets; True, wenn sich etwas geändert hat."""
    datei = SNIPPETS / name
    text = datei.read_text(encoding="utf-8")
    treffer = list(AUSGABE.finditer(text))
    mit_ausgabe = [b for b in bloecke(name) if b.expected_output is not None]
    if len(treffer) != len(mit_ausgabe):
        sys.exit(
            f"{name}: {len(treffer)} Ausgabe-Blöcke in der Datei, aber "
            f"{len(mit_ausgabe)} nach dem Zusammensetzen. Ausgaben gehören in die "
            "Datei, deren Code sie erzeugt."
        )
    neu = text
    for t, block in reversed(list(zip(treffer, mit_ausgabe))):
        ausgabe = ausfuehren(block.code)
        if ausgabe and not ausgabe.endswith("\n"):
            sys.exit(f"{name}: Die Ausgabe endet ohne Zeilenumbruch; nutze print().")
        neu = neu[: t.start(3)] + ausgabe + neu[t.end(3) :]
    if neu != text:
        datei.write_text(neu, encoding="utf-8")
    return neu != text


def main(namen: list[str]) -> None:
    if not namen:
        namen = sorted(p.relative_to(SNIPPETS).as_posix() for p in SNIPPETS.rglob("*.md"))
    for name in namen:
        if aktualisiere(name):
            print(f"aktualisiert: snippets/{name}")


if __name__ == "__main__":
    main(sys.argv[1:])
