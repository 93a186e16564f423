"""kurs/seite/glossar.py: Jede Seite bekommt die Begriffe aus docs/glossar.md als Abkürzungen,
und ein Begriff erklärt sich nur beim ersten Vorkommen, nie in einer Überschrift."""

import re
from html import escape as html_escape

from kurs.modell import Kurs
from kurs.seite.glossar import abkuerzungen, erklaerung_nur_beim_ersten_mal

KURS = Kurs()


def seite(site, name):
    return (site / name / "index.html").read_text(encoding="utf-8")


def test_abkuerzungen_nennen_jeden_begriff_mit_seiner_bedeutung():
    zeilen = abkuerzungen(KURS).split("\n")
    assert len(zeilen) == len(KURS.glossar) > 0
    erster = KURS.glossar[0]
    assert zeilen[0] == f"*[{erster['Begriff']}]: {erster['Bedeutung']}"


def test_erklaerung_nur_beim_ersten_vorkommen_und_nie_in_ueberschriften():
    ack = '<abbr title="Bestätigung">Ack</abbr>'
    queue = '<abbr title="Warteschlange">Queue</abbr>'
    html = f'<h2 id="x">Das {ack}</h2><p>Ein {ack} und ein {queue}, noch ein {ack}.</p><p>{queue}</p>'
    assert erklaerung_nur_beim_ersten_mal(html) == (
        f'<h2 id="x">Das Ack</h2><p>Ein {ack} und ein {queue}, noch ein Ack.</p><p>Queue</p>')


def test_glossarbegriffe_erklaeren_sich_einmal_beim_ersten_vorkommen(site):
    for kapitel in KURS.kapitel:
        html = seite(site, kapitel.name)
        erklaert = re.findall(r'<abbr title="([^"]*)">([^<]*)</abbr>', html)
        assert erklaert, f"{kapitel.name}: kein Glossarbegriff erklärt"
        bedeutung = {e["Begriff"]: e["Bedeutung"] for e in KURS.glossar}
        for titel, begriff in erklaert:
            assert titel == html_escape(bedeutung[begriff]), begriff
        begriffe = [b for _, b in erklaert]
        assert len(begriffe) == len(set(begriffe)), f"{kapitel.name}: ein Begriff mehrmals erklärt"
        assert not re.search(r"<h[1-6][^>]*>(?:(?!</h).)*<abbr", html, re.S), f"{kapitel.name}: Erklärung in Überschrift"
    assert "<abbr" not in seite(site, "glossar")
