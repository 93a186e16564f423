"""Schreibt jede Ausgabe in snippets/ neu, aus einem echten Lauf ihres Codes.

    uv run python -m kurs.ausgaben                      # alle Snippets
    uv run python -m kurs.ausgaben teil-2/partition.md  # eines (auch snippets/teil-2/partition.md)
    uv run python -m kurs.ausgaben --pruefen            # nur prüfen, nichts schreiben

Danach zeigt `git diff`, was sich geändert hat. Ausgaben tippt niemand von Hand.
`--pruefen` endet mit Status 1, wenn eine Ausgabe nicht zum Code passt.
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
        # Dieselben Globals wie pytest-codeblocks: Der Test vergleicht genau diesen Lauf.
        exec(code, {"__MODULE__": "__main__"})
    return puffer.getvalue()


def aktualisiere(name: str, schreiben: bool = True) -> bool:
    """Erneuert die Ausgaben eines Snippets; True, wenn eine nicht zum Code passte."""
    datei = SNIPPETS / name
    if not datei.is_file():
        sys.exit(f"Die Datei snippets/{name} gibt es nicht.")
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
    for nummer, (t, block) in reversed(list(enumerate(zip(treffer, mit_ausgabe), start=1))):
        try:
            ausgabe = ausfuehren(block.code)
        except Exception as exc:
            sys.exit(
                f"{name}: Der Code vor Ausgabe {nummer} bricht ab: {type(exc).__name__}: {exc}\n"
                f"Wo genau, zeigt: uv run pytest snippets/{name}"
            )
        if ausgabe and not ausgabe.endswith("\n"):
            sys.exit(f"{name}: Die Ausgabe endet ohne Zeilenumbruch; nutze print().")
        neu = neu[: t.start(3)] + ausgabe + neu[t.end(3) :]
    if neu != text and schreiben:
        datei.write_text(neu, encoding="utf-8")
    return neu != text


def main(argv: list[str]) -> int:
    pruefen = "--pruefen" in argv
    namen = [n.removeprefix("snippets/") for n in argv if n != "--pruefen"]
    if not namen:
        namen = sorted(p.relative_to(SNIPPETS).as_posix() for p in SNIPPETS.rglob("*.md"))
    veraltet = [name for name in namen if aktualisiere(name, schreiben=not pruefen)]
    for name in veraltet:
        print(f"{'veraltet' if pruefen else 'aktualisiert'}: snippets/{name}")
    if pruefen and veraltet:
        print("Diese Ausgaben passen nicht zum Code. Neu schreiben mit: uv run python -m kurs.ausgaben")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
