"""Der Cache der Pygments-Hervorhebung (kurs/hervorhebung.py): dasselbe HTML wie Pygments,
neu gerechnet bei jeder anderen Eingabe, nie aus einem Ordner, der nicht uns gehört
(kurs/cachedatei.py), und nach dem Build wieder das Original von pymdownx."""

import markdown
import pytest
from pymdownx import highlight

from kurs import hervorhebung
from kurs.cachedatei import Cachedatei

BLOCK = '```python\nprint("Hallo")\n```\n'


@pytest.fixture
def datei(tmp_path, monkeypatch):
    # Nach dem Test gilt wieder Pygments ohne Cache, auch für andere Tests in diesem Prozess.
    monkeypatch.setattr(highlight.Highlight, "highlight", hervorhebung.ORIGINAL)
    return Cachedatei("hervorhebung.json", tmp_path / "cache")


def html(text: str, **einstellungen) -> str:
    return markdown.markdown(text, extensions=["pymdownx.highlight", "pymdownx.superfences"],
                             extension_configs={"pymdownx.highlight": einstellungen})


def pygments_laeufe(monkeypatch) -> list:
    """Ab jetzt: ein Eintrag je Block, den Pygments rechnet (statt ihn aus dem Cache zu nehmen).
    Eine Ausnahme ginge nicht: superfences fängt sie und zeigt den Block dann ohne Farben."""
    laeufe, original = [], hervorhebung.ORIGINAL

    def zaehlend(self, src, *args, **kwargs):
        laeufe.append(src)
        return original(self, src, *args, **kwargs)

    monkeypatch.setattr(hervorhebung, "ORIGINAL", zaehlend)
    return laeufe


def build(datei: Cachedatei, text: str, **einstellungen) -> str:
    cache = hervorhebung.Hervorhebung(datei)
    cache.einschalten()
    try:
        return html(text, **einstellungen)
    finally:
        cache.ausschalten()


def test_gleicher_block_im_naechsten_build_aus_dem_cache_mit_gleichem_html(datei, monkeypatch):
    ohne_cache = html(BLOCK)
    assert build(datei, BLOCK) == ohne_cache
    laeufe = pygments_laeufe(monkeypatch)
    assert build(datei, BLOCK) == ohne_cache  # der nächste Build
    assert laeufe == []


def test_nach_dem_build_gilt_wieder_pymdownx(datei):
    build(datei, BLOCK)
    assert highlight.Highlight.highlight is hervorhebung.ORIGINAL


@pytest.mark.parametrize("anders", [
    {"text": BLOCK.replace("Hallo", "Hallo!")},
    {"text": BLOCK.replace("python", "js")},
    {"text": BLOCK, "linenums": True},
], ids=["Quelltext", "Sprache", "Einstellung"])
def test_jede_andere_eingabe_rechnet_pygments_neu(datei, monkeypatch, anders):
    build(datei, BLOCK)
    erwartet = html(**anders)
    laeufe = pygments_laeufe(monkeypatch)
    assert build(datei, **anders) == erwartet
    assert len(laeufe) == 1


def test_ordner_den_andere_beschreiben_duerfen_bleibt_ungelesen(datei):
    build(datei, BLOCK)
    assert datei.datei.is_file()
    datei.datei.parent.chmod(0o777)
    assert datei.lesen() == {}, "Cache aus einem Ordner gelesen, in den jeder schreiben darf"
    build(datei, BLOCK.replace("Hallo", "Neu"))
    assert "Neu" not in datei.datei.read_text(encoding="utf-8")
