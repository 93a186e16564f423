"""Der Cache der Pygments-Hervorhebung (kurs/hervorhebung.py): dasselbe HTML wie Pygments,
neu gerechnet bei jeder anderen Eingabe, und nie aus einem Ordner, der nicht uns gehört."""

import markdown
import pytest
from pymdownx import highlight

from kurs import hervorhebung

BLOCK = '```python\nprint("Hallo")\n```\n'


@pytest.fixture
def cache(tmp_path, monkeypatch):
    ordner = tmp_path / "cache"
    monkeypatch.setattr(hervorhebung, "DATEI", ordner / "hervorhebung.json")
    # Nach dem Test gilt wieder Pygments ohne Cache, auch für andere Tests in diesem Prozess.
    monkeypatch.setattr(highlight.Highlight, "highlight", highlight.Highlight.highlight)
    return ordner


def html(text: str, **einstellungen) -> str:
    return markdown.markdown(text, extensions=["pymdownx.highlight", "pymdownx.superfences"],
                             extension_configs={"pymdownx.highlight": einstellungen})


def html_ohne_cache(text: str, **einstellungen) -> str:
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(highlight.Highlight, "highlight", hervorhebung._ohne_cache)
        return html(text, **einstellungen)


def pygments_laeufe(monkeypatch) -> list:
    """Ab jetzt: ein Eintrag je Block, den Pygments rechnet (statt ihn aus dem Cache zu nehmen).
    Eine Ausnahme ginge nicht: superfences fängt sie und zeigt den Block dann ohne Farben."""
    laeufe, ohne_cache = [], hervorhebung._ohne_cache

    def zaehlend(self, src, *args, **kwargs):
        laeufe.append(src)
        return ohne_cache(self, src, *args, **kwargs)

    monkeypatch.setattr(hervorhebung, "_ohne_cache", zaehlend)
    return laeufe


def test_gleicher_block_im_naechsten_build_aus_dem_cache_mit_gleichem_html(cache, monkeypatch):
    ohne_cache = html_ohne_cache(BLOCK)
    hervorhebung.einschalten()
    assert html(BLOCK) == ohne_cache
    hervorhebung.speichern()

    hervorhebung.einschalten()  # der nächste Build
    laeufe = pygments_laeufe(monkeypatch)
    assert html(BLOCK) == ohne_cache
    assert laeufe == []


@pytest.mark.parametrize("anders", [
    {"text": BLOCK.replace("Hallo", "Hallo!")},
    {"text": BLOCK.replace("python", "js")},
    {"text": BLOCK, "linenums": True},
], ids=["Quelltext", "Sprache", "Einstellung"])
def test_jede_andere_eingabe_rechnet_pygments_neu(cache, monkeypatch, anders):
    hervorhebung.einschalten()
    html(BLOCK)
    hervorhebung.speichern()

    erwartet = html_ohne_cache(**anders)
    hervorhebung.einschalten()
    laeufe = pygments_laeufe(monkeypatch)
    assert html(**anders) == erwartet
    assert len(laeufe) == 1


def test_ordner_den_andere_beschreiben_duerfen_bleibt_ungelesen(cache):
    hervorhebung.einschalten()
    html(BLOCK)
    hervorhebung.speichern()
    assert hervorhebung.DATEI.is_file()

    cache.chmod(0o777)
    hervorhebung.einschalten()
    assert hervorhebung._cache == {}, "Cache aus einem Ordner gelesen, in den jeder schreiben darf"
    html(BLOCK.replace("Hallo", "Neu"))
    hervorhebung.speichern()
    assert "Neu" not in hervorhebung.DATEI.read_text(encoding="utf-8")
