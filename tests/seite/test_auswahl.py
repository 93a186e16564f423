"""kurs/seite/auswahl.py: Aus einer Auswahlfrage wird HTML, das genau die richtige Option als
richtig markiert; eine Zeile der Seite wird zur Auswahl, eine vertippte stoppt den Build, und
die Übungstabelle nennt jede Übung."""

import re
from html.parser import HTMLParser

import pytest
from mkdocs.exceptions import PluginError

from kurs.modell import Kurs, QuellenFehler
from kurs.seite.auswahl import auswahl_einsetzen, quiz_html, uebungen_tabelle

KURS = Kurs()
FRAGEN = [q for k in KURS.kapitel for q in k.fragen]
ALLE = FRAGEN + [u.quiz for u in KURS.uebungen.values() if u.quiz]


class _Auswahl(HTMLParser):
    """Liest aus dem HTML je Option: Wert des Radios und Art der Erklärung."""

    def __init__(self):
        super().__init__()
        self.legende, self.radios, self.urteile = "", [], []
        self.erklaerung_live, self.ansagen = [], []
        self._in_legende = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "legend":
            self._in_legende = True
        elif tag == "input" and attrs.get("type") == "radio":
            self.radios.append(attrs["value"])
        elif tag == "p" and "quiz-erklaerung" in attrs.get("class", ""):
            self.urteile.append("richtig" if "quiz-richtig" in attrs["class"] else "falsch")
            self.erklaerung_live.append(attrs.get("aria-live"))
        elif tag == "p" and attrs.get("class") == "quiz-ansage":
            self.ansagen.append(attrs.get("aria-live"))

    def handle_endtag(self, tag):
        if tag == "legend":
            self._in_legende = False

    def handle_data(self, data):
        if self._in_legende:
            self.legende += data


def auswahl(html: str) -> _Auswahl:
    parser = _Auswahl()
    parser.feed(html)
    return parser


@pytest.mark.parametrize("quiz", ALLE, ids=lambda q: q.gruppe)
def test_genau_die_richtige_option_ist_als_richtig_markiert(quiz):
    gezeigt = auswahl(quiz_html(quiz))
    assert gezeigt.radios == list(quiz.optionen) and 3 <= len(gezeigt.radios) <= 4
    richtig = [wahl for wahl, urteil in zip(gezeigt.radios, gezeigt.urteile, strict=True) if urteil == "richtig"]
    assert richtig == [quiz.richtig]
    assert gezeigt.legende.strip(), "Die Frage steht als legend im fieldset"
    # Angesagt wird über einen Bereich, der immer im Baum steht (kurs-fortschritt.js füllt ihn),
    # nicht zusätzlich über die Erklärungen: Sonst hörte man sie doppelt.
    assert gezeigt.ansagen == ["polite"] and set(gezeigt.erklaerung_live) == {None}


def test_zeile_wird_zur_auswahl():
    ergebnis = auswahl_einsetzen(KURS, "Text\n\n<!-- kurz-geprueft: teil-1/schritt-1 -->\n\nMehr", "teil-1.md")
    assert '<fieldset class="quiz kurz-geprueft" id="kurz-geprueft-teil-1-schritt-1">' in ergebnis
    assert "<!--" not in ergebnis


@pytest.mark.parametrize("zeile", [
    "<!-- kurz-gepruft: teil-1/schritt-1 -->",  # vertippt
    "<!-- kurz-geprueft teil-1/schritt-1 -->",  # Doppelpunkt fehlt
    "<!--kurz-geprueft: teil-1/schritt-1-->",  # Leerzeichen fehlen
    "Text <!-- kurz-geprueft: teil-1/schritt-1 -->",  # nicht allein in der Zeile
    "<!-- quiz teil-2/uebung-3 -->",
])
def test_vertippte_zeile_bricht_ab(zeile):
    with pytest.raises(PluginError, match="teil-1.md: Zeile nicht erkannt"):
        auswahl_einsetzen(KURS, f"Text\n\n{zeile}\n", "teil-1.md")


def test_zeile_ohne_datei_bricht_mit_dateiname_ab():
    with pytest.raises(QuellenFehler, match=r"snippets/teil-2/kurz-geprueft/schritt-9\.toml: Die Datei gibt es nicht"):
        auswahl_einsetzen(KURS, "<!-- kurz-geprueft: teil-2/schritt-9 -->", "teil-2.md")


def test_uebungen_tabelle_verlinkt_jede_uebung_mit_ihren_namen():
    zeilen = uebungen_tabelle(KURS).split("\n")
    assert zeilen[:2] == ["| Übung | Was deine Datei definiert |", "|---|---|"]
    assert len(zeilen) == 2 + len(KURS.uebungen)
    for zeile, uebung in zip(zeilen[2:], KURS.uebungen.values(), strict=True):
        assert zeile.startswith(f"| [{uebung.name}]({uebung.kapitel}.md#{uebung.anker}) | "), zeile
        assert re.findall(r"`(\w+)`", zeile) == uebung.definiert
