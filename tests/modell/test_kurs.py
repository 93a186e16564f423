"""kurs/modell/__init__.py (Kurs.pruefen) am Kurs selbst: Jede Seite, Übung und Frage lässt sich
lesen. Scheitert das, steht hier die eine Meldung mit Datei und Zeile; jeder andere Test, der an
demselben Fehler scheitert, zählt als Folgefehler (tests/conftest.py)."""

import pytest

from kurs.modell import Kurs, QuellenFehler


def test_quellen_des_kurses():
    try:
        Kurs().pruefen()
    except QuellenFehler as fehler:
        pytest.fail(str(fehler), pytrace=False)
