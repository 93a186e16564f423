"""kurs/seite/verzoegert.py: Ein Platzhalter steht in sys.modules, bis jemand ein Attribut
liest; dann lädt das echte Modul und tritt an seine Stelle."""

import sys

import pytest

from kurs.seite import verzoegert


@pytest.fixture
def spaet(tmp_path, monkeypatch):
    """Ein Modul, das noch niemand geladen hat; sein Laden zählt mit."""
    (tmp_path / "spaet_geladen.py").write_text("import sys\nsys.ladezaehler = getattr(sys, 'ladezaehler', 0) + 1\n"
                                               "WERT = 42\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(verzoegert, "SPAETER", ("spaet_geladen",))
    monkeypatch.setattr(sys, "ladezaehler", 0, raising=False)
    monkeypatch.delitem(sys.modules, "spaet_geladen", raising=False)
    yield "spaet_geladen"
    sys.modules.pop("spaet_geladen", None)


def test_einrichten_setzt_platzhalter_und_laedt_nichts(spaet):
    verzoegert.einrichten()
    assert isinstance(sys.modules[spaet], verzoegert.Platzhalter)
    assert not verzoegert.geladen(spaet) and sys.ladezaehler == 0


def test_erstes_attribut_laedt_das_echte_modul_genau_einmal(spaet):
    verzoegert.einrichten()
    platzhalter = sys.modules[spaet]
    assert platzhalter.WERT == 42 and platzhalter.WERT == 42
    assert verzoegert.geladen(spaet) and sys.ladezaehler == 1
    assert not isinstance(sys.modules[spaet], verzoegert.Platzhalter), "Das echte Modul steht jetzt in sys.modules"


def test_einrichten_ersetzt_kein_geladenes_modul(spaet):
    import spaet_geladen

    verzoegert.einrichten()
    assert sys.modules[spaet] is spaet_geladen and verzoegert.geladen(spaet)


def test_nie_gesehenes_modul_ist_nicht_geladen():
    assert not verzoegert.geladen("gibt_es_nicht_im_kurs")
