"""Die Rechtschreibprüfung (kurs/rechtschreibung.py): jeder Text, den Leserinnen lesen, und
die Prüfung selbst. Ohne hunspell überspringt sie sich, in CI ist das ein Fehler (tests/werkzeuge.py)."""

import atexit
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import werkzeuge

from kurs.modell import WURZEL
from kurs.rechtschreibung import (
    fehlerbericht,
    funde_je_datei,
    fundstellen,
    hunspell_fehlt,
    ist_wendung,
    lesetext,
    prosa,
    pruefe,
    texte,
    unbekannte_woerter,
    woerter_der_liste,
)

TEXTE = texte()


def brauche_hunspell():
    if hunspell_fehlt():
        werkzeuge.fehlt("hunspell", "hunspell mit deutschem Wörterbuch fehlt")


_funde = {}  # Datei -> Funde aus dem Lauf, der beim Sammeln startet
_lauf = []


def im_hintergrund():
    """Startet hunspell für alle Texte schon beim Sammeln (tests/conftest.py): Er rechnet nebenher."""
    if hunspell_fehlt():
        return
    ordner = werkzeuge.temp_ordner("kurs-hunspell-")
    # Am Ende des Laufs weg, auch wenn kein Test dieses Moduls lief (-x, Strg+C).
    atexit.register(shutil.rmtree, ordner, ignore_errors=True)
    try:
        lauf = pruefe(TEXTE, ordner)
    except Exception:  # noqa: BLE001 - eine kaputte Quelle meldet ihr eigener Test, mit Datei und Zeile
        return
    atexit.register(lauf.kill)  # vor dem Ordner (atexit läuft rückwärts); nötig nur, wenn keiner ihn las
    _lauf.append((ordner, lauf))


@pytest.mark.parametrize("datei", TEXTE, ids=lambda p: p.relative_to(WURZEL).as_posix())
def test_rechtschreibung(datei, tmp_path):
    brauche_hunspell()
    if not _funde and _lauf:
        _funde.update(funde_je_datei(_lauf[0][1]))
    funde = _funde[datei] if datei in _funde else funde_je_datei(pruefe([datei], tmp_path))[datei]
    if funde:
        pfad = datei.relative_to(WURZEL).as_posix()
        pytest.fail(fehlerbericht([(pfad, *f) for f in funde]), pytrace=False)  # nur die Meldung, kein Traceback


# --- Die Prüfung selbst ---------------------------------------------------


def test_tippfehler_wird_mit_datei_zeile_und_hinweis_gemeldet(tmp_path):
    brauche_hunspell()
    funde = unbekannte_woerter(prosa("# Titel\n\nDie Nachrricht kommt an.\n"), [], tmp_path)
    assert [(n, w) for n, w, _ in funde] == [(3, "Nachrricht")]
    bericht = fehlerbericht([("docs/beispiel.md", *f) for f in funde])
    assert "docs/beispiel.md:3: 'Nachrricht'" in bericht
    assert "Nachricht" in bericht  # Vorschlag
    assert "tests/rechtschreibung/woerter.txt" in bericht


def mit_tippfehler(tmp_path: Path, pfad: str, alt: str, neu: str) -> Path:
    """Eine Kopie von `pfad` (samt seinem Ordner) unter tmp_path, in der `alt` einmal `neu` heißt."""
    kopie = tmp_path / pfad
    if pfad.count("/") > 1 or pfad.startswith("kurs/"):
        shutil.copytree((WURZEL / pfad).parent, kopie.parent)
    else:  # docs/ (mit allem Gebündelten) und die Wurzel: nur die Datei
        kopie.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(WURZEL / pfad, kopie)
    text = kopie.read_text(encoding="utf-8")
    assert text.count(alt) == 1, f"{alt!r} steht nicht genau einmal in {pfad}"
    kopie.write_text(text.replace(alt, neu), encoding="utf-8")
    return kopie


# Die Zeile des Tippfehlers rechnet der Test selbst aus (die des ersten geänderten Zeichens).
@pytest.mark.parametrize("pfad, alt, neu", [
    # eine Frage „Kurz geprüft“, eine ihrer Optionen und eine Erklärung
    ("snippets/teil-1/kurz-geprueft/schritt-1.toml", "Ack kam. Was", "Ack kam. Wass"),
    ("snippets/teil-1/kurz-geprueft/schritt-1.toml", "ist abgestürzt,", "ist abgestrüzt,"),
    ("snippets/teil-1/kurz-geprueft/schritt-1.toml", "Arbeit gestorben", "Arbeit gestroben"),
    # Meldungen einer Prüfung: einzeilig, in der zweiten Zeile einer mehrzeiligen, ein Hinweis
    ("snippets/teil-1/uebung-1/pruefung.md", "Schreibe in einem `with con:`-Block", "Schriebe in einem `with con:`-Block"),
    ("snippets/teil-1/uebung-1/pruefung.md", "und schreibe bei einer bekannten", "und schreibe bei einer bekanten"),
    ("snippets/teil-1/uebung-2/pruefung.md", "Die erste Zustellung von A", "Die erste Zustelung von A"),
    ("snippets/teil-1/uebung-1/pruefung.md", 'S = "Duplikat"', 'S = "Dupplikat"'),
    # die Meldung eines typischen Fehlers in fehler.toml und der Satz eines Notebooks
    ("snippets/teil-1/uebung-1/fehler.toml", "'Die Gutschrift ist verloren'", "'Die Gutschrift ist verlohren'"),
    ("kurs/notebooks.py", "Zelle aus, bevor du weiterarbeitest.\"\n", "Zelle aus, bevor du weiterarbietest.\"\n"),
    # was ein Diagramm zeigt (eine Nachricht), der Titel eines Codeblocks, ein Titel im Menü, eine
    # Beschriftung der Zeichnung eines Laufs
    ("docs/teil-2.md", "fehler anhängen", "fehler anhägnen"),
    ("snippets/teil-2/partition.md", 'title="Ausgabe"', 'title="Ausgbae"'),
    ("mkdocs.yml", "- Glossar: glossar.md", "- Glosar: glossar.md"),
    ("kurs/aufzeichnung_schritte.py", 'else "Konsument"', 'else "Konsuemnt"'),
])
def test_tippfehler_in_frage_meldung_und_notebook_mit_datei_und_zeile(tmp_path, pfad, alt, neu):
    if hunspell_fehlt():
        werkzeuge.fehlt("hunspell", "hunspell mit deutschem Wörterbuch fehlt")
    text = (WURZEL / pfad).read_text(encoding="utf-8")
    erstes_anderes = next((i for i, (a, n) in enumerate(zip(alt, neu, strict=False)) if a != n), min(len(alt), len(neu)))
    zeile = text[:text.index(alt) + erstes_anderes].count("\n") + 1
    wurzel = tmp_path / "kurs"
    kopie = mit_tippfehler(wurzel, pfad, alt, neu)
    for quelle in ("mkdocs.yml", "docs", "snippets", "tests"):  # der echte Kurs um die Kopie herum
        if not (wurzel / quelle).exists():
            (wurzel / quelle).symlink_to(WURZEL / quelle)
    funde = funde_je_datei(pruefe([kopie], tmp_path, wurzel))[kopie]
    wort = re.findall(r"\w+", neu)[[a == n for a, n in zip(re.findall(r"\w+", alt), re.findall(r"\w+", neu),
                                                            strict=True)].index(False)]
    assert [(n, w.rstrip(".")) for n, w, _ in funde] == [(zeile, wort)]  # am Satzende mit Punkt, wie hunspell ihn nennt
    assert f"{pfad}:{zeile}: {funde[0][1]!r} (Vorschläge: " in fehlerbericht([(pfad, *f) for f in funde])


def test_wortliste_macht_einen_fachbegriff_bekannt(tmp_path):
    brauche_hunspell()
    assert [w for _, w, _ in unbekannte_woerter(["Das Relay sendet."], [], tmp_path)] == ["Relay"]
    assert unbekannte_woerter(["Das Relay sendet."], ["Relay"], tmp_path) == []


def test_wortliste_ist_ehrlich(tmp_path):
    """Jeder Eintrag ist nötig (hunspell kennt ihn nicht) und steht wirklich in einem Text."""
    brauche_hunspell()
    woerter = woerter_der_liste()
    doppelt = sorted({w for w in woerter if woerter.count(w) > 1})
    assert not doppelt, f"Doppelt in der Wortliste: {doppelt}"
    einzeln = [w for w in woerter if not ist_wendung(w)]
    wendungen = [w for w in woerter if ist_wendung(w)]
    einzeln_dic = tmp_path / "einzeln.dic"
    einzeln_dic.write_text("".join(f"{w}\n" for w in einzeln), encoding="utf-8")

    def unbekannt(zeilen, *optionen):
        # -l: die unbekannten Wörter, -L: die Zeilen mit unbekannten Wörtern; beides ohne
        # Vorschläge, die hunspell sonst für jedes unbekannte Wort langsam sucht.
        lauf = subprocess.run(["hunspell", "-d", "de_DE", "-i", "utf-8", *optionen],
                              input="\n".join(zeilen) + "\n", capture_output=True, text=True, encoding="utf-8")
        return set(lauf.stdout.splitlines())

    # Eine Wendung ist nur nötig, wenn eines ihrer Wörter auch mit den Einzelwörtern unbekannt bleibt.
    unnoetig = sorted((set(einzeln) - unbekannt(einzeln, "-l")) | (set(wendungen) - unbekannt(
        wendungen, "-L", "-p", str(einzeln_dic))))
    assert not unnoetig, f"hunspell kennt diese Einträge schon; streich sie aus der Wortliste: {unnoetig}"
    alle = "\n".join(z for d in TEXTE for z in lesetext(d))
    unbenutzt = [w for w in woerter if not fundstellen(w).search(alle)]
    assert not unbenutzt, f"Diese Wörter stehen in keinem geprüften Text; streich sie: {unbenutzt}"
