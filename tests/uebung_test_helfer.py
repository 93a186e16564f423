"""Was jede Übungsprüfung zeigen muss: richtig besteht, falsch fällt durch,
und jeder typische Fehler bekommt seine eigene Meldung."""

import pytest

from kurs.pruefen import NichtBestanden, Uebung


def meldung(uebung: Uebung, kandidat: str) -> str:
    with pytest.raises(NichtBestanden) as fehler:
        uebung.pruefe(kandidat)
    return str(fehler.value)


def pruefe_fehlerkatalog(uebung: Uebung, falsche_loesungen: dict) -> None:
    """Die Meldungen der typischen Fehler müssen sich unterscheiden."""
    erwartet = [m for (_, _, m) in falsche_loesungen.values()]
    assert len(set(erwartet)) == len(erwartet), "Zwei Fehler teilen sich eine Meldung"
    for erste, zweite in ((a, b) for a in erwartet for b in erwartet if a != b):
        assert erste not in zweite, f"{erste!r} steckt in {zweite!r}: nicht unterscheidbar"
