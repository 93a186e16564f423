"""kurs/seite/seitencache.py an einem kleinen MkDocs-Projekt ohne den Kurs: Was aus dem Cache
kommt, gleicht dem Gerenderten, mit denselben Meldungen; jede Eingabe des Schlüssels zählt."""

import logging

import pytest
from mkdocs.config import load_config
from mkdocs.structure.files import get_files
from mkdocs.structure.pages import Page

from kurs.cachedatei import Cachedatei
from kurs.seite import seitencache


@pytest.fixture
def projekt(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Start\n\n## Teil\n\n[weg](fehlt.md)\n", encoding="utf-8")
    (tmp_path / "snippets").mkdir()
    (tmp_path / "snippets" / "a.md").write_text("eins\n", encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text("site_name: Probe\n", encoding="utf-8")
    return tmp_path


class Meldungen(logging.Handler):
    def __init__(self):
        super().__init__()
        self.texte = []

    def emit(self, record):
        self.texte.append((record.levelno, record.getMessage()))


def cache_von(projekt):
    """Der Seitencache eines Builds von `projekt`: liest die Datei, die der letzte schrieb."""
    return seitencache.Seitencache(seitencache.umgebung(projekt, projekt / "mkdocs.yml"),
                                   Cachedatei("seiten.json", projekt / "cache"))


def bauen(projekt):
    """Ein Build: eine neue Seitencache-Instanz liest die Datei, rendert index.md, speichert."""
    config = load_config(str(projekt / "mkdocs.yml"))
    files = get_files(config)
    page = Page(None, files.get_file_from_path("index.md"), config)
    page.read_source(config)
    cache = cache_von(projekt)
    meldungen = Meldungen()
    logging.getLogger("mkdocs").addHandler(meldungen)
    try:
        programme = cache.rendern(page, config, files, lambda: [])
    finally:
        logging.getLogger("mkdocs").removeHandler(meldungen)
    cache.speichern()
    return page, cache.treffer, programme, meldungen.texte


def test_aus_dem_cache_dasselbe_und_dieselbe_warnung(projekt):
    erst, treffer_erst, _, meldungen_erst = bauen(projekt)
    dann, treffer_dann, programme, meldungen_dann = bauen(projekt)
    assert (treffer_erst, treffer_dann, programme) == (0, 1, [])
    assert (dann.content, str(dann.toc), dann.title, dann.present_anchor_ids) == \
        (erst.content, str(erst.toc), erst.title, erst.present_anchor_ids)
    # Die Warnung zum toten Link kommt auch aus dem Cache: --strict scheitert weiter.
    assert any(stufe == logging.WARNING and "fehlt.md" in text for stufe, text in meldungen_erst)
    assert meldungen_dann == meldungen_erst


@pytest.mark.parametrize("aendern", [
    lambda p: (p / "docs" / "index.md").write_text("# Start\n\nNeu.\n", encoding="utf-8"),
    lambda p: (p / "snippets" / "a.md").write_text("zwei\n", encoding="utf-8"),
    lambda p: (p / "snippets" / "b.md").write_text("neu\n", encoding="utf-8"),
    lambda p: (p / "docs" / "fehlt.md").write_text("# Da\n", encoding="utf-8"),
    lambda p: (p / "mkdocs.yml").write_text("site_name: Probe\nuse_directory_urls: false\n", encoding="utf-8"),
], ids=["Seite", "Snippet", "neues Snippet", "neue Datei (Links)", "mkdocs.yml"])
def test_jede_eingabe_des_schluessels_rendert_neu(projekt, aendern):
    bauen(projekt)
    aendern(projekt)
    _, treffer, _, _ = bauen(projekt)
    assert treffer == 0


def test_merken_rechnet_nur_nach_einer_aenderung_und_ein_fehler_bleibt_ein_fehler(projekt):
    aufrufe = []

    def pruefen(fehler=None):
        aufrufe.append(1)
        if fehler:
            raise ValueError(fehler)

    def lauf(fehler=None):
        cache = cache_von(projekt)
        cache.merken("geprueft", (seitencache.ordner_hash(projekt / "docs"),), lambda: pruefen(fehler) or True)
        cache.speichern()

    lauf()
    lauf()
    assert len(aufrufe) == 1
    (projekt / "docs" / "index.md").write_text("# Anders\n", encoding="utf-8")
    for _ in range(2):  # Ein Fehler wird nie gemerkt: Er kommt bei jedem Build wieder.
        with pytest.raises(ValueError):
            lauf("kaputt")
    assert len(aufrufe) == 3


def test_zwei_projekte_teilen_die_datei_ohne_sich_zu_verdraengen(projekt, tmp_path_factory, monkeypatch):
    anderes = tmp_path_factory.mktemp("anderes")
    for teil in ("docs", "snippets"):
        (anderes / teil).mkdir()
    (anderes / "docs" / "index.md").write_text("# Anderes\n", encoding="utf-8")
    (anderes / "mkdocs.yml").write_text("site_name: Anderes\n", encoding="utf-8")
    (anderes / "cache").symlink_to(projekt / "cache", target_is_directory=True)  # dieselbe Datei
    bauen(projekt)
    bauen(anderes)
    assert bauen(projekt)[1] == 1
    monkeypatch.setattr(seitencache, "HOECHSTENS", 1)  # voll: Nur der letzte Build bleibt
    (anderes / "docs" / "index.md").write_text("# Neu\n", encoding="utf-8")
    bauen(anderes)
    assert bauen(projekt)[1] == 0


def test_merken_mit_jedem_teil_des_schluessels_und_der_umgebung(projekt):
    erzeugt = []

    def lauf(docs_hash, site_url="https://x/"):
        cache = cache_von(projekt)
        ergebnis = cache.merken("notebooks", (docs_hash, site_url),
                                lambda: erzeugt.append(1) or {"a.ipynb": {"cells": []}})
        cache.speichern()
        return ergebnis

    assert lauf("eins") == lauf("eins") == {"a.ipynb": {"cells": []}}
    assert len(erzeugt) == 1
    lauf("zwei")
    lauf("zwei", site_url="https://y/")
    (projekt / "snippets" / "a.md").write_text("anders\n", encoding="utf-8")
    lauf("zwei", site_url="https://y/")
    assert len(erzeugt) == 4
