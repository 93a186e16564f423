"""tests/labor/server.py: Ein Server startet auf einem freien Port in einem eigenen Ordner,
meldet einen gescheiterten Start mit Server, Port und den letzten Zeilen seines Logs und
hinterlässt nach dem Stopp weder Prozess noch Ordner. Geprüft an Redis, das am schnellsten startet."""

import socket

import pytest
import werkzeuge
from labor.server import Redis, StartFehler


@pytest.fixture(autouse=True)
def redis_da():
    if not Redis.installiert():
        werkzeuge.fehlt("redis", "Redis fehlt für die Tests der Starthilfe des Labors")


def test_start_auf_freiem_port_und_nach_dem_stopp_nichts_uebrig():
    server = Redis().starten()
    pid, ordner = server.prozess.pid, server.ordner
    assert server.bereit() and ordner.is_dir()
    server.stoppen()
    assert server.prozess.poll() is not None and not ordner.exists()
    with pytest.raises(ProcessLookupError):
        import os

        os.kill(pid, 0)


def test_belegter_port_nennt_server_port_und_log():
    with socket.socket() as besetzt:
        besetzt.bind(("127.0.0.1", 0))
        besetzt.listen()
        port = besetzt.getsockname()[1]
        anderer = Redis()
        anderer.stoppen()  # räumt den Ordner weg, den er beim Anlegen bekam
        assert anderer.port != port, "Ein belegter Port wird gar nicht erst genommen"
        server = Redis(port=port)
        try:
            with pytest.raises(StartFehler) as fehler:
                server.starten()
        finally:
            server.stoppen()  # falls er doch startete: kein Server bleibt übrig
    meldung = str(fehler.value)
    assert meldung.startswith(f"Redis auf Port {port} endete mit Status") and "Address already in use" in meldung
    assert not server.ordner.exists()
