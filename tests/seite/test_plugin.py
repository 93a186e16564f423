"""kurs/seite/plugin.py und kurs/seite/verzoegert.py, an echten Builds:

- Ein kalter Build (Cache von mkdocs-jupyter leer) rendert die Notebooks mit nbconvert.
- Ein warmer Build lädt weder nbconvert noch jupytext (die Platzhalter aus verzoegert.py).
- Der Zustand lebt je Build im Plugin-Objekt: Zwei Builds in einem Prozess, wie `mkdocs serve`
  sie macht, ergeben dieselbe Seite.

Die drei Builds (kalt, warm, nochmal) macht tests/conftest.py ohnehin: Der kalte ist die Seite
aller Tests. Warm und nochmal laufen in einem zweiten Prozess: Sonst wären die Module des kalten
Builds schon geladen. Alle drei nutzen einen eigenen, anfangs leeren Cache. Was der Cache in Grenzfällen tut (kaputte
Einträge, fremde, nur lesbare oder volle Ordner), prüft test_notebookcache.py.
"""

import filecmp
import json
from pathlib import Path

import pytest
from bauen import BUILDS


@pytest.fixture(scope="module")
def gebaut(builds):
    """(geladene Module je Build, Ordner): die drei Builds aus tests/conftest.py."""
    ordner, status, ausgabe = builds
    assert status == 0, ausgabe[-3000:]
    zeilen = [json.loads(z) for z in ausgabe.splitlines() if z.startswith("{")]
    return dict(zip(BUILDS, zeilen, strict=True)), ordner


def test_kalter_build_rendert_die_notebooks_mit_nbconvert(gebaut):
    module, ordner = gebaut
    # jupytext liest nur Markdown-Seiten als Notebook; ignore: ["*.md"] in mkdocs.yml erspart das.
    assert module["kalt"] == {"nbconvert": True, "jupytext": False, "convert": True}
    assert len(list((ordner / "cache").glob("notebookseiten/*.json"))) == 2


def test_warmer_build_laedt_weder_nbconvert_noch_jupytext(gebaut):
    module, ordner = gebaut
    assert module["warm"] == {"nbconvert": False, "jupytext": False, "convert": False}
    seite = Path("notebooks") / "uebungen-teil-1" / "index.html"
    assert 'class="jp-Notebook"' in (ordner / "warm" / seite).read_text(encoding="utf-8"), \
        "die Seite trägt das Markup von mkdocs-jupyter"
    assert (ordner / "warm" / seite).read_text(encoding="utf-8") == (ordner / "kalt" / seite).read_text(encoding="utf-8")


def unterschiede(eins: Path, zwei: Path) -> list[str]:
    vergleich = filecmp.dircmp(eins, zwei, ignore=["sitemap.xml.gz"])  # gzip mit Zeitstempel
    ergebnis, offen = [], [vergleich]
    while offen:
        v = offen.pop()
        ergebnis += [f"{v.left}/{n}" for n in v.diff_files + v.left_only + v.right_only + v.funny_files]
        offen += v.subdirs.values()
    return ergebnis


def test_zwei_builds_in_einem_prozess_ergeben_dieselbe_seite(gebaut):
    _, ordner = gebaut
    assert (ordner / "warm" / "teil-1" / "programme.json").is_file()
    assert unterschiede(ordner / "warm", ordner / "nochmal") == []


def test_aus_dem_cache_entsteht_dieselbe_seite_wie_ohne(gebaut):
    """Der kalte Build rendert die Notebooks, der warme nimmt sie aus dem Cache: gleiche Dateien."""
    _, ordner = gebaut
    assert unterschiede(ordner / "kalt", ordner / "warm") == []


def test_die_notebooks_des_builds_bleiben_nicht_in_der_seite(gebaut):
    """Sie entstehen in der Seite (nicht in TMPDIR) und gehen nach dem Build; der Cache liegt nie darin."""
    from kurs.seite.notebookcache import ORDNER
    from kurs.seite.plugin import NOTEBOOK_ORDNER

    _, ordner = gebaut
    for build in BUILDS:
        assert not (ordner / build / NOTEBOOK_ORDNER).exists()
        assert not list((ordner / build).rglob(ORDNER)) and not list((ordner / build).rglob(".kurs-cache"))


@pytest.mark.parametrize("ordner, erlaubt", [(".cache/plugin/kurs", True), ("docs/cache", False), ("docs", False),
                                             ("snippets/x", False), ("overrides", False), ("site/cache", False),
                                             ("/tmp/kurs-cache-anderswo", True)])
def test_cache_in_beobachtetem_ordner_oder_in_der_seite_bleibt_aus(ordner, erlaubt, caplog):
    """In einem Ordner, den `mkdocs serve` beobachtet, löste jeder Eintrag einen Neubau aus; in docs/
    käme der Cache in die Seite. Dann bleibt er aus, mit einer Zeile, warum."""
    import logging
    from types import SimpleNamespace

    from kurs.modell import WURZEL
    from kurs.seite.plugin import KursPlugin

    plugin = KursPlugin()
    plugin.config = SimpleNamespace(cache=True, cache_dir=ordner)
    config = SimpleNamespace(config_file_path=str(WURZEL / "mkdocs.yml"), docs_dir=str(WURZEL / "docs"),
                             site_dir=str(WURZEL / "site"), theme=SimpleNamespace(dirs=[str(WURZEL / "overrides")]),
                             watch=[str(WURZEL / w) for w in ("snippets", "overrides", "diagramme", "kurs")])
    with caplog.at_level(logging.INFO, logger="mkdocs.plugins.kurs"):
        cache = plugin._cache(config)
    assert (cache is not None) == erlaubt
    assert ("Cache der Notebooks aus" in caplog.text) != erlaubt
