"""Was jede Übungsprüfung zeigen muss: Die Musterlösung besteht, die Vorlage fällt
durch, und jeder typische Fehler bekommt seine eigene Meldung.

Ein Testmodul je Übung erbt von `UebungsTests` und nennt nur seine Daten; so
steht der Ablauf einmal da (wie bei Exercism: dieselben Tests für jede Lösung).
"""

import pytest

from kurs.pruefen import NichtBestanden, Uebung


def meldung(uebung: Uebung, kandidat: str) -> str:
    with pytest.raises(NichtBestanden) as fehler:
        uebung.pruefe(kandidat)
    return str(fehler.value)


class UebungsTests:
    UEBUNG: Uebung
    VORLAGE_MELDUNG: str  # ein Stück der Meldung, mit der die Vorlage durchfällt
    # Typische falsche Lösungen: Name -> (Stelle der Musterlösung, falsche Fassung, erwartete Meldung).
    # Eine Stelle darf ein Tupel sein, wenn der Fehler mehrere Stellen ändert.
    FALSCHE_LOESUNGEN: dict

    def test_musterloesung_besteht(self):
        self.UEBUNG.pruefe(self.UEBUNG.loesung)

    def test_vorlage_faellt_durch(self):
        assert self.VORLAGE_MELDUNG in meldung(self.UEBUNG, self.UEBUNG.vorlage)

    def test_falsche_loesung_bekommt_ihre_meldung(self, fehler):
        alt, neu, erwartet = self.FALSCHE_LOESUNGEN[fehler]
        assert erwartet in meldung(self.UEBUNG, self.UEBUNG.mit_ersetzung(alt, neu))

    def test_jeder_fehler_hat_eigene_meldung(self):
        erwartet = [m for (_, _, m) in self.FALSCHE_LOESUNGEN.values()]
        assert len(set(erwartet)) == len(erwartet), "Zwei Fehler teilen sich eine Meldung"
        for erste in erwartet:
            for zweite in erwartet:
                assert erste == zweite or erste not in zweite, f"{erste!r} steckt in {zweite!r}"


def falsche_loesungen_parametrisieren(metafunc):
    """Für tests/conftest.py: `fehler` läuft über FALSCHE_LOESUNGEN der Testklasse."""
    if "fehler" in metafunc.fixturenames and metafunc.cls is not None:
        namen = list(metafunc.cls.FALSCHE_LOESUNGEN)
        metafunc.parametrize("fehler", namen, ids=namen)


class QuizTests(UebungsTests):
    """Eine Auswahlfrage: Die Seite zeigt dieselben Begründungen, die die Prüfung meldet."""

    RICHTIG: str
    VORLAGE_MELDUNG = "Wähle genau eine Option"

    @staticmethod
    def falsche_optionen(richtig: str, meldungen: dict) -> dict:
        """FALSCHE_LOESUNGEN für eine Auswahlfrage: je falscher Option ihre Meldung."""
        return {f"Option {wahl}": (f'antwort = "{richtig}"', f'antwort = "{wahl}"', meldung)
                for wahl, meldung in meldungen.items()}

    def test_seite_und_pruefung_haben_eine_quelle(self):
        from kurs.mkdocs_hooks import quiz_daten

        optionen, richtig = quiz_daten(self.UEBUNG.name)
        assert richtig == self.RICHTIG
        for wahl in sorted(optionen.keys() - {richtig}):
            assert optionen[wahl]["begruendung"] in meldung(self.UEBUNG, f'antwort = "{wahl}"\n')
