"""kurs/seite/einstellungen.py: KURS_CACHE versteht an und aus wie eine Umgebungsvariable; `mkdocs serve`
sagt, wenn sich der Code des Kurses seit dem Start geändert hat."""

import pytest


@pytest.mark.parametrize("wert, an", [("true", True), ("false", False), (True, True), (False, False), (1, True),
                                      (0, False), ("1", True), ("0", False), ("ja", True), ("Nein", False),
                                      ("on", True), ("off", False)])
def test_kurs_cache_versteht_an_und_aus_wie_in_einer_umgebungsvariable(wert, an):
    from kurs.seite.einstellungen import Schalter

    assert Schalter(default=True).validate(wert) is an


def test_kurs_cache_mit_anderem_wert_sagt_auf_deutsch_was_geht():
    from mkdocs.config.config_options import ValidationError

    from kurs.seite.einstellungen import Schalter

    with pytest.raises(ValidationError, match="weder an noch aus; erlaubt sind true/false, 1/0"):
        Schalter(default=True).validate("vielleicht")


def test_nach_aenderung_am_code_sagt_serve_dass_es_neu_starten_muss(monkeypatch, caplog):
    """`mkdocs serve` baut nach einer Änderung an kurs/ mit dem alten Code neu: on_config sagt es."""
    import logging

    from kurs.seite import einstellungen as plugin

    with caplog.at_level(logging.WARNING, logger="mkdocs.plugins.kurs"):
        plugin.neuer_code_warnen()
        assert caplog.text == ""
        monkeypatch.setattr(plugin, "GELADEN", {**plugin.GELADEN, next(iter(plugin.GELADEN)): 0.0})
        plugin.neuer_code_warnen()
    assert "Starte `uv run mkdocs serve` neu" in caplog.text
