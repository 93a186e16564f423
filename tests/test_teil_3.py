"""Ein neues Kapitel braucht eine Zeile in `nav`, eine Seite und einen Ordner, sonst nichts.

Eine Kopie des Kurses bekommt einen Teil 3, mit einem Beispiel und einer Übung
(tests/kurs_kopie.py). Die Tests prüfen, dass jedes Werkzeug ihn findet: Kursmodell,
Beispiel-Tests, Übung, Notebook und der strenge Build.
"""

import pytest

from kurs import notebooks
from kurs.lauf import Fehlermeldung
from kurs.modell import Kurs

pytest_plugins = ["pytester"]


def test_modell_kennt_teil_3_mit_beispiel_und_uebung(kurs_kopie):
    kurs = Kurs(kurs_kopie[0])
    (teil_3,) = [k for k in kurs.kapitel if k.name == "teil-3"]
    assert [b.code for b in kurs.beispiele("teil-3/hallo.md")] == ['print("Hallo aus Teil 3")\n']
    (uebung,) = teil_3.uebungen
    assert (uebung.name, uebung.titel, uebung.definiert) == ("teil-3/uebung-1", "Verdoppeln", ["verdopple"])
    uebung.pruefe(uebung.loesung)
    with pytest.raises(Fehlermeldung, match="soll 42 sein"):
        uebung.pruefe(uebung.vorlage)
    assert "Übungen zu Teil 3" in [s.titel for s in kurs.seiten]
    assert [z["metadata"]["kurs"]["rolle"] for z in notebooks.notebook(kurs, teil_3)["cells"]
            if z["cell_type"] == "code"] == ["vorlage", "pruefung"]


def test_beispiel_von_teil_3_laeuft_als_test(kurs_kopie, pytester):
    pytester.chdir()
    lauf = pytester.runpytest_inprocess("-p", "no:cacheprovider", "--rootdir", str(kurs_kopie[0]),
                                        str(kurs_kopie[0] / "snippets" / "teil-3"))
    lauf.assert_outcomes(passed=4)  # das Beispiel, Vorlage, Lösung und Lösung mit Prüfung


def test_strenger_build_zeigt_teil_3_mit_notebook(kurs_kopie):
    ziel, status, ausgabe = kurs_kopie
    assert status == 0, ausgabe
    assert "Hallo aus Teil 3" in (ziel / "site" / "teil-3" / "index.html").read_text(encoding="utf-8")
    assert (ziel / "site" / "notebooks" / "uebungen-teil-3" / "uebungen-teil-3.ipynb").is_file()
    assert (ziel / "site" / "teil-3" / "programme.json").is_file()
