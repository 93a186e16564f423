"""kurs/modell/fragen.py: „Kurz geprüft“ nach jedem Schritt (snippets/<kapitel>/kurz-geprueft/).
Geprüft wird das Verhalten: Zu jedem Schritt gibt es seine Frage, und eine kaputte Datei
bekommt eine deutsche Meldung mit dem Dateinamen. Wie die Seite die Auswahl zeigt, prüft
tests/seite/test_auswahl.py."""

import re

import pytest

from kurs.modell import Kurs, QuellenFehler
from kurs.seite.auswahl import quiz_html

KURS = Kurs()


@pytest.mark.parametrize("kapitel", KURS.kapitel, ids=lambda k: k.name)
def test_nach_jedem_schritt_steht_seine_frage(kapitel):
    """Nach jedem „### Schritt K“ steht „#### Kurz geprüft“ mit der Zeile teil-N/schritt-K."""
    text = kapitel.seite.read_text(encoding="utf-8")
    schritte = re.findall(r"^### Schritt (\d+):", text, re.M)
    gefunden = re.findall(r"^#### Kurz geprüft\n\n<!-- kurz-geprueft: (\S+) -->$", text, re.M)
    assert gefunden == [f"{kapitel.name}/schritt-{k}" for k in schritte]
    assert [q.gruppe for q in kapitel.fragen] == [f"kurz-geprueft-{n.replace('/', '-')}" for n in gefunden], (
        "Jede Datei in kurz-geprueft/ gehört zu genau einem Schritt")


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


@pytest.mark.parametrize("kaputt, zeile, meldung", [
    (GUT.replace('frage = "Was liefert `receive()` bei <leer>?"\n', ""), 1, "Der Schlüssel „frage“ fehlt."),
    (GUT.replace('richtig = "B"\n', ""), 1, "Der Schlüssel „richtig“ fehlt."),
    (GUT.replace('richtig = "B"', 'richtig = "E"'), 2, "richtig = 'E', aber die Optionen heißen A, B, C."),
    (GUT.split("\n[optionen.C]")[0], 4, "Die Frage hat 2 Optionen; erlaubt sind 3 oder 4."),
    (GUT + OPTION_D + OPTION_E, 4, "Die Frage hat 5 Optionen; erlaubt sind 3 oder 4."),
    (GUT.replace('erklaerung = "Erst mit dem Ack ist sie weg."', 'erklarung = "Erst mit dem Ack."'), 8,
     "Option B: Der Schlüssel „erklaerung“ fehlt oder ist leer."),
    (GUT.replace('richtig = "B"', 'richtig = "B'), 2, "Das ist kein gültiges TOML"),
    (GUT + '\n[frage_2]\ntext = "Noch eine?"\n', 16, "Unbekannte Schlüssel [\x27frage_2\x27]"),
])
def test_kaputte_datei_nennt_datei_und_zeile_auf_deutsch(tmp_path, kaputt, zeile, meldung):
    with pytest.raises(QuellenFehler) as fehler:
        kurs_mit(tmp_path, kaputt).frage("teil-9/schritt-1")
    assert str(fehler.value).startswith(f"snippets/teil-9/kurz-geprueft/schritt-1.toml:{zeile}: ")
    assert meldung in str(fehler.value)


def test_gute_datei_mit_vier_optionen_zeigt_code_und_maskiert_html(tmp_path):
    quiz = kurs_mit(tmp_path, GUT + OPTION_D).frage("teil-9/schritt-1")
    assert list(quiz.optionen) == ["A", "B", "C", "D"]
    assert "<legend>Was liefert <code>receive()</code> bei &lt;leer&gt;?</legend>" in quiz_html(quiz)


def test_die_seite_zeigt_jede_frage(site):
    for kapitel in KURS.kapitel:
        html = (site / kapitel.name / "index.html").read_text(encoding="utf-8")
        gruppen = re.findall(r'<fieldset class="quiz kurz-geprueft" id="([\w-]+)">', html)
        assert gruppen == [q.gruppe for q in kapitel.fragen], kapitel.name
        assert "kurz-geprueft:" not in html, "Eine Zeile blieb roh stehen"
