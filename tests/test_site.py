"""Der strenge Build gelingt, und die gebaute Seite zeigt, was sie soll."""

import os
import re
import subprocess
import sys

import pytest

from kurs.zusammensetzen import WURZEL


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    ziel = tmp_path_factory.mktemp("site")
    lauf = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(ziel)],
        cwd=WURZEL, capture_output=True, text=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert lauf.returncode == 0, f"mkdocs build --strict scheitert:\n{lauf.stderr}"
    return ziel


def seite(site, name):
    return (site / name / "index.html").read_text(encoding="utf-8")


def test_keine_snippet_zeile_bleibt_roh_stehen(site):
    for html in site.rglob("*.html"):
        assert "--8&lt;--" not in html.read_text(encoding="utf-8") and "--8<--" not in html.read_text(encoding="utf-8"), html


def test_teil_2_hat_seine_diagramme_und_die_quiz_auswahl(site):
    html = seite(site, "teil-2")
    assert html.count('class="mermaid"') >= 3
    assert len(re.findall(r'<input type="radio" name="quiz-teil-2-uebung-3"', html)) == 4
    assert html.count('class="quiz-erklaerung quiz-richtig"') == 1


def test_loesungen_und_pruefungen_sind_eingeklappt(site):
    html = seite(site, "teil-2")
    for titel in ("Lösung", "So wird geprüft"):
        assert len(re.findall(rf"<details class=\"\w+\">\s*<summary>{titel}</summary>", html)) == 3, titel


def test_ausgaben_sind_beschriftet(site):
    html = seite(site, "teil-2")
    assert html.count('<span class="filename">Ausgabe</span>') == 2


def test_glossarbegriffe_erklaeren_sich_beim_zeigen(site):
    html = seite(site, "teil-2")
    assert re.search(r'<abbr title="Tabelle, in die eine Anwendung[^"]*">Outbox</abbr>', html)
    assert "<abbr" not in seite(site, "glossar")
