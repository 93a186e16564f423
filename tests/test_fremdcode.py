"""kurs/fremdcode.py: Jedes Verhalten fremder Pakete, auf das ein Eingriff des Kurses baut, gilt
noch in den gepinnten Versionen. Ein roter Test hier heißt: Die neue Version verhält sich anders,
der Eingriff in der genannten Datei muss nachziehen."""

import hashlib
import inspect
import re

import markdown
import pytest
import pytest_codeblocks.plugin as codeblocks
from pymdownx import superfences

from kurs import codefarben
from kurs.fremdcode import EINGRIFFE
from kurs.modell import WURZEL
from kurs.modell.beispiele import PARSER_MELDUNGEN, _parse


def mit_superfences(text: str, **fence) -> str:
    erweiterungen = ["pymdownx.highlight", "pymdownx.superfences"]
    konfiguration = {"pymdownx.superfences": {"custom_fences": [fence]}} if fence else {}
    return markdown.markdown(text, extensions=erweiterungen, extension_configs=konfiguration)


def test_jeder_eingriff_nennt_quelle_und_pruefung():
    for eingriff in EINGRIFFE:
        assert eingriff.quelle.startswith("https://") and eingriff.genutzt_in and eingriff.geprueft_von, eingriff
        for datei in re.findall(r"[\w/.-]+\.(?:py|js|html)\b", eingriff.genutzt_in + " " + eingriff.geprueft_von):
            assert (WURZEL / datei).is_file(), f"{eingriff.paket}: {datei} gibt es nicht"


def _eigener_fence(src, language, class_name, options, md, **kwargs):
    return md.preprocessors["fenced_code_block"].highlight(src=src, language=language, options=options, md=md, **kwargs)


def _optionen_merken(language, inputs, options, attrs, md):
    options.update(inputs)
    return True


def test_superfences_eigener_fence_zeichnet_wie_jeder_andere():
    eigener = mit_superfences('```python\nx = 1\n```\n', name="python", **{"class": "python", "format": _eigener_fence})
    assert eigener == mit_superfences('```python\nx = 1\n```\n')


def test_superfences_optionen_nur_mit_unterstrich():
    gesehen = []

    def merken(src, language, class_name, options, md, **kwargs):
        gesehen.append(dict(options))
        return "<p>ok</p>"

    fence = {"name": "python", "class": "python", "format": merken, "validator": _optionen_merken}
    mit_superfences('```python kurs_snippet="a.md"\nx\n```\n', **fence)
    mit_superfences('```python kurs-snippet="a.md"\nx\n```\n', **fence)
    assert gesehen == [{"kurs_snippet": "a.md"}], "Mit Bindestrich erkennt superfences die Option nicht"


def test_superfences_verschluckt_andere_ausnahmen_des_formatters():
    def kaputt(*args, **kwargs):
        raise ValueError("kaputt")

    html = mit_superfences('```python\nx = 1\n```\n', name="python", **{"class": "python", "format": kaputt})
    # Der Block bleibt Text (ohne Hervorhebung); reicht superfences die Ausnahme einmal durch,
    # kann BlockFehler in kurs/seite/codebloecke.py einfacher werden.
    assert "highlight" not in html and "x = 1" in html
    with pytest.raises(superfences.SuperFencesException):
        def hart(*args, **kwargs):
            raise superfences.SuperFencesException("durch")
        mit_superfences('```python\nx = 1\n```\n', name="python", **{"class": "python", "format": hart})


# Was der Kurs von pytest-codeblocks nachbildet; ändert sich der Code, prüfe den Nachbau.
NACHGEBILDET = {
    "MarkdownFile.collect": (codeblocks.MarkdownFile.collect, "kurs/pytest_plugin.py: Snippet.collect"),
    "TestBlock.runtest": (codeblocks.TestBlock.runtest, "kurs/pytest_plugin.py: SnippetBlock.runtest"),
}
STAND = {
    "MarkdownFile.collect": "24f54898c6d0",
    "TestBlock.runtest": "13776de70025",
}


@pytest.mark.parametrize("name", NACHGEBILDET)
def test_pytest_codeblocks_nachgebildeter_code_ist_unveraendert(name):
    funktion, wo = NACHGEBILDET[name]
    stand = hashlib.sha256(inspect.getsource(funktion).encode()).hexdigest()[:12]
    assert stand == STAND[name], f"pytest-codeblocks hat {name} geändert: prüfe {wo} und trage {stand} ein"


@pytest.mark.parametrize("text, schluessel", [
    ("<!--pytest-codeblocks:cont-->\n", "cont"),
    ("<!--pytest-codeblocks:expected-output-->\n", "expected-output"),
    ("```python\nx\n", "end-of-file"),
    ("<!--pytest-codeblocks:gibtsnicht-->\n", "Unknown pytest-codeblocks keyword"),
])
def test_pytest_codeblocks_meldungen_des_parsers(text, schluessel):
    from kurs.modell.fehler import QuellenFehler

    with pytest.raises(QuellenFehler, match=re.escape(PARSER_MELDUNGEN[schluessel][:30])):
        _parse(text, "x.md", list(range(1, text.count("\n") + 2)))


def test_mkdocs_jupyter_importiert_beim_laden_was_verzoegert_wird():
    import importlib.util

    quelle = importlib.util.find_spec("mkdocs_jupyter.plugin").origin
    text = open(quelle, encoding="utf-8").read()
    assert "import jupytext\n" in text and "from . import convert\n" in text
    assert 'cached["content"]' in text and 'cached["toc_tokens"]' in text, "Form der Cache-Einträge geändert"


def test_mkdocs_jupyter_liest_cache_und_cache_dir_erst_je_seite_und_raeumt_nur_dort_auf():
    """Der Kurs setzt cache und cache_dir in seinem on_config (kurs/seite/plugin.py): Das wirkt nur,
    wenn mkdocs-jupyter beide erst beim Rendern liest; aufräumen darf es nur in cache_dir."""
    import importlib.util

    quelle = importlib.util.find_spec("mkdocs_jupyter.plugin").origin
    text = open(quelle, encoding="utf-8").read()
    on_pre_page = text[text.index("def on_pre_page"):text.index("def _set_nb_url")]
    assert 'cache_enabled = self.config["cache"]' in on_pre_page and 'cache_dir = self.config["cache_dir"]' in on_pre_page
    assert 'f"{cache_key}.json"' in text, "Einträge heißen nicht mehr <sha256>.json (notebookcache.EINTRAG)"
    on_post_build = text[text.index("def on_post_build"):]
    assert 'cache_dir.glob("*.json")' in on_post_build and "unlink" in on_post_build


def test_material_css_nennt_farben_der_pygments_klassen():
    haupt, palette = codefarben.material_css()
    assert len(codefarben.REGEL.findall(haupt)) >= 5 and codefarben.VARIABLE.search(palette)


def test_ersetzungen_im_kopf_von_material_greifen(site):
    html = (site / "index.html").read_text(encoding="utf-8")
    assert 'data-md-component="search" role="dialog" aria-label=' in html
    assert "data-kurs-farbschema" in html and 'data-md-component="palette"' not in html


def test_mkdocs_duplicatefilter_merkt_sich_meldungen_in_msgs():
    import logging

    from mkdocs.utils import DuplicateFilter

    filter_ = DuplicateFilter()
    eintrag = logging.LogRecord("mkdocs.commands.build", logging.ERROR, "", 0, "einmal", None, None)
    assert filter_(eintrag) and not filter_(eintrag) and filter_.msgs == {"einmal"}
    filter_.msgs.clear()
    assert filter_(eintrag)
