"""Skripte und Stile ohne Kommentare (kurs/seite/ohne_kommentare.py): an den echten Dateien, und an den
Fällen, in denen eine Zeile mit `//` kein Kommentar wäre. Dass die Kopie im Browser läuft, zeigen die
Browsertests (tests/browser/test_zeichnung.py laden die Seite, die der Build schrieb)."""

import gzip

import pytest
import tinycss2

from kurs.modell import WURZEL
from kurs.seite.ohne_kommentare import DATEIEN, css, js

ASSETS = WURZEL / "docs" / "assets"


def regeln(text: str) -> list[str]:
    return [tinycss2.serialize([r]) for r in tinycss2.parse_stylesheet(text, skip_comments=True,
                                                                       skip_whitespace=True)]


def test_js_der_zeichnung_behaelt_den_kommentar_am_ende_einer_codezeile():
    # Er könnte in einer Zeichenkette stehen.
    assert "// nur das letzte brach ab" in js((ASSETS / "kurs-zeichnung.js").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", [n for n in DATEIEN if n.endswith(".js")])
def test_js_behaelt_jede_codezeile(name):
    quelle = (ASSETS / name).read_text(encoding="utf-8")
    kopie = js(quelle)
    assert kopie != quelle, f"{name}: nichts entfernt (eine Zeichenkette über das Zeilenende?)"
    assert "\n//" not in kopie and not kopie.startswith("//")
    assert kopie.splitlines() == [z for z in quelle.splitlines() if not z.lstrip().startswith("//")]


@pytest.mark.parametrize("name", [n for n in DATEIEN if n.endswith(".css")])
def test_css_hat_dieselben_regeln(name):
    quelle = (ASSETS / name).read_text(encoding="utf-8")
    kopie = css(quelle)
    assert "/*" not in kopie
    assert regeln(kopie) == regeln(quelle) and len(regeln(quelle)) > 20


def test_ohne_kommentare_spuerbar_kleiner():
    vorher = nachher = 0
    for name in DATEIEN:
        quelle = (ASSETS / name).read_bytes()
        vorher += len(gzip.compress(quelle, 6))
        nachher += len(gzip.compress((js if name.endswith(".js") else css)(quelle.decode()).encode(), 6))
    assert nachher < 0.8 * vorher, (vorher, nachher)


def test_zeile_mit_slashes_in_einer_zeichenkette_bleibt():
    # Im Template-Literal über zwei Zeilen ist `// b` Text: Die Datei bleibt, wie sie ist.
    text = "// Kommentar\nconst a = `x\n// b\n`;\n"
    assert js(text) == text
    text = "// Kommentar\nconst a = 'x\\\n// b';\n"
    assert js(text) == text
    assert js("// Kommentar\nconst u = 'http://x'; // Ende\n  // eingerückt\nf(`a`);\n") == \
        "const u = 'http://x'; // Ende\nf(`a`);\n"


def test_css_kommentar_auch_in_einer_regel():
    assert css("/* a */\n.x { /* b */ color: red; }\n") == "\n.x {  color: red; }\n"
    assert css('.x::after { content: "/* kein Kommentar */"; }') == '.x::after { content: "/* kein Kommentar */"; }'
