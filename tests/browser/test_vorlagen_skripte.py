"""Die Skripte in den Vorlagen (overrides/): Jedes übersetzt in Chromium; sonst steht der Fehler an seiner Zeile
in der Vorlage. Ein Tippfehler (`fnuction`) oder eine doppelte Zeile (`const gemerkt = …` zweimal) ließ sonst den
Build grün und nahm dem Leser still die Suche oder den Farbschalter; ein Browsertest meldete nur, dass etwas fehlt.

Übersetzt, nicht ausgeführt: Jedes Skript steht in einer Funktion, die niemand ruft. Skripte mit Jinja darin
(`{{ … }}`) sind erst nach dem Rendern JavaScript; die prüfen die Browsertests der Seiten."""

import re

import pytest

from kurs.modell import WURZEL

SKRIPT = re.compile(r"<script(?P<attribute>[^>]*)>(?P<code>.*?)</script>", re.S)


def skripte(wurzel=WURZEL) -> list:
    """(Vorlage, Zeile von <script>, Code) jedes Skripts ohne src und ohne Jinja."""
    ergebnis = []
    for vorlage in sorted((wurzel / "overrides").rglob("*.html")):
        text = vorlage.read_text(encoding="utf-8")
        for m in SKRIPT.finditer(text):
            if "src=" in m["attribute"] or "application/json" in m["attribute"] or re.search(r"{{|{%", m["code"]):
                continue
            ergebnis.append((vorlage.relative_to(wurzel).as_posix(), text.count("\n", 0, m.start("code")) + 1, m["code"]))
    return ergebnis


# Meldet den ersten Fehler beim Übersetzen mit Zeile und Spalte im eingefügten Text (eine Zeile Hülle davor).
UEBERSETZEN = """code => new Promise(fertig => {
    window.onerror = (meldung, quelle, zeile, spalte) => { fertig([meldung, zeile - 1, spalte]); return true; };
    const skript = document.createElement("script");
    skript.textContent = "(function () {\\n" + code + "\\n});";
    document.head.append(skript);
    fertig(null);
})"""


@pytest.mark.parametrize("vorlage, zeile, code", [pytest.param(*s, id=f"{s[0]}:{s[1]}") for s in skripte()])
def test_jedes_skript_einer_vorlage_uebersetzt(chromium, vorlage, zeile, code):
    seite = chromium.new_page()
    try:
        fehler = seite.evaluate(UEBERSETZEN, code)
    finally:
        seite.close()
    if fehler:
        meldung, nummer, spalte = fehler
        meldung = re.sub(r"^(Uncaught )?(\w+): Failed to execute 'append' on 'Element': ", r"\2: ", meldung)
        pytest.fail(f"{vorlage}:{zeile + nummer - 1}: {meldung} (Spalte {spalte})", pytrace=False)


def test_die_vorlagen_haben_skripte():
    assert len(skripte()) >= 4, "Findet der Test die Skripte in overrides/ noch?"
