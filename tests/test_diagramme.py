"""Diagramme als SVG (kurs/diagramme.py): Zu jedem Diagramm liegen alle Varianten (hell und dunkel,
breit und schmal) aktuell in diagramme/, lesbar für Screenreader, die schmale so schmal, dass sie
aufs Handy passt; ohne SVG bleibt es für Mermaid im Browser."""

import html
import re

import pytest
import werkzeuge
from test_diagramm_html import QUELLE

from kurs import diagramme
from kurs.modell import Kurs, aenderungen

KURS = Kurs()
BEFEHL = "uv run python -m kurs.diagramme"


def _wo(diagramm) -> str:
    """Die Zeile des Diagramms, die seit dem letzten Commit anders ist (dort ist es neu zu zeichnen, oder
    dort kann Mermaid es nicht lesen: das meldet der Build), sonst die seines Zauns."""
    pfad = diagramm.seite.relative_to(KURS.wurzel).as_posix()
    ende = diagramm.zeile + diagramm.quelle.count("\n") + 1
    zeilen = [a.zeile for a in aenderungen.geaendert(KURS.wurzel, pfad) if diagramm.zeile < a.zeile <= ende]
    return f"{pfad}:{zeilen[0] if zeilen else diagramm.zeile}"


def test_jedes_diagramm_hat_seine_svgs_in_diagramme():
    fehlt = {}  # "docs/teil-1.md:171" -> Varianten ohne aktuelles SVG
    for d in KURS.diagramme:
        for z in diagramme.zeichnungen(d.quelle):
            if not z.datei(KURS).is_file():
                fehlt.setdefault(_wo(d), []).append(f"{z.form}, {z.schema} ({z.datei(KURS).name})")
    if fehlt and (grund := diagramme.chromium_fehlt()):
        werkzeuge.fehlt("chromium", f"{len(fehlt)} Diagramme haben kein aktuelles SVG, und zum Zeichnen {grund}")
    if fehlt:  # je Diagramm eine Zeile mit Datei und Zeile, ohne Traceback
        pytest.fail("".join(f"{wo}: Zu diesem Diagramm fehlt das SVG, oder es ist älter als das Diagramm: "
                            f"{'; '.join(varianten)}\n" for wo, varianten in fehlt.items())
                    + f"Zeichne sie mit `{BEFEHL}` (oder `uv run mkdocs serve`) und committe {diagramme.ORDNER}/.",
                    pytrace=False)


def test_in_diagramme_liegt_nur_was_ein_diagramm_braucht():
    weg = [p.name for p in diagramme.verwaiste(KURS)]
    assert not weg, f"Kein Diagramm braucht {weg}. `{BEFEHL}` löscht sie; committe {diagramme.ORDNER}/."


@pytest.mark.parametrize("diagramm", KURS.diagramme, ids=lambda d: f"{d.seite.stem}-zeile-{d.zeile}")
def test_svg_nennt_titel_und_beschreibung_fuer_screenreader(diagramm):
    titel = re.search(r"^\s*accTitle:\s*(.+)$", diagramm.quelle, re.M)[1].strip()
    beschreibung = re.search(r"^\s*accDescr:\s*(.+)$", diagramm.quelle, re.M)[1].strip()
    for z in diagramme.zeichnungen(diagramm.quelle):
        if not z.datei(KURS).is_file():
            continue  # meldet test_jedes_diagramm_hat_seine_svgs_in_diagramme
        svg = z.datei(KURS).read_text(encoding="utf-8")
        kopf = svg[:svg.index(">")]
        assert 'role="img"' in kopf and "aria-roledescription" not in kopf, (z.schema, kopf)
        titel_id = re.search(r'aria-labelledby="([^"]+)"', kopf)[1]
        assert re.search(rf'<title id="{titel_id}">{re.escape(html.escape(titel, quote=False))}</title>', svg), z.schema
        assert html.escape(beschreibung, quote=False) in svg, z.schema


def test_ein_geaendertes_diagramm_braucht_neue_svgs():
    alt, neu = diagramme.zeichnungen(QUELLE), diagramme.zeichnungen(QUELLE + "\n    B->>A: Zurück")
    assert {z.schluessel for z in alt}.isdisjoint(z.schluessel for z in neu)
    assert len({z.schluessel for z in alt}) == 4, "hell und dunkel, breit und schmal brauchen je eine Datei"


# Form -> (höchste Breite, wohin, was hilft): schmal auf 328 px Spalte (360 px Handy) mit mindestens
# 11 px Schrift (Issue 42, 51), breit auf 688 px Spalte (1280 px Laptop) mit mindestens 12 px (Issue 51).
# Das prüft der Browsertest auch an der Seite, hier steht es schon vor dem Build fest.
PASST = {
    "schmal": (diagramme.SCHMAL_MAX_BREITE, "aufs Handy", "Kürze Beschriftungen, nimm weniger Teilnehmer "
               "nebeneinander oder teile das Diagramm."),
    "breit": (diagramme.BREIT_MAX_BREITE, "auf den Laptop", "Brich lange Nachrichten mit <br/> um oder nimm "
              "weniger Teilnehmer nebeneinander."),
}


@pytest.mark.parametrize("form", PASST)
@pytest.mark.parametrize("diagramm", KURS.diagramme, ids=lambda d: f"{d.seite.stem}-zeile-{d.zeile}")
def test_jede_form_passt_auf_ihren_bildschirm(diagramm, form):
    hoechstens, wohin, rat = PASST[form]
    for z in diagramme.zeichnungen(diagramm.quelle):
        if z.form == form and z.datei(KURS).is_file():
            breite = diagramme.breite(z.datei(KURS).read_text(encoding="utf-8"))
            assert breite <= hoechstens, (
                f"{diagramm.seite.relative_to(KURS.wurzel)}, Zeile {diagramm.zeile}: {form} gezeichnet ist das "
                f"Diagramm {breite:.0f} px breit, {wohin} passen {hoechstens} px. {rat}")


def test_schmal_gesetzt():
    sequenz = ("sequenceDiagram\n    accTitle: Titel<br/>bleibt\n    participant A as Anwendung\n    participant B\n"
               "    A->>B: eins,<br/>zwei\n    Note over A,B: drei<br />vier")
    assert diagramme.schmal_gesetzt(sequenz).splitlines() == [
        "sequenceDiagram", "    accTitle: Titel<br/>bleibt", "    participant A as nowrap:Anwendung",
        "    participant B as nowrap:B", "    A->>B: eins, zwei", "    Note over A,B: drei vier"]
    fluss = 'flowchart LR\n    subgraph G["Consumer Group analytics (Replay)"]\n        X["a<br/>b"]\n    end'
    assert diagramme.schmal_gesetzt(fluss).splitlines()[1] == '    subgraph G["Consumer Group<br/>analytics (Replay)"]'
    assert diagramme.Zeichnung(fluss, "hell", "schmal").kandidaten[1].startswith("flowchart TB")
    assert diagramme.Zeichnung(fluss, "hell", "schmal").einstellungen["flowchart"]["subGraphTitleMargin"]["bottom"] > 0


@pytest.mark.kopie
def test_kaputtes_diagramm_bricht_den_build_mit_einer_zeile_ab(tmp_path):
    """Ein Syntaxfehler in einem Diagramm: eine Zeile mit Seite, Zeile, erster Zeile des Diagramms
    und Mermaids Meldung, statt 90 Zeilen ohne Seite."""
    import os
    import subprocess
    import sys

    import kurs_kopie

    from kurs import chromium

    if not chromium.CHROMIUM.exists():
        werkzeuge.fehlt("chromium", "Chromium fehlt zum Zeichnen der Diagramme")
    kurs_kopie.kopieren(tmp_path)
    seite = tmp_path / "docs" / "teil-1.md"
    text = seite.read_text(encoding="utf-8")
    anfang = text.index("```mermaid\n")
    zeile = text.count("\n", 0, anfang) + 1
    kaputt = (text[:anfang] + "```mermaid\nsequenceDiagram\n    accTitle: Kaputt\n    accDescr: Bob ruft niemanden.\n"
              "    Bob->>: Hallo ohne Ziel\n```\n\n" + text[anfang:])
    seite.write_text(kaputt, encoding="utf-8")
    lauf = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(tmp_path / "site")],
                          cwd=tmp_path, capture_output=True, text=True,
                          env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert lauf.returncode != 0
    fehler = [z for z in (lauf.stdout + lauf.stderr).splitlines() if z.startswith("ERROR")]
    assert len(fehler) == 1, lauf.stdout + lauf.stderr
    # Die Zeile, die Mermaid nicht lesen kann (Bob->>), nicht die des Zauns: zeile + 4
    assert f"docs/teil-1.md:{zeile + 4}: Mermaid kann das Diagramm „sequenceDiagram“ nicht zeichnen: " in fehler[0]
    assert "Traceback" not in lauf.stdout + lauf.stderr


def test_ein_geloeschtes_end_steht_an_seiner_zeile_nicht_am_ende_des_diagramms(kopie_mit_commit, zeile_loeschen):
    """Fehlt das `end` eines subgraph, merkt Mermaid es erst in der letzten Zeile des Diagramms. Gemeldet wird
    die Zeile, an der seit dem letzten Commit etwas fehlt (kurs/modell/aenderungen.py, davor)."""
    from kurs import chromium
    from kurs.modell import QuellenFehler

    if not chromium.CHROMIUM.exists():
        werkzeuge.fehlt("chromium", "Chromium fehlt zum Zeichnen der Diagramme")
    seite = kopie_mit_commit / "docs" / "teil-2.md"
    nummer = zeile_loeschen(seite, lambda z: z == "    end")
    with pytest.raises(QuellenFehler) as fehler:
        diagramme.aktualisieren(Kurs(kopie_mit_commit), speichern=False)
    wo, _, text = str(fehler.value).partition(": ")
    assert wo == f"docs/teil-2.md:{nummer}", str(fehler.value)
    assert "fehlt vor dieser Zeile: 'end'" in text and "danach meldet Mermaid in Zeile" in text, text
