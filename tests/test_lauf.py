"""kurs/lauf.py: Ausführen mit deutscher Meldung, in CPython wie im Browser."""

import pytest

from kurs.lauf import Fehlermeldung, lauf


def test_beispiel_gibt_seine_ausgabe_zurueck():
    assert lauf("x = 2\n", "print(x * 21)\n") == "42\n"


@pytest.mark.parametrize("code, meldung", [
    ("print(1\n", "Syntaxfehler in Zeile 1: '(' was never closed"),
    ("a = 1\nprint(b)\n", "Der Name 'b' ist nicht definiert (Zeile 2)."),
    ("def f():\n    return 1 / 0\n\nf()\n", "ZeroDivisionError: division by zero (Zeile 2)"),
])
def test_fehler_kommt_als_deutsche_meldung_mit_zeile(code, meldung):
    with pytest.raises(Fehlermeldung) as fehler:
        lauf("", code)
    assert str(fehler.value).startswith(meldung)


def test_ausgabe_vor_dem_fehler_bleibt_erhalten():
    with pytest.raises(Fehlermeldung) as fehler:
        lauf("", "print('bis hier')\nraise ValueError('kaputt')\n")
    assert fehler.value.ausgabe == "bis hier\n"
    assert str(fehler.value) == "ValueError: kaputt (Zeile 2)"


def test_zeilen_zaehlen_ab_dem_gezeigten_code():
    with pytest.raises(Fehlermeldung, match=r"\(Zeile 1\)"):
        lauf("x = 1\ny = 2\nz = 3\n", "1 / 0\n")


def test_im_browser_meldet_ergebnis_als_dict():
    from kurs.lauf import im_browser

    assert im_browser("lauf", "", "print('hallo')\n") == {"ok": True, "ausgabe": "hallo\n"}
    assert im_browser("pruefe", "", "x = 1\n", "assert x == 2, 'x soll 2 sein'\n") == {
        "ok": False, "meldung": "x soll 2 sein", "ausgabe": ""}
