"""„Kurz geprüft“ (kurs/kurz_geprueft.py): eine Frage nach jedem Schritt, aus einer
TOML-Datei je Frage. Geprüft wird das Verhalten: Was die Seite als richtig markiert,
was eine kaputte Datei meldet und dass ein vertippter Marker den Build stoppt."""

import re
from html.parser import HTMLParser

import pytest

from kurs import kurz_geprueft
from kurs.kurz_geprueft import KurzGeprueftFehler
from kurs.zusammensetzen import SNIPPETS, WURZEL

DOCS = WURZEL / "docs"
NAMEN = kurz_geprueft.alle_namen()


class _Auswahl(HTMLParser):
    """Liest aus dem HTML je Option: Wert des Radios und Art der Erklärung."""

    def __init__(self):
        super().__init__()
        self.legende, self.radios, self.urteile, self.live = "", [], [], []
        self._in_legende = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "legend":
            self._in_legende = True
        elif tag == "input" and attrs.get("type") == "radio":
            self.radios.append(attrs["value"])
        elif tag == "p" and "quiz-erklaerung" in attrs.get("class", ""):
            self.urteile.append("richtig" if "quiz-richtig" in attrs["class"] else "falsch")
            self.live.append(attrs.get("aria-live"))

    def handle_endtag(self, tag):
        if tag == "legend":
            self._in_legende = False

    def handle_data(self, data):
        if self._in_legende:
            self.legende += data


def auswahl(name: str) -> _Auswahl:
    parser = _Auswahl()
    parser.feed(kurz_geprueft.als_html(name))
    return parser


def test_jeder_schritt_hat_seine_frage():
    """Nach jedem „### Schritt K“ steht „#### Kurz geprüft“ mit dem Marker teil-N/schritt-K."""
    erwartet, gefunden = [], []
    for teil in ("teil-1", "teil-2"):
        text = (DOCS / f"{teil}.md").read_text(encoding="utf-8")
        schritte = re.findall(r"^### Schritt (\d+):", text, re.M)
        assert schritte, f"{teil}: keine Schritte gefunden"
        erwartet += [f"{teil}/schritt-{k}" for k in schritte]
        gefunden += re.findall(r"^#### Kurz geprüft\n\n<!-- kurz-geprueft: (\S+) -->$", text, re.M)
    assert gefunden == erwartet
    assert NAMEN == sorted(erwartet), "Jede Datei in snippets/teil-N/kurz-geprueft/ gehört zu genau einem Schritt"


@pytest.mark.parametrize("name", NAMEN)
def test_genau_die_richtige_option_ist_als_richtig_markiert(name):
    daten = kurz_geprueft.lies(name)
    gezeigt = auswahl(name)
    assert gezeigt.radios == list(daten["optionen"])
    assert 3 <= len(gezeigt.radios) <= 4
    richtig = [wahl for wahl, urteil in zip(gezeigt.radios, gezeigt.urteile, strict=True) if urteil == "richtig"]
    assert richtig == [daten["richtig"]]
    assert gezeigt.legende.strip(), "Die Frage steht als legend im fieldset"
    assert set(gezeigt.live) == {"polite"}


def test_inline_code_wird_code_und_html_wird_maskiert(tmp_path, monkeypatch):
    (tmp_path / "teil-9" / "kurz-geprueft").mkdir(parents=True)
    (tmp_path / "teil-9" / "kurz-geprueft" / "schritt-1.toml").write_text(
        'frage = "Was liefert `receive()` bei <leer>?"\nrichtig = "A"\n'
        + "".join(f'[optionen.{w}]\ntext = "{w}"\nerklaerung = "weil {w}"\n' for w in "ABC"),
        encoding="utf-8",
    )
    monkeypatch.setattr(kurz_geprueft, "SNIPPETS", tmp_path)
    html = kurz_geprueft.als_html("teil-9/schritt-1")
    assert "<legend>Was liefert <code>receive()</code> bei &lt;leer&gt;?</legend>" in html


# --- Kaputte Dateien: eine deutsche Meldung mit dem Dateinamen ---------------------

GUT = """frage = "Was löscht der Broker nach dem Ack?"
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


@pytest.mark.parametrize("kaputt, meldung", [
    (GUT.replace('frage = "Was löscht der Broker nach dem Ack?"\n', ""), "Der Schlüssel „frage“ fehlt."),
    (GUT.replace('richtig = "B"\n', ""), "Der Schlüssel „richtig“ fehlt."),
    (GUT.replace('richtig = "B"', 'richtig = "E"'), "richtig = 'E', aber die Optionen heißen A, B, C."),
    (GUT.split("\n[optionen.C]")[0], "Die Frage hat 2 Optionen; erlaubt sind 3 oder 4."),
    (GUT + OPTION_D + OPTION_E, "Die Frage hat 5 Optionen; erlaubt sind 3 oder 4."),
    (GUT.replace('erklaerung = "Erst mit dem Ack ist sie weg."', 'erklarung = "Erst mit dem Ack."'),
     "Option B: Der Schlüssel „erklaerung“ fehlt oder ist leer."),
    (GUT.replace('richtig = "B"', 'richtig = "B'), "Das ist kein gültiges TOML"),
])
def test_kaputte_datei_bekommt_deutsche_meldung_mit_dateiname(tmp_path, kaputt, meldung):
    datei = tmp_path / "schritt-1.toml"
    datei.write_text(kaputt, encoding="utf-8")
    with pytest.raises(KurzGeprueftFehler) as fehler:
        kurz_geprueft.lies_datei(datei)
    assert str(datei) in str(fehler.value)
    assert meldung in str(fehler.value)


def test_gute_datei_mit_vier_optionen_wird_gelesen(tmp_path):
    datei = tmp_path / "schritt-1.toml"
    datei.write_text(GUT + OPTION_D, encoding="utf-8")
    assert list(kurz_geprueft.lies_datei(datei)["optionen"]) == ["A", "B", "C", "D"]


def test_meldung_nennt_die_datei_relativ_zum_kurs():
    with pytest.raises(KurzGeprueftFehler, match=r"snippets/teil-1/kurz-geprueft/schritt-99\.toml gibt es nicht"):
        kurz_geprueft.lies("teil-1/schritt-99")


# --- Marker ---------------------------------------------------------------------


def test_marker_wird_zur_auswahl():
    ergebnis = kurz_geprueft.einsetzen("Text\n\n<!-- kurz-geprueft: teil-1/schritt-1 -->\n\nMehr", "teil-1.md")
    assert '<fieldset class="quiz kurz-geprueft" id="kurz-geprueft-teil-1-schritt-1">' in ergebnis
    assert "<!--" not in ergebnis


@pytest.mark.parametrize("marker", [
    "<!-- kurz-gepruft: teil-1/schritt-1 -->",  # vertippt
    "<!-- kurz-geprueft teil-1/schritt-1 -->",  # Doppelpunkt fehlt
    "<!--kurz-geprueft: teil-1/schritt-1-->",  # Leerzeichen fehlen
    "Text <!-- kurz-geprueft: teil-1/schritt-1 -->",  # nicht allein in der Zeile
])
def test_vertippter_marker_bricht_ab(marker):
    with pytest.raises(KurzGeprueftFehler, match="teil-1.md: Marker nicht erkannt"):
        kurz_geprueft.einsetzen(f"Text\n\n{marker}\n", "teil-1.md")


def test_marker_ohne_datei_bricht_ab():
    with pytest.raises(KurzGeprueftFehler, match="gibt es nicht"):
        kurz_geprueft.einsetzen("<!-- kurz-geprueft: teil-2/schritt-9 -->", "teil-2.md")


def test_die_seite_zeigt_jede_frage(site):
    for teil in ("teil-1", "teil-2"):
        html = (site / teil / "index.html").read_text(encoding="utf-8")
        namen = [n for n in NAMEN if n.startswith(f"{teil}/")]
        assert html.count('<fieldset class="quiz kurz-geprueft"') == len(namen)
        assert "kurz-geprueft:" not in html, "Ein Marker blieb roh stehen"
        assert html.count(">Kurz geprüft<") >= len(namen)


def test_toml_dateien_liegen_nur_unter_kurz_geprueft():
    fremd = [p.relative_to(SNIPPETS).as_posix() for p in SNIPPETS.rglob("*.toml") if p.parent.name != "kurz-geprueft"]
    assert not fremd, f"TOML-Dateien außerhalb von teil-N/kurz-geprueft/: {fremd}"
