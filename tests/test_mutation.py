"""Der Mutationstest der Quellen (kurs/mutation/) in CI: eine feste Stichprobe (Seed und Anzahl in
kurs/mutation/__main__.py), jede Zelle Art x Quelle ein anderer Fehler. Er läuft in einem eigenen
Prozess, der beim Sammeln startet (tests/conftest.py, im_hintergrund): Der zweite Kern rechnet mit.

Mehr Fälle, allein: uv run python -m kurs.mutation --anzahl 200 --seed 7"""

import subprocess
import sys

import pytest

from kurs.modell import WURZEL
from kurs.mutation import Mutation
from kurs.mutation.__main__ import ANZAHL_CI, SEED_CI
from kurs.mutation.arten import NAV_SEITE, tippfehler
from kurs.mutation.lauf import _urteil
from kurs.mutation.stichprobe import kandidaten, stichprobe

_lauf = []


def im_hintergrund():
    _lauf.append(subprocess.Popen([sys.executable, "-m", "kurs.mutation", "--anzahl", str(ANZAHL_CI), "--seed",
                                   str(SEED_CI)], cwd=WURZEL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                  text=True))


@pytest.mark.kopie
def test_jeder_eingebaute_fehler_wird_an_seiner_zeile_gemeldet():
    if not _lauf:
        im_hintergrund()
    ausgabe, _ = _lauf[0].communicate(timeout=900)
    assert _lauf[0].returncode == 0, ausgabe


def test_stichprobe_ist_wiederholbar_und_deckt_zellen_ab():
    alle = kandidaten(WURZEL)
    erste, zweite = stichprobe(alle, ANZAHL_CI, SEED_CI), stichprobe(alle, ANZAHL_CI, SEED_CI)
    assert erste == zweite
    assert len({(m.art, m.dateiart) for m in erste}) == ANZAHL_CI, "jede Zelle Art x Quelle nur einmal"
    assert stichprobe(alle, ANZAHL_CI, SEED_CI + 1) != erste


def test_tippfehler_im_code_nur_in_zeichenketten():
    import random

    for seed in range(20):
        neu = tippfehler('wahl = str(antwort).strip() + "Die Nachricht"', random.Random(seed), nur_in_text=True)
        assert neu.startswith("wahl = str(antwort).strip()") and neu != 'wahl = str(antwort).strip() + "Die Nachricht"'


M = Mutation("zeile-weg", "seite", "docs/teil-1.md", 40, "x")


@pytest.mark.parametrize("ausgabe, fehler, urteil", [
    ("WARNING -  docs/teil-1.md:41: Der Link …", True, "zeile"),
    ("WARNING -  docs/teil-1.md:45: Der Link …", True, "datei"),
    ("WARNING -  docs/teil-2.md:40: Der Link …", True, "falsch"),
    ("Traceback (most recent call last):\n  File …", True, "traceback"),
    ("kurs/modell/kapitel.py:12: in kapitel_lesen\nE   KeyError", True, "traceback"),
    ("INFO    -  Documentation built", False, "kein-fehler"),
])
def test_urteil(ausgabe, fehler, urteil):
    assert _urteil(M, ausgabe, fehler)[0] == urteil


def test_yaml_meldet_zuerst_den_anfang_des_blocks_dann_die_stelle():
    m = Mutation("einzug", "mkdocs.yml", "mkdocs.yml", 85, "x")
    ausgabe = ('Error: MkDocs encountered an error parsing the configuration file: while parsing a block mapping\n'
               '  in "/tmp/k/mkdocs.yml", line 1, column 1\nexpected <block end>, but found \'<block mapping start>\'\n'
               '  in "/tmp/k/mkdocs.yml", line 86, column 5\n')
    assert _urteil(m, ausgabe, True) == ("zeile", 'in "/tmp/k/mkdocs.yml", line 86')
    # Ein Wert, der nie endet: Zu ändern ist, wo er begann (YAML merkt es 21 Zeilen später).
    m = Mutation("wert", "mkdocs.yml", "mkdocs.yml", 52, "x")
    ausgabe = ('Error: MkDocs encountered an error parsing the configuration file: while scanning a double-quoted '
               'scalar\n  in "/tmp/k/mkdocs.yml", line 52, column 14\nfound unknown escape character \'s\'\n'
               '  in "/tmp/k/mkdocs.yml", line 73, column 21\n')
    assert _urteil(m, ausgabe, True) == ("zeile", 'in "/tmp/k/mkdocs.yml", line 52')


def test_geloeschte_zeile_in_nav_hat_keine_zeile():
    """Die Zeile gibt es nicht mehr: Die Meldung nennt mkdocs.yml allein (wie bei einer gelöschten Datei)."""
    seiten = [z for z in (WURZEL / "mkdocs.yml").read_text(encoding="utf-8").split("\n") if NAV_SEITE.match(z)]
    weg = [m for m in kandidaten(WURZEL) if m.datei == "mkdocs.yml" and m.art == "zeile-weg"]
    ohne = [m for m in weg if m.zeile is None]
    assert len(seiten) >= 6 and len(ohne) == len(seiten) and len(weg) > len(ohne)
    assert _urteil(ohne[0], "ERROR   -  mkdocs.yml: Die Seite docs/x.md steht nicht in nav.", True)[0] == "zeile"


def test_jeder_fehler_aendert_etwas():
    """Ein Fehler, der eine Zeile durch sich selbst ersetzt, zählte als „kein Fehler“ und verdrängte einen echten."""
    for m in kandidaten(WURZEL):
        for schritt in m.schritte:
            if schritt[0] == "zeile":
                alt = (WURZEL / schritt[1]).read_text(encoding="utf-8").split("\n")[schritt[2] - 1]
                assert schritt[3] != (alt,), m.name
