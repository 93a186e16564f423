"""Teil 1, Übung 3: Welche Garantie braucht es? (snippets/teil-1/uebung-3/)."""

from kurs.pruefen import Uebung
from uebung_test_helfer import QuizTests


class TestUebung(QuizTests):
    UEBUNG = Uebung("teil-1/uebung-3")
    RICHTIG = "C"
    # Jede falsche Option sagt, was sie kaputt macht.
    FALSCHE_LOESUNGEN = QuizTests.falsche_optionen("C", {
        "A": "A passt nicht. Stirbt der Konsument nach dem Ack",
        "B": "B passt nicht. Verloren geht nichts",
        "D": "D passt nicht. Der Broker sieht nur das Ack",
    })
