"""kurs/modell/beispiele.py: Einbindungen ausgebreitet, Zeile für Zeile mit Herkunft; die
Beispiele so, wie pytest-codeblocks sie liest; Stücke mit ihrer Zeile; ein Test je Block, der
in der Datei selbst steht."""

from pathlib import Path

from kurs.modell.beispiele import ausbreiten, lesen

DATEI = """--8<-- "a.md"

<!--pytest-codeblocks:cont-->

# --8<-- [start:anzeige]

```python
print(x)
```

<!--pytest-codeblocks:expected-output-->

```text
1
```
# --8<-- [end:anzeige]
"""
A = "```python\nx = 1\n```"


def beispiele():
    text, herkunft = ausbreiten(DATEI, lambda zeile, nummer: A)
    return lesen(Path("b.md"), "snippets/b.md", text, herkunft, {1})


def test_ausbreiten_nennt_zu_jeder_zeile_ihre_herkunft_und_laesst_abschnittsmarken_weg():
    text, herkunft = ausbreiten(DATEI, lambda zeile, nummer: A)
    assert text.startswith(A + "\n\n<!--pytest-codeblocks:cont-->") and "8<-- [" not in text
    assert herkunft[:3] == [1, 1, 1] and herkunft[text.split("\n").index("print(x)")] == 8


def test_ein_beispiel_aus_eingebundenem_und_eigenem_stueck():
    (beispiel,) = beispiele()
    assert beispiel.code == "x = 1\nprint(x)\n" and beispiel.ausgabe == "1\n"
    assert [(s.code, s.zeile, s.anfang) for s in beispiel.stuecke] == [("x = 1\n", None, 0), ("print(x)\n", 7, 6)]
    assert beispiel.zeile == 7 and beispiel.ist_test
    assert beispiel.als_codeblock().code == beispiel.code


def test_nur_eingebunden_ist_kein_test():
    text, herkunft = ausbreiten('--8<-- "a.md"\n', lambda zeile, nummer: A)
    (beispiel,) = lesen(Path("c.md"), "snippets/c.md", text, herkunft, {1})
    assert beispiel.zeile is None and not beispiel.ist_test
