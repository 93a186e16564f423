"""kurs/modell/snippets.py, der Leser von snippets/, und die Regeln für snippets/ und docs/:
Jeder Codeblock kommt aus snippets/, läuft wirklich (pytest-codeblocks überspringt manche
Fences ohne ein Wort) und wird von einer Seite gezeigt; „Ausführen“ unter einem Block startet
das Beispiel, in dem er steht."""

import re
from pathlib import Path

import pytest

from kurs.modell import EINBINDUNG, Kurs, QuellenFehler
from kurs.modell.beispiele import marken_pruefen
from kurs.modell.snippets import uebung_von

KURS = Kurs()
SNIPPETS, DOCS = KURS.snippets.ordner, KURS.docs
FENCE = re.compile(r"^(?P<einzug>\s*)(?P<zaun>`{3,}|~{3,})(?P<info>.*)$")


def fences(datei: Path):
    """(Zeilennummer, Zaun, Info) jeder öffnenden Fence."""
    offen = None
    for nummer, zeile in enumerate(datei.read_text(encoding="utf-8").splitlines(), start=1):
        m = FENCE.match(zeile)
        if not m:
            continue
        if offen is None:
            offen = m["zaun"]
            yield nummer, m["zaun"], m["info"]
        elif m["zaun"].startswith(offen) and not m["info"].strip():
            offen = None


SNIPPET_DATEIEN = sorted(SNIPPETS.rglob("*.md"))
SEITEN = sorted(DOCS.rglob("*.md"))


@pytest.mark.parametrize("datei", SNIPPET_DATEIEN, ids=lambda p: p.relative_to(SNIPPETS).as_posix())
def test_keine_fence_wird_still_uebersprungen_und_jede_ausgabe_verglichen(datei):
    """Die Regeln stehen einmal, im Leser (kurs/modell/beispiele.py, marken_pruefen; ihre Fälle in
    tests/modell/test_beispiele.py): Build und Sammeln brechen an der Zeile ab. Hier gilt jede Datei für sich,
    auch eine, die keine Seite einbindet."""
    marken_pruefen(datei.read_text(encoding="utf-8"), datei.relative_to(KURS.wurzel).as_posix())


@pytest.mark.parametrize("seite", SEITEN, ids=lambda p: p.relative_to(DOCS).as_posix())
def test_seiten_enthalten_keinen_eigenen_code(seite):
    eigene = [f"docs/{seite.relative_to(DOCS).as_posix()}:{n}: {zaun}{info} steht direkt in der Seite. Code gehört "
              'nach snippets/ und wird mit --8<-- "datei.md" eingebunden.'
              for n, zaun, info in fences(seite) if info.strip() != "mermaid"]
    if eigene:
        pytest.fail("\n".join(eigene), pytrace=False)


def eingebunden(datei: Path) -> set[Path]:
    return {SNIPPETS / m["ziel"].split(":")[0] for z in datei.read_text(encoding="utf-8").splitlines()
            if (m := EINBINDUNG.match(z))}


def test_jedes_snippet_wird_von_einer_seite_gezeigt():
    erreicht, offen = set(), [s for seite in SEITEN for s in eingebunden(seite)]
    while offen:
        datei = offen.pop()
        if datei not in erreicht:
            erreicht.add(datei)
            offen += eingebunden(datei)
    # Übungen erreichen die Seite über Vorlage, Lösung und Prüfung; ihr Kontext
    # wird zusätzlich aufgeklappt gezeigt.
    verwaist = sorted(p.relative_to(SNIPPETS).as_posix() for p in set(SNIPPET_DATEIEN) - erreicht)
    assert not verwaist, f"Diese Snippets bindet keine Seite ein: {verwaist}"


def test_jede_uebung_ist_vollstaendig():
    for uebung in KURS.uebungen.values():
        for rolle in ("vorlage", "loesung", "pruefung"):
            assert (uebung.ordner / f"{rolle}.md").is_file(), f"{uebung.name}: {rolle}.md fehlt"
        assert uebung.vorlage_meldung and len(uebung.fehler) >= 2, f"{uebung.name}: fehler.toml ist zu dünn"


@pytest.mark.parametrize("pfad, uebung", [
    ("teil-2/uebung-1/loesung.md", "teil-2/uebung-1"),
    ("teil-2/uebung-1/kontext.md:abschnitt", "teil-2/uebung-1"),
    ("teil-2/queue.md", None),
    ("teil-2/uebung-1/tief/loesung.md", None),
])
def test_uebung_von_erkennt_nur_dateien_eines_uebungsordners(pfad, uebung):
    assert uebung_von(pfad) == uebung


def test_programm_ist_das_beispiel_mit_dem_block_als_luecke():
    (beispiel,) = [b for b in KURS.beispiele("teil-1/queue_demo.md") if b.syntax == "python"]
    stueck = next(s for s in beispiel.stuecke if s.zeile is not None)
    programm = KURS.programm("teil-1/queue_demo.md", stueck.code)
    vorher, luecke, nachher = programm.teile
    assert (programm.auftrag, luecke, programm.ausgabe) == ("lauf", None, beispiel.ausgabe)
    assert vorher + stueck.code + nachher == beispiel.code
    assert "uebung" not in programm.als_daten()


def test_musterloesung_laeuft_mit_ihrer_pruefung():
    uebung = next(iter(KURS.uebungen.values()))
    (beispiel,) = KURS.beispiele(f"{uebung.name}/pruefung.md")
    loesung = [s for s in beispiel.stuecke if s.zeile is None][-1]  # eingebunden, nach dem Kontext
    programm = KURS.programm(f"{uebung.name}/loesung.md", loesung.code)
    assert (programm.auftrag, programm.uebung, programm.rolle) == ("pruefe", uebung.name, "loesung")
    assert programm.teile[0] + loesung.code + programm.teile[2] == beispiel.code
    assert programm.als_daten()["uebung"] == uebung.name


def test_fehlendes_snippet_oder_fehlender_abschnitt_nennt_seite_und_zeile():
    with pytest.raises(QuellenFehler, match=r"^snippets/gibt/es-nicht\.md: Die eingebundene Datei snippets/gibt/es-nicht"):
        KURS.snippets.snippet("gibt/es-nicht.md")
    with pytest.raises(QuellenFehler, match=r"^docs/teil-1\.md:7: In snippets/teil-1/queue_demo\.md gibt es den "
                                            r"Abschnitt 'fehlt' nicht"):
        KURS.snippets.snippet("teil-1/queue_demo.md:fehlt", KURS.docs / "teil-1.md", 7)


def test_nur_das_labor_laeuft_nicht_im_browser():
    assert KURS.snippets.im_browser("teil-1/queue_demo.md")
    assert not KURS.snippets.im_browser("labor/postgres.md")


def test_marke_ohne_stueck_beim_lesen_gemeldet(tmp_path):
    """Eine gelöschte Einbindung zwischen zwei Markern: gemeldet beim Lesen, am Marker (kurs/modell/beispiele.py)."""
    from kurs.modell.snippets import Snippets

    (tmp_path / "snippets").mkdir()
    (tmp_path / "snippets" / "x.md").write_text("```python\nx = 1\n```\n\n<!--pytest-codeblocks:cont-->\n\n"
                                               "<!--pytest-codeblocks:cont-->\n\n```python\nprint(x)\n```\n")
    with pytest.raises(QuellenFehler, match=r"^snippets/x\.md:5: Auf diesen Marker folgt bis zum nächsten Marker in "
                                            r"Zeile 7 kein Codeblock"):
        Snippets(tmp_path, KURS.konfiguration).beispiele("x.md")


def test_vertippte_einbindung_in_eingebundener_datei_an_ihrer_zeile(kopie):
    """Liest der Kurs zuerst eine Datei, die die kaputte Datei einbindet, zeigt die Meldung trotzdem auf die
    vertippte Zeile `--8<-- "…"`, nicht auf die Einbindung, über die sie gelesen wurde."""
    datei = kopie / "snippets/teil-2/uebung-4/loesung.md"
    zeilen = datei.read_text(encoding="utf-8").split("\n")
    nummer = next(n for n, z in enumerate(zeilen, start=1) if '"teil-2/uebung-1/loesung.md:relay"' in z)
    zeilen[nummer - 1] = zeilen[nummer - 1].replace("teil-2/uebung-1/", "teil-2/xuebung-1/")
    datei.write_text("\n".join(zeilen), encoding="utf-8")
    with pytest.raises(QuellenFehler, match=rf"^snippets/teil-2/uebung-4/loesung.md:{nummer}: Die eingebundene"):
        Kurs(kopie).snippets.beispiele("teil-2/outbox_aufraeumen.md")


def test_geloeschter_zaun_an_der_geaenderten_zeile(kopie_mit_commit, zeile_loeschen):
    """Ohne den öffnenden Zaun einer Ausgabe liest der Leser ihren schließenden als neuen Fence, drei Zeilen
    später. Mit git steht die Meldung an der Zeile, die seit dem letzten Commit fehlt."""
    kopie = kopie_mit_commit
    nummer = zeile_loeschen(kopie / "snippets/teil-1/queue_demo.md", lambda z: z == '```text title="Ausgabe"')
    with pytest.raises(QuellenFehler, match=rf"^snippets/teil-1/queue_demo.md:{nummer}: Seit dem letzten Commit fehlt"):
        Kurs(kopie).snippets.beispiele("teil-1/queue_demo.md")


def test_geloeschter_schliessender_zaun_an_der_geaenderten_zeile(kopie_mit_commit):
    """Ohne den schließenden Zaun einer Ausgabe bleibt ihr öffnender offen bis zum Ende der Datei; der Leser
    meldet den öffnenden. Die Ursache steht dahinter: an der Zeile, die seit dem letzten Commit fehlt."""
    datei = kopie_mit_commit / "snippets/teil-1/queue_demo.md"
    zeilen = datei.read_text(encoding="utf-8").split("\n")
    ausgabe = zeilen.index('```text title="Ausgabe"')
    nummer = zeilen.index("```", ausgabe) + 1
    datei.write_text("\n".join(zeilen[:nummer - 1] + zeilen[nummer:]), encoding="utf-8")
    with pytest.raises(QuellenFehler, match=rf"^snippets/teil-1/queue_demo.md:{nummer}: Seit dem letzten Commit fehlt "
                       r"vor dieser Zeile: '```'.*Ein Fence wird nicht geschlossen"):
        Kurs(kopie_mit_commit).snippets.beispiele("teil-1/queue_demo.md")


def test_ein_vertippter_ordner_in_base_path_steht_an_seiner_zeile_in_mkdocs_yml(kopie):
    """Sonst fehlte jedes Snippet einzeln, gemeldet am ersten, das der Kurs liest."""
    yml = kopie / "mkdocs.yml"
    zeilen = yml.read_text(encoding="utf-8").split("\n")
    nummer = next(n for n, z in enumerate(zeilen, start=1) if z.strip() == "base_path: [snippets]")
    zeilen[nummer - 1] = zeilen[nummer - 1].replace("snippets", "sinppets")
    yml.write_text("\n".join(zeilen), encoding="utf-8")
    with pytest.raises(QuellenFehler, match=rf"^mkdocs.yml:{nummer}: pymdownx.snippets liest aus 'sinppets'; den Ordner "
                       r"gibt es nicht. Meintest du 'snippets'\?"):
        Kurs(kopie).snippets.beispiele("teil-1/queue_demo.md")


def test_geloeschte_einbindung_nach_einem_marker_an_ihrer_zeile(kopie_mit_commit, zeile_loeschen):
    """Ohne die Einbindung folgt dem cont-Marker davor kein Stück; gemeldet wird der Marker. Gemeint ist die Zeile
    dazwischen, die seit dem letzten Commit fehlt."""
    datei = kopie_mit_commit / "snippets/teil-2/uebung-3/pruefung.md"
    nummer = zeile_loeschen(datei, lambda z: z == '--8<-- "uebungen/quiz_auswertung.md"')
    with pytest.raises(QuellenFehler, match=rf"^snippets/teil-2/uebung-3/pruefung.md:{nummer}: Seit dem letzten Commit "
                       r"fehlt vor dieser Zeile: '--8<-- \"uebungen/quiz_auswertung.md\"'"):
        Kurs(kopie_mit_commit).snippets.beispiele("teil-2/uebung-3/pruefung.md")
