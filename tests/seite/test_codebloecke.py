"""kurs/seite/codebloecke.py: Was „Ausführen“ an den Browser gibt, ist genau das Beispiel, das
pytest-codeblocks ausgeführt hat. Geprüft an der gebauten Seite, ohne Browser: Je Block sein
Code aus dem HTML und sein Programm aus programme.json, zusammengesetzt wie kurs-lauf.js es tut.
"""

import html
import json
import re
import sys
from pathlib import Path

import pytest

from kurs.modell import WURZEL, Kurs

BLOCK = re.compile(r'<div class="language-python highlight" data-search-exclude data-lauf="(?P<nummer>\d+)"'
                   r'(?P<attribute>[^>]*)>.*?<code>(?P<code>.*?)</code></pre></div>', re.S)
TAG = re.compile(r"<[^>]+>")


def bloecke(seite: Path) -> dict[int, tuple[str, str]]:
    """Nummer -> (gezeigter Code, wie kurs-lauf.js ihn liest, Attribute) jedes Blocks der Seite."""
    text = seite.read_text(encoding="utf-8")
    return {int(m["nummer"]): (html.unescape(TAG.sub("", m["code"])).rstrip("\n") + "\n", m["attribute"])
            for m in BLOCK.finditer(text)}


def programme_der_seite(seite: Path) -> list[tuple[str, str, dict]]:
    """(auftrag, Programm wie der Browser es startet, Daten) je Block, unverändert."""
    gezeigt = bloecke(seite)
    daten = json.loads((seite.parent / "programme.json").read_text(encoding="utf-8"))["bloecke"]
    assert sorted(gezeigt) == list(range(len(daten))), f"{seite}: Blöcke im HTML und programme.json passen nicht"
    ergebnis = []
    for nummer, programm in enumerate(daten):
        teile = [gezeigt[nummer][0] if t is None else gezeigt[t][0] if isinstance(t, int) else t
                 for t in programm["teile"]]
        ergebnis.append((programm["auftrag"], "".join(teile), programm))
    return ergebnis


def pruefe_seite(site: Path, kurs: Kurs) -> int:
    codes = {b.code for b in kurs.beispiele_aller_dateien}
    geprueft = 0
    for seite in sorted(site.rglob("index.html")):
        if not (seite.parent / "programme.json").is_file():
            continue
        for auftrag, programm, daten in programme_der_seite(seite):
            if any(isinstance(t, int) for t in daten["teile"]):
                # Eine Prüfzelle im Notebook prüft, was in der Vorlage steht: eine eigene Lösung.
                assert auftrag == "pruefe", (seite, daten)
                continue
            assert programm in codes, f"{seite}: Ein Block führt etwas aus, das kein Test ausführt:\n{programm[:300]}"
            geprueft += 1
    return geprueft


def test_jeder_knopf_startet_genau_ein_beispiel_von_pytest_codeblocks(site):
    assert pruefe_seite(site, Kurs()) > 30


def test_ein_neuer_block_in_markdown_laesst_jeden_knopf_bei_seinem_code(kurs_kopie):
    ziel, status, ausgabe = kurs_kopie
    assert status == 0, ausgabe
    assert pruefe_seite(ziel / "site", Kurs(ziel)) > 30
    gezeigt = [code for code, _ in bloecke(ziel / "site" / "teil-1" / "index.html").values()]
    assert 'print("dazwischen")\n' in gezeigt


def test_gezeigte_ausgabe_und_programm_gehoeren_zusammen(site):
    """Die Ausgabe in programme.json (für „wie auf der Seite“) ist die des Beispiels."""
    kurs = Kurs()
    ausgaben = {b.code: b.ausgabe for b in kurs.beispiele_aller_dateien}
    for seite in (site / "teil-1" / "index.html", site / "teil-2" / "index.html"):
        for _auftrag, programm, daten in programme_der_seite(seite):
            assert daten["ausgabe"] == ausgaben[programm], seite


@pytest.mark.parametrize("kaputt, meldung", [
    ('```python\nprint("direkt")\n```\n', "Ein Python-Block steht direkt in der Seite"),
])
def test_python_direkt_in_der_seite_bricht_den_build_mit_einer_zeile_ab(tmp_path, kaputt, meldung, monkeypatch):
    import markdown
    from mkdocs.config import load_config

    from kurs.seite import verzoegert
    from kurs.seite.codebloecke import BlockFehler, KursMarkdown
    from kurs.seite.plugin import Seitenbloecke

    # Das Kurs-Plugin stellt Platzhalter in sys.modules (verzoegert.py). Blieben sie im Prozess
    # der Tests, lüde sie das nächste inspect.getmodule (etwa in einem Traceback): 1 s für jupytext.
    for name in verzoegert.SPAETER:  # am Ende des Tests wieder wie vorher (fehlend: entfernt)
        vorher = sys.modules.get(name)
        monkeypatch.setitem(sys.modules, name, vorher)
        if vorher is None:
            del sys.modules[name]
    config = load_config(str(WURZEL / "mkdocs.yml"))
    md = markdown.Markdown(extensions=[*config.markdown_extensions, KursMarkdown(lambda: Seitenbloecke(Kurs()))],
                           extension_configs=config.mdx_configs)
    with pytest.raises(BlockFehler, match=meldung):
        md.convert(kaputt)
