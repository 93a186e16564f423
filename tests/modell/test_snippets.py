"""kurs/modell/snippets.py, der Leser von snippets/, und die Regeln für snippets/ und docs/:
Jeder Codeblock kommt aus snippets/, läuft wirklich (pytest-codeblocks überspringt manche
Fences ohne ein Wort) und wird von einer Seite gezeigt; „Ausführen“ unter einem Block startet
das Beispiel, in dem er steht."""

import re
from pathlib import Path

import pytest

from kurs.modell import EINBINDUNG, Kurs, QuellenFehler
from kurs.modell.snippets import uebung_von

KURS = Kurs()
SNIPPETS, DOCS = KURS.snippets.ordner, KURS.docs
FENCE = re.compile(r"^(?P<einzug>\s*)(?P<zaun>`{3,}|~{3,})(?P<info>.*)$")
# Sprachen, die pytest-codeblocks nicht ausführt, dürfen Attribute tragen (title="Ausgabe").
NUR_ANZEIGE = {"text", "js", "console", "sql"}


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


def fence_fehler(zaun: str, info: str) -> str | None:
    if zaun.startswith("~"):
        return "~~~-Fences überspringt pytest-codeblocks; nimm ```"
    if info != info.lstrip():
        return "Leerzeichen nach ``` lässt pytest-codeblocks den Block überspringen"
    sprache, _, attribute = info.partition(" ")
    if sprache == "python":
        return "```python mit Attributen läuft nicht; schreib nur ```python" if attribute else None
    if sprache in NUR_ANZEIGE:
        return None
    if sprache in {"py", "pycon", "python3", "py3"}:
        return f"```{sprache} läuft nicht; schreib ```python"
    return f"unbekannte Sprache {sprache!r}: erlaubt sind python (läuft) und {sorted(NUR_ANZEIGE)} (nur Anzeige)"


SNIPPET_DATEIEN = sorted(SNIPPETS.rglob("*.md"))
SEITEN = sorted(DOCS.rglob("*.md"))


@pytest.mark.parametrize("zaun, info, fehler", [
    ("```", "python", None),
    ("```", 'text title="Ausgabe"', None),
    ("```", "py", "läuft nicht"),
    ("```", 'python title="x"', "mit Attributen"),
    ("```", " python", "Leerzeichen"),
    ("~~~", "python", "~~~"),
    ("```", "bash", "unbekannte Sprache"),
])
def test_fence_regeln_erkennen_stille_auslasser(zaun, info, fehler):
    ergebnis = fence_fehler(zaun, info)
    assert (ergebnis is None) if fehler is None else (fehler in ergebnis)


@pytest.mark.parametrize("datei", SNIPPET_DATEIEN, ids=lambda p: p.relative_to(SNIPPETS).as_posix())
def test_keine_fence_wird_still_uebersprungen(datei):
    fehler = [f"Zeile {n}: {zaun}{info}: {fehler_}" for n, zaun, info in fences(datei)
              if (fehler_ := fence_fehler(zaun, info))]
    assert not fehler, "\n".join(fehler)


@pytest.mark.parametrize("datei", SNIPPET_DATEIEN, ids=lambda p: p.relative_to(SNIPPETS).as_posix())
def test_jede_ausgabe_wird_mit_dem_echten_lauf_verglichen(datei):
    text = datei.read_text(encoding="utf-8")
    ausgaben = len(re.findall(r'^```\w+ title="Ausgabe"$', text, re.M))
    geprueft = len(re.findall(r'^<!--pytest-codeblocks:expected-output-->\n\n```\w+ title="Ausgabe"$', text, re.M))
    assert ausgaben == geprueft, (
        "Ein Block mit title=\"Ausgabe\" ohne <!--pytest-codeblocks:expected-output--> davor "
        "würde nie mit dem echten Lauf verglichen."
    )


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
