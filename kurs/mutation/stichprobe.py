"""Welche Fehler der Mutationstest einbaut: alle Kandidaten des Kurses (arten.py erzeugt sie je Art Quelle)
und eine Stichprobe daraus, mit einem Seed reihum aus jeder Zelle Art x Quelle."""

import random
from collections import defaultdict
from pathlib import Path

from kurs.mutation import ARTEN, DATEIARTEN, Mutation
from kurs.mutation.arten import _markdown_dateien, _mkdocs_yml, _overrides, _seiten, _snippets, _toml, _zeilen


def kandidaten(wurzel: Path, seed: int = 0) -> list[Mutation]:
    """Jeder Fehler, den der Test in diesen Kurs einbauen kann."""
    rng = random.Random(seed)  # nur für die Stelle eines Tippfehlers in einer Zeile
    _zeilen.cache_clear()
    _markdown_dateien.cache_clear()
    alle = [*_seiten(wurzel, rng), *_snippets(wurzel, rng), *_toml(wurzel, rng), *_mkdocs_yml(wurzel, rng),
            *_overrides(wurzel, rng)]
    return [m for m in alle if not _ohne_wirkung(wurzel, m)]


def _ohne_wirkung(wurzel: Path, m: Mutation) -> bool:
    """Ersetzt der Fehler eine Zeile durch sich selbst (das Zeichen, das er ändern wollte, fehlt dort)?"""
    return any(s[0] == "zeile" and s[3] == (_zeilen(wurzel, s[1])[s[2] - 1],) for s in m.schritte)


def stichprobe(alle: list[Mutation], anzahl: int, seed: int) -> list[Mutation]:
    """`anzahl` Fehler, reihum aus jeder Zelle Art x Quelle gezogen: Jede Zelle kommt vor, bevor
    eine zweimal drankommt. Derselbe Seed auf denselben Quellen zieht dieselben."""
    rng = random.Random(seed)
    zellen = defaultdict(list)
    for m in alle:
        zellen[(m.art, m.dateiart)].append(m)
    reihen = []
    for schluessel in sorted(zellen, key=lambda z: (DATEIARTEN.index(z[1]), ARTEN.index(z[0]))):
        liste = zellen[schluessel][:]
        rng.shuffle(liste)
        reihen.append(liste)
    rng.shuffle(reihen)
    ergebnis = []
    while len(ergebnis) < anzahl and any(reihen):
        for liste in reihen:
            if liste and len(ergebnis) < anzahl:
                ergebnis.append(liste.pop())
    return ergebnis
