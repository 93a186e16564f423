"""Das Labor: Vor dem ersten Programm in snippets/labor/ starten alle Server nebeneinander
(tests/labor/server.py), jeder in einem temporären Ordner auf einem freien Port; nach dem Lauf
stoppen sie und ihre Ordner sind weg. Welchen Server ein Programm braucht, sagt der Anfang
seines Dateinamens (postgres_…, rabbitmq_…, redis_…, nats_…); seine Adresse steht für das
Programm in einer Umgebungsvariable (KURS_POSTGRES, …).

Ist die Variable schon gesetzt, etwa für Server aus compose.yaml, startet der Test keinen
eigenen. Fehlt ein Server, überspringt pytest dessen Programme mit einer Zeile, die den
apt-Befehl nennt (tests/werkzeuge.py); ist CI gesetzt, ist das ein Fehler.
"""

import atexit
import os
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
import werkzeuge
from labor.server import Nats, Postgres, RabbitMQ, Redis, Server, StartFehler

NACH_DATEI = {"postgres": Postgres, "rabbitmq": RabbitMQ, "redis": Redis, "nats": Nats}
# Server, deren Adresse du schon gesetzt hast (etwa für compose.yaml): Sie startet der Test nicht.
EIGENE = {k for k in NACH_DATEI.values() if k.variable in os.environ}
_laufend: dict = {}  # Serverklasse -> gestarteter Server oder StartFehler
_start = threading.Lock()  # einmal starten, ob aus dem Hintergrund oder vom ersten Programm


def _braucht_server(item) -> type[Server] | None:
    klasse = NACH_DATEI.get(item.path.name.split("_")[0])
    return None if klasse in EIGENE else klasse


def pytest_collection_finish(session):
    """Die Server starten im Hintergrund, während die übrigen Tests laufen: Die Programme des
    Labors kommen zuletzt (testpaths), und RabbitMQ braucht Sekunden bis zur ersten Antwort."""
    if not session.config.option.collectonly and any(_braucht_server(item) for item in session.items):
        threading.Thread(target=_alle_starten, daemon=True).start()


def _alle_starten() -> None:
    with _start:
        if not _laufend:
            _alle_starten_jetzt()


def _alle_starten_jetzt() -> None:
    """Startet jeden installierten Server, alle nebeneinander (RabbitMQ braucht am längsten)."""
    klassen = [k for k in NACH_DATEI.values() if k.installiert() and k not in EIGENE]
    _laufend.update({k: None for k in NACH_DATEI.values()})
    atexit.register(_alle_stoppen)

    def starten(klasse):
        server = _laufend[klasse] = klasse()  # gleich eingetragen: Auch nach Strg+C stoppt ihn _alle_stoppen
        try:
            return klasse, server.starten()
        except StartFehler as fehler:
            return klasse, fehler
        except Exception as fehler:  # jeder andere Grund: eine Meldung für die Programme dieses Servers
            return klasse, StartFehler(f"{klasse.name} startete nicht: {type(fehler).__name__}: {fehler}")

    with ThreadPoolExecutor(len(klassen) or 1) as pool:
        for klasse, ergebnis in pool.map(starten, klassen):
            _laufend[klasse] = ergebnis


def _alle_stoppen() -> None:
    # Erst den Start abwarten: Ein Server, der nach dem Stoppen noch startete, bliebe übrig.
    with _start:
        _alle_stoppen_jetzt()


def _alle_stoppen_jetzt() -> None:
    for server in _laufend.values():
        if isinstance(server, Server):
            server.stoppen()


def pytest_runtest_setup(item):
    klasse = _braucht_server(item)
    if klasse is None:
        return
    if not klasse.installiert():
        werkzeuge.fehlt(klasse.name.lower(), f"{klasse.name} fehlt für {item.path.name}")
    _alle_starten()
    if not isinstance(_laufend[klasse], Server):
        pytest.fail(str(_laufend[klasse] or f"{klasse.name} ist nicht gestartet"), pytrace=False)
    # Erst hier, nicht beim Start im Hintergrund: Die übrigen Tests sehen die Adressen nicht.
    os.environ[klasse.variable] = _laufend[klasse].adresse()


def pytest_sessionfinish(session):
    _alle_stoppen()
