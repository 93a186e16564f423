"""kurs/cachedatei.py: Eine JSON-Datei als Cache. Was fehlt oder kaputt ist, ergibt {};
in einem Ordner, der nicht allein diesem Benutzer gehört, wird weder gelesen noch geschrieben."""

import os

import pytest

from kurs.cachedatei import Cachedatei


def test_ohne_datei_ist_der_cache_leer_und_der_ordner_entsteht_nur_fuer_den_benutzer(tmp_path):
    cache = Cachedatei("c.json", tmp_path / "cache")
    assert cache.lesen() == {}
    assert (tmp_path / "cache").stat().st_mode & 0o777 == 0o700


def test_geschriebenes_wird_wieder_gelesen_ohne_zwischendatei(tmp_path):
    Cachedatei("c.json", tmp_path / "cache").schreiben({"a": [1, 2], "b": "x"})
    assert Cachedatei("c.json", tmp_path / "cache").lesen() == {"a": [1, 2], "b": "x"}
    assert [p.name for p in (tmp_path / "cache").iterdir()] == ["c.json"]


@pytest.mark.parametrize("inhalt", ["{kaputt", "[1, 2]", ""])
def test_kaputte_datei_ergibt_einen_leeren_cache(tmp_path, inhalt):
    cache = Cachedatei("c.json", tmp_path / "cache")
    cache.schreiben({})
    cache.datei.write_text(inhalt, encoding="utf-8")
    assert cache.lesen() == {}


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="Rechte je Benutzer nur unter POSIX")
def test_ordner_den_andere_lesen_duerfen_bleibt_ungenutzt(tmp_path):
    ordner = tmp_path / "offen"
    ordner.mkdir(mode=0o755)
    ordner.chmod(0o755)
    (ordner / "c.json").write_text('{"fremd": 1}', encoding="utf-8")
    cache = Cachedatei("c.json", ordner)
    assert cache.lesen() == {}
    cache.schreiben({"neu": 1})
    assert (ordner / "c.json").read_text(encoding="utf-8") == '{"fremd": 1}'
