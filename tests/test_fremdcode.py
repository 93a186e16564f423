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


def test_mkdocs_jupyter_ersetzt_page_render_in_on_pre_page_und_setzt_bei_einem_treffer_drei_dinge():
    """Der Kurs legt seinen Cache um page.render, das mkdocs-jupyter in on_pre_page setzt, und setzt
    bei einem Treffer, was mkdocs-jupyter setzt (kurs/seite/notebookcache.py, _einsetzen)."""
    import importlib.util

    quelle = importlib.util.find_spec("mkdocs_jupyter.plugin").origin
    text = open(quelle, encoding="utf-8").read()
    on_pre_page = text[text.index("def on_pre_page"):text.index("def _set_nb_url")]
    assert "page.render = new_render.__get__(page, Page)" in on_pre_page
    assert 'self.content = cached["content"]' in on_pre_page and 'self.toc = get_toc(cached["toc_tokens"])' in on_pre_page
    assert 'if token["level"] == 1 and title is None:' in text, "Titel nicht mehr die erste Überschrift der Ebene 1"
    assert "if cache_path and cache_path.exists()" in on_pre_page, "rendert mit cache: false nicht mehr ohne Cache"


def test_mkdocs_jupyter_rendert_mit_diesen_beiden_vorlagen():
    """notebookschluessel.VORLAGEN: Mit ihnen fragt der Kurs nbconvert, wo es Vorlagen sucht."""
    import importlib.util

    from kurs.seite.notebookschluessel import VORLAGEN

    text = open(importlib.util.find_spec("mkdocs_jupyter.nbconvert2").origin, encoding="utf-8").read()
    for klasse, vorlage in VORLAGEN:
        assert f'template_file = "{vorlage}"' in text and f"exporter = {klasse}(" in text
    assert text.count("extra_template_paths = [settings.templates_dir]") == 2
    assert "app.load_config_file()" in text


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
