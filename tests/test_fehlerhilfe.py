"""kurs/fehlerhilfe.py und kurs/ursachen.py: Jeder Fehler, den der Erzeuger tests/lesefehler.py
baut, bekommt eine deutsche Hilfe, die seine Ursache nennt, Namen als Code setzt und nie einen Rat
gibt, der schadet. Dieselben Fälle laufen in Pyodide (tests/browser/test_uebungsschleife.py)."""

import re

import pytest
from lesefehler import VORHER, alle_faelle

from kurs.fehlerhilfe import ERKLAERUNGEN
from kurs.lauf import Fehlermeldung, lauf

FAELLE = alle_faelle()
# Die Sätze, die jede andere Meldung eines Typs fangen: Sie nennen keine Ursache.
ALLGEMEIN = {e for _, muster in ERKLAERUNGEN.values() for ausdruck, e in muster if ausdruck == ".*" and isinstance(e, str)}


def test_der_erzeuger_baut_viele_verschiedene_fehler():
    assert len(FAELLE) >= 150 and len({f.code for f in FAELLE}) == len(FAELLE)
    assert len({f.art for f in FAELLE}) >= 10


@pytest.mark.parametrize("fall", FAELLE, ids=lambda f: f"{f.art}: {f.code.strip().splitlines()[-1][:40]}")
def test_jeder_fehler_bekommt_eine_hilfe_mit_seiner_ursache(fall):
    with pytest.raises(Fehlermeldung) as fehler:
        lauf(VORHER, fall.code)
    meldung = str(fehler.value)
    deutsch, klammer, original = meldung.partition(" (Python: ")
    assert klammer, f"Keine deutsche Hilfe: {meldung}"
    text = deutsch.partition(": ")[2]
    assert text not in ALLGEMEIN, f"Nur der allgemeine Satz, keine Ursache: {meldung}"
    for stueck in fall.nennt:
        assert stueck in text, f"{stueck!r} fehlt in: {text}"
    for rat in fall.nie:
        assert rat not in text, f"{rat!r} ist hier falsch: {text}"
    # Namen stehen als Code da: jeder Name, den Python in Anführungszeichen nennt, steht in `…`,
    # und außerhalb von `…` steht keiner in Anführungszeichen.
    code = re.findall(r"`([^`]*)`", text)
    for name in re.findall(r"'(\w+)'", original.replace("'NoneType'", "'None'")):
        assert any(name in c for c in code), f"{name} ist nicht als Code gesetzt: {text}"
    assert not re.search(r"'\w+'", re.sub(r"`[^`]*`", "", text)), f"Name in Anführungszeichen statt als Code: {text}"
    assert text.count("`") % 2 == 0, text
    assert fehler.value.zeile == fall.zeile, meldung
