"""Fehler in den Vorlagen (kurs/seite/vorlagen.py): ein Block ohne `end…` an der Zeile, wo es fehlt."""

import re
import shutil
from pathlib import Path

import jinja2
import pytest

from kurs.modell import WURZEL
from kurs.seite.vorlagen import fehler, offener_block

MAIN = (WURZEL / "overrides" / "main.html").read_text(encoding="utf-8").split("\n")
ENDEN = [n for n, z in enumerate(MAIN, start=1) if z.strip() in ("{% endif %}", "{% endblock %}")]


def _meldung(wurzel, text: str) -> str:
    (wurzel / "overrides").mkdir(exist_ok=True)
    (wurzel / "overrides" / "main.html").write_text(text, encoding="utf-8")
    umgebung = jinja2.Environment(loader=jinja2.FileSystemLoader(wurzel / "overrides"))
    with pytest.raises(jinja2.TemplateSyntaxError) as info:
        umgebung.get_template("main.html")
    return str(fehler(info.value, wurzel))


@pytest.mark.parametrize("weg", ENDEN)
def test_fehlendes_ende_an_seiner_zeile(weg, tmp_path):
    """Jinja merkt ein fehlendes `end…` erst am nächsten Tag, der nicht passt, oder am Ende der Datei."""
    meldung = _meldung(tmp_path, "\n".join(MAIN[:weg - 1] + MAIN[weg:]))
    wo, _, text = meldung.partition(": ")
    datei, _, zeile = wo.partition(":")
    assert datei == "overrides/main.html" and abs(int(zeile) - weg) <= 2, meldung
    assert MAIN[weg - 1].strip() in text and "wird nie geschlossen" in text


def test_meldung_nennt_den_offenen_block_und_wo_sein_ende_fehlt():
    quelle = "{% block a %}\n  {% if x %}\n    <p>\n  {% endif %}\n  {% if y %}\n    <b>\n  <i>\n{% endblock %}\n"
    assert offener_block(quelle) == (5, "if", 7, "vor")
    assert offener_block(quelle.replace("  <i>\n", "")) == (5, "if", 7, "vor")  # vor dem endblock
    assert offener_block("{% block a %}\n  <p>\n") == (1, "block", 2, "nach")


@pytest.mark.parametrize("quelle", [
    "{% if x %}\n<p>\n{% endif %}\n{% endif %}\n",  # ein `end…` zu viel: das meldet Jinja an seiner Zeile
    "{% set a = 1 %}\n{% if x %}{{ a }}{% endif %}\n",  # `set` mit `=` ist kein Block
    "{% if x %\n",  # der Lexer scheitert: Jinjas eigene Zeile gilt
])
def test_kein_offener_block(quelle):
    assert offener_block(quelle) is None


def test_block_set_braucht_sein_ende(tmp_path):
    meldung = _meldung(tmp_path, "{% block a %}\n  {%- set kopf -%}\n    {{ x }}\n{% endblock %}\n")
    assert meldung.startswith("overrides/main.html:4: Vor dieser Zeile fehlt wohl `{% endset %}`"), meldung


def test_andere_syntaxfehler_wie_bisher(tmp_path):
    shutil.rmtree(tmp_path / "overrides", ignore_errors=True)
    meldung = _meldung(tmp_path, "<p>\n{{ x }\n")
    assert meldung.startswith("overrides/main.html:2: "), meldung


@pytest.mark.parametrize("zeile", [n for n, z in enumerate(MAIN, start=1) if "{% include" in z or "{% extends" in z])
def test_fehlende_vorlage_an_der_zeile_die_sie_nennt(zeile, tmp_path):
    """Eine umbenannte Vorlage fiele sonst erst auf, wenn Jinja die Stelle zeichnet, manche fast nie."""
    from mkdocs.exceptions import PluginError

    from kurs.seite.vorlagen import verweise_pruefen

    (tmp_path / "overrides").mkdir()
    text = "\n".join(MAIN[:zeile - 1] + [MAIN[zeile - 1].replace('.html"', '-alt.html"')] + MAIN[zeile:])
    (tmp_path / "overrides" / "main.html").write_text(text, encoding="utf-8")
    theme = jinja2.Environment(loader=jinja2.FileSystemLoader([WURZEL / "overrides", tmp_path / "overrides",
                                                               *_theme_ordner()]))
    verweise_pruefen(theme, WURZEL / "overrides" / "main.html", WURZEL)  # das Original: alles da
    with pytest.raises(PluginError, match=f"^overrides/main.html:{zeile}: Die Vorlage '.*-alt.html' gibt es weder"):
        verweise_pruefen(theme, tmp_path / "overrides" / "main.html", tmp_path)


def _theme_ordner():
    import material

    return [Path(material.__file__).parent / "templates"]


@pytest.fixture(scope="module")
def umgebung():
    """Die Umgebung, in der MkDocs die Vorlagen zeichnet (mit seinen Filtern), und die Namen seines Kontexts."""
    from mkdocs.config import load_config
    from mkdocs.utils.templates import TemplateContext

    umgebung = load_config(str(WURZEL / "mkdocs.yml")).theme.get_env()
    umgebung.globals.update(kurs_uebungen=[], kurs_python={})  # setzt das Plugin des Kurses (on_env)
    return umgebung, set(TemplateContext.__annotations__)


def test_jeder_name_in_overrides_ist_bekannt(umgebung):
    from kurs.seite.vorlagen import namen_pruefen

    namen_pruefen(*umgebung[:1], WURZEL, umgebung[1])


@pytest.mark.parametrize("datei, name", [("partials/copyright.html", "config"), ("main.html", "kurs_python"),
                                         ("main.html", "page")])
def test_vertippter_name_an_seiner_zeile(datei, name, umgebung, tmp_path):
    from mkdocs.exceptions import PluginError

    from kurs.seite.vorlagen import namen_pruefen

    shutil.copytree(WURZEL / "overrides", tmp_path / "overrides")
    quelle = (tmp_path / "overrides" / datei).read_text(encoding="utf-8").split("\n")
    zeile = next(n for n, z in enumerate(quelle, start=1) if re.search(rf"\b{name}\b", z) and "{" in z)
    quelle[zeile - 1] = re.sub(rf"\b{name}\b", name + "x", quelle[zeile - 1])
    (tmp_path / "overrides" / datei).write_text("\n".join(quelle), encoding="utf-8")
    with pytest.raises(PluginError, match=rf"^overrides/{datei}:{zeile}: '{name}x' gibt es .* Meintest du '{name}'"):
        namen_pruefen(umgebung[0], tmp_path, umgebung[1])
