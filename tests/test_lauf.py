"""kurs/lauf.py: Ausführen mit deutscher Meldung, in CPython wie im Browser."""

import pytest

from kurs.lauf import Fehlermeldung, lauf

# Die häufigen Fehler einer Leserin: Code -> (Anfang der deutschen Meldung, Zeile). Dahinter steht
# Pythons eigene Meldung in Klammern. Dieselben Fälle laufen im Browser
# (tests/browser/test_ausfuehren.py::test_haeufige_fehler_im_browser_auf_deutsch).
FAELLE = {
    'x = 1\ntext = "Summe: " + x\n': ("Falscher Typ in Zeile 2: Text (str) und int lassen sich nicht mit + verbinden.", 2),
    "def f(a):\n    return a\n\nf()\n": ("Falscher Typ in Zeile 4: Beim Aufruf von f fehlt ein Argument: 'a'.", 4),
    "x = None\nx[0]\n": ("Falscher Typ in Zeile 2: Hier steht None, wo ein Wert erwartet wird.", 2),
    "zeilen = []\nzeilen.add(1)\n": ("Unbekanntes Attribut in Zeile 2: Ein Wert vom Typ list hat kein Attribut add.", 2),
    'd = {"a": 1}\nd["b"]\n': ("Unbekannter Schlüssel in Zeile 2: Den Schlüssel 'b' gibt es hier nicht.", 2),
    "liste = [1, 2]\nliste[2]\n": ("Index außerhalb in Zeile 2: Diese Stelle gibt es nicht, der Wert ist kürzer.", 2),
    'int("zwölf")\n': ("Unpassender Wert in Zeile 1: 'zwölf' ist keine ganze Zahl.", 1),
    "def f():\n    return 1 / 0\n\nf()\n": ("Division durch null in Zeile 2: Hier wird durch 0 geteilt.", 2),
    "x = 1\n  y = 2\n": ("Einrückungsfehler in Zeile 2: Diese Zeile ist eingerückt, obwohl hier kein neuer Block beginnt.", 2),
    "if True:\nprint(1)\n": ("Einrückungsfehler in Zeile 2: Nach einer Zeile mit Doppelpunkt muss ein eingerückter Block folgen.", 2),
    "for x in [1]\n    print(x)\n": ("Syntaxfehler in Zeile 1: Hier fehlt ein Doppelpunkt", 1),
    "x = 1 +\n": ("Syntaxfehler in Zeile 1: Python versteht diese Zeile nicht.", 1),
    'x = "offen\n': ("Syntaxfehler in Zeile 1: Ein Text in Anführungszeichen wird nicht geschlossen", 1),
    "x = 1\nprint(x\n": ("Syntaxfehler in Zeile 2: Die Klammer ( wird nie geschlossen.", 2),
    "a = 1\nprint(b)\n": ("Unbekannter Name in Zeile 2: Der Name b ist nicht definiert.", 2),
}


def test_beispiel_gibt_seine_ausgabe_zurueck():
    assert lauf("x = 2\n", "print(x * 21)\n") == "42\n"


@pytest.mark.parametrize("code", FAELLE, ids=[anfang.split(":")[0] for anfang, _ in FAELLE.values()])
def test_haeufiger_fehler_auf_deutsch_mit_pythons_meldung_in_klammern(code):
    anfang, zeile = FAELLE[code]
    with pytest.raises(Fehlermeldung) as fehler:
        lauf("", code)
    meldung = str(fehler.value)
    assert meldung.startswith(anfang), meldung
    # Pythons Meldung steht dahinter, wie Python sie nennt: zum Nachschlagen.
    typ, _, original = meldung.partition(" (Python: ")[2].rpartition(")")[0].partition(": ")
    assert typ.endswith("Error") and original, meldung
    assert fehler.value.zeile == zeile


def test_seltener_fehler_bleibt_wie_python_ihn_nennt():
    with pytest.raises(Fehlermeldung) as fehler:
        lauf("", "raise ConnectionError('Broker weg')\n")
    assert str(fehler.value) == "ConnectionError: Broker weg (Zeile 1)"


def test_ausgabe_vor_dem_fehler_bleibt_erhalten():
    with pytest.raises(Fehlermeldung) as fehler:
        lauf("", "print('bis hier')\nraise ValueError('kaputt')\n")
    assert fehler.value.ausgabe == "bis hier\n"
    assert str(fehler.value) == ("Unpassender Wert in Zeile 2: Der Typ passt, aber mit diesem Wert geht es nicht. "
                                 "(Python: ValueError: kaputt)")


def test_zeilen_zaehlen_ab_dem_gezeigten_code():
    with pytest.raises(Fehlermeldung, match=r"in Zeile 1:") as fehler:
        lauf("x = 1\ny = 2\nz = 3\n", "1 / 0\n")
    assert fehler.value.zeile == 1


def test_fehler_im_code_danach_zeigt_auf_keine_zeile_des_editors():
    with pytest.raises(Fehlermeldung) as fehler:
        lauf("", "x = 1\n", "x / 0\n")
    assert fehler.value.zeile is None


def test_im_browser_meldet_ergebnis_als_dict():
    from kurs.lauf import im_browser

    ohne_aufzeichnung = lambda e: {k: v for k, v in e.items() if k != "aufzeichnung"}  # noqa: E731 (tests/test_aufzeichnung.py)
    assert ohne_aufzeichnung(im_browser("lauf", "", "print('hallo')\n")) == {"ok": True, "ausgabe": "hallo\n"}
    assert ohne_aufzeichnung(im_browser("pruefe", "", "x = 1\n", "assert x == 2, 'x soll 2 sein'\n")) == {
        "ok": False, "meldung": "x soll 2 sein", "ausgabe": "", "zeile": None}
    assert im_browser("lauf", "", "x = 1\ny = 1 / 0\n")["zeile"] == 2
