"""kurs/modell/beispiele.py: Einbindungen ausgebreitet, Zeile für Zeile mit Herkunft; die
Beispiele so, wie pytest-codeblocks sie liest; Stücke mit ihrer Zeile; ein Test je Block, der
in der Datei selbst steht."""

from pathlib import Path

import pytest

from kurs.modell import WURZEL, QuellenFehler
from kurs.modell.beispiele import EINBINDUNG, ausbreiten, lesen, marken_pruefen

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


def test_marken_des_kurses_setzen_alle_etwas_fort():
    for datei in sorted((WURZEL / "snippets").rglob("*.md")):
        marken_pruefen(datei.read_text(encoding="utf-8"), datei.name)


def _lesen(text: str) -> list:
    """Wie kurs/modell/snippets.py eine Datei liest: Marker prüfen, dann der Parser von pytest-codeblocks."""
    marken_pruefen(text, "snippets/x.md")
    ausgebreitet, herkunft = ausbreiten(text, lambda zeile, nummer: "```python\nx = 1\n```")
    return lesen(Path("x.md"), "snippets/x.md", ausgebreitet, herkunft, set())


def _ohne_zeile(text: str, nummer: int) -> str:
    zeilen = text.split("\n")
    return "\n".join(zeilen[:nummer - 1] + zeilen[nummer:])


# Jede Einbindung des Kurses, die allein zwischen zwei Markern oder in einem Codeblock steht: ohne sie
# fehlt ein Stück. Die Meldung nennt eine Zeile höchstens zwei daneben (wie der Mutationstest verlangt).
EINBINDUNGEN = [(d, n) for d in sorted((WURZEL / "snippets").rglob("*.md"))
                for n, z in enumerate(d.read_text(encoding="utf-8").split("\n"), start=1) if EINBINDUNG.match(z)]


@pytest.mark.parametrize("datei, nummer", EINBINDUNGEN, ids=lambda w: w.name if isinstance(w, Path) else str(w))
def test_geloeschte_einbindung_an_ihrer_zeile(datei, nummer):
    text = datei.read_text(encoding="utf-8")
    zeilen = text.split("\n")
    vorher = next((z.strip() for z in reversed(zeilen[:nummer - 1]) if z.strip()), "")
    nachher = next((z.strip() for z in zeilen[nummer:] if z.strip()), "")
    allein = vorher.startswith(("<!--pytest-codeblocks:cont", "```")) or not vorher
    allein &= nachher.startswith(("<!--pytest-codeblocks:", "```")) or not nachher
    if not allein:  # neben anderem Code: Ohne sie fehlt ein Name, den die Meldung des Tests nennt
        return
    with pytest.raises(QuellenFehler) as info:
        _lesen(_ohne_zeile(text, nummer))
    zeile = int(str(info.value).split(":")[1])
    assert abs(zeile - nummer) <= 2, str(info.value)


@pytest.mark.parametrize("text, zeile", [
    ("<!--pytest-codeblocks:cont-->\n\n<!--pytest-codeblocks:cont-->\n\n```python\nx\n```\n", 1),
    ("```python\nx\n```\n\n<!--pytest-codeblocks:cont-->\n\n", 5),
    ("```python\nx\n```\n\n<!--pytest-codeblocks:cont-->\n\n<!--pytest-codeblocks:expected-output-->\n", 5),
    ("```python\n```\n", 1),
    ("\n<!--pytest-codeblocks:cont-->\n\n```python\nx\n```\n", 2),
    ("\n", 1),
    ("```python\nx\n```\n\n<!--pytest-codeblocks:cont->\n\n```python\nx\n```\n", 5),
    ("```python\nx\n```\n\n<!--pytest-codeblock:cont-->\n\n```python\nx\n```\n", 5),
])
def test_marke_ohne_stueck_und_leerer_block(text, zeile):
    with pytest.raises(QuellenFehler, match=f"^snippets/x.md:{zeile}: "):
        _lesen(text)


@pytest.mark.parametrize("fence, meldung", [
    ("```pyhton", "Die Sprache 'pyhton' kennt der Kurs nicht: .* Meintest du 'python'\\?"),
    ("```yml2", "Die Sprache 'yml2' kennt der Kurs nicht"),
    ("```bash", "Die Sprache 'bash' kennt der Kurs nicht"),
    ("```py", "Dieser Block läuft nie: .* genau ```python heißen"),
    ("```Python", "Dieser Block läuft nie"),
    ("```python3", "Dieser Block läuft nie"),
    ("```pycon", "Dieser Block läuft nie"),
    ('```python title="Lösung"', "Dieser Block läuft nie"),
    ("``` python", "Dieser Block läuft nie: pytest-codeblocks überspringt"),
    ("~~~python", "Dieser Block läuft nie: pytest-codeblocks überspringt"),
    ("```", "Ein Fence ohne Sprache"),
])
def test_fence_der_nie_laeuft_oder_den_niemand_kennt(fence, meldung):
    """Ein Tippfehler in der Sprache: Der Block liefe still nie, seine Ausgabe würde nie verglichen."""
    text = f"```python\nx = 1\n```\n\n<!--pytest-codeblocks:cont-->\n\n{fence}\nprint(x)\n```\n"
    with pytest.raises(QuellenFehler, match=f"^snippets/x.md:7: {meldung}"):
        _lesen(text)


def test_sprachen_des_kurses_und_fences_in_fences_sind_recht():
    text = ('```python\nprint(1)\n```\n\n<!--pytest-codeblocks:expected-output-->\n\n```text title="Ausgabe"\n1\n```\n'
            "\n```js\nlet x;\n```\n\n```console\n$ uv run pytest\n```\n\n````text\n```pyhton\n```\n````\n")
    assert [b.ausgabe for b in _lesen(text) if b.ist_test] == ["1\n"]


def test_ausgabe_ohne_marke_davor():
    """Ohne expected-output davor stünde die Ausgabe auf der Seite, verglichen würde sie nie."""
    text = '```python\nprint(1)\n```\n\n```text title="Ausgabe"\n1\n```\n'
    with pytest.raises(QuellenFehler, match="^snippets/x.md:5: Diese Ausgabe würde nie verglichen"):
        _lesen(text)


def test_jede_zeile_jedes_beispiels_fuehrt_zu_ihrer_zeile_in_der_quelle():
    """ort_in_quelle, für jede Zeile jedes Beispiels im Kurs: Dort steht genau diese Zeile (eingebunden höchstens
    weiter eingerückt). Daran hängen die Meldungen an der Zeile, auch für Code aus einer Einbindung mitten in
    einem Fence (```python, dann --8<-- "teil-2/giftiger_eintrag.md:lesen")."""
    from kurs.modell import Kurs

    kurs, geprueft = Kurs(), 0
    for datei in kurs.snippets.snippet_dateien():
        for beispiel in kurs.snippets.beispiele(datei.relative_to(kurs.snippets.ordner).as_posix()):
            for nummer, zeile in enumerate(beispiel.code.split("\n")[:-1], start=1):
                if (ort := beispiel.ort_in_quelle(nummer)) is None:
                    continue
                quelle = (WURZEL / ort[0]).read_text(encoding="utf-8").split("\n")[ort[1] - 1]
                assert zeile.endswith(quelle.lstrip()) and quelle.strip() == zeile.strip(), (
                    f"{datei.name}, Zeile {nummer} des Beispiels {beispiel.zeile}: {zeile!r}, aber {ort} ist {quelle!r}")
                geprueft += 1
    assert geprueft > 1000, geprueft
