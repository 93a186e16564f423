"""Auswahlfragen: „Kurz geprüft“ nach jedem Schritt (snippets/<kapitel>/kurz-geprueft/) und
die Auswahl der Quiz-Übungen. Geprüft wird das Verhalten: Was die Seite als richtig
markiert, was eine kaputte Datei meldet und dass eine vertippte Zeile den Build stoppt."""

import re
from html.parser import HTMLParser

import pytest
from mkdocs.exceptions import PluginError

from kurs.modell import Kurs, QuellenFehler
from kurs.seite.auswahl import auswahl_einsetzen, quiz_html

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


@pytest.mark.parametrize("kapitel", KURS.kapitel, ids=lambda k: k.name)
def test_nach_jedem_schritt_steht_seine_frage(kapitel):
    """Nach jedem „### Schritt K“ steht „#### Kurz geprüft“ mit der Zeile teil-N/schritt-K."""
    text = kapitel.seite.read_text(encoding="utf-8")
    schritte = re.findall(r"^### Schritt (\d+):", text, re.M)
    gefunden = re.findall(r"^#### Kurz geprüft\n\n<!-- kurz-geprueft: (\S+) -->$", text, re.M)
    assert gefunden == [f"{kapitel.name}/schritt-{k}" for k in schritte]
    assert [q.gruppe for q in kapitel.fragen] == [f"kurz-geprueft-{n.replace('/', '-')}" for n in gefunden], (
        "Jede Datei in kurz-geprueft/ gehört zu genau einem Schritt")


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


# --- Kaputte Dateien: eine deutsche Meldung mit dem Dateinamen ---------------------

GUT = """frage = "Was liefert `receive()` bei <leer>?"
richtig = "B"

[optionen.A]
text = "Nichts"
erklaerung = "Doch: die Nachricht."

[optionen.B]
text = "Die Nachricht"
erklaerung = "Erst mit dem Ack ist sie weg."

[optionen.C]
text = "Die Queue"
erklaerung = "Die Queue bleibt."
"""
OPTION_D = '\n[optionen.D]\ntext = "D"\nerklaerung = "weil D"\n'
OPTION_E = '\n[optionen.E]\ntext = "E"\nerklaerung = "weil E"\n'


def kurs_mit(tmp_path, text):
    datei = tmp_path / "snippets" / "teil-9" / "kurz-geprueft" / "schritt-1.toml"
    datei.parent.mkdir(parents=True)
    datei.write_text(text, encoding="utf-8")
    return Kurs(tmp_path)


@pytest.mark.parametrize("kaputt, meldung", [
    (GUT.replace('frage = "Was liefert `receive()` bei <leer>?"\n', ""), "Der Schlüssel „frage“ fehlt."),
    (GUT.replace('richtig = "B"\n', ""), "Der Schlüssel „richtig“ fehlt."),
    (GUT.replace('richtig = "B"', 'richtig = "E"'), "richtig = 'E', aber die Optionen heißen A, B, C."),
    (GUT.split("\n[optionen.C]")[0], "Die Frage hat 2 Optionen; erlaubt sind 3 oder 4."),
    (GUT + OPTION_D + OPTION_E, "Die Frage hat 5 Optionen; erlaubt sind 3 oder 4."),
    (GUT.replace('erklaerung = "Erst mit dem Ack ist sie weg."', 'erklarung = "Erst mit dem Ack."'),
     "Option B: Der Schlüssel „erklaerung“ fehlt oder ist leer."),
    (GUT.replace('richtig = "B"', 'richtig = "B'), "Das ist kein gültiges TOML"),
])
def test_kaputte_datei_bekommt_deutsche_meldung_mit_dateiname(tmp_path, kaputt, meldung):
    with pytest.raises(QuellenFehler) as fehler:
        kurs_mit(tmp_path, kaputt).frage("teil-9/schritt-1")
    assert str(fehler.value).startswith("snippets/teil-9/kurz-geprueft/schritt-1.toml: ")
    assert meldung in str(fehler.value)


def test_gute_datei_mit_vier_optionen_zeigt_code_und_maskiert_html(tmp_path):
    quiz = kurs_mit(tmp_path, GUT + OPTION_D).frage("teil-9/schritt-1")
    assert list(quiz.optionen) == ["A", "B", "C", "D"]
    assert "<legend>Was liefert <code>receive()</code> bei &lt;leer&gt;?</legend>" in quiz_html(quiz)


# --- Zeilen in der Seite ------------------------------------------------------------


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


def test_die_seite_zeigt_jede_frage(site):
    for kapitel in KURS.kapitel:
        html = (site / kapitel.name / "index.html").read_text(encoding="utf-8")
        gruppen = re.findall(r'<fieldset class="quiz kurz-geprueft" id="([\w-]+)">', html)
        assert gruppen == [q.gruppe for q in kapitel.fragen], kapitel.name
        assert "kurz-geprueft:" not in html, "Eine Zeile blieb roh stehen"
