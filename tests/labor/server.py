"""Die echten Server des Labors, jeder in einem temporären Ordner auf einem freien Port.

Jeder Server ist ein gewöhnlicher Prozess aus Debians Paket, ohne root-Dienste und ohne
systemd. `Server.starten()` legt seinen Ordner an, startet ihn in einer eigenen
Prozessgruppe und wartet, bis er antwortet; `stoppen()` beendet die Gruppe und löscht den
Ordner. Schlägt der Start fehl, nennt die Meldung Server, Port und die letzten Zeilen seines
Logs. Ein belegter Port wird gar nicht erst genommen: Das Betriebssystem vergibt freie.

Läuft der Test als root (wie in CI), laufen PostgreSQL und RabbitMQ als ihr eigener Nutzer
aus dem Debian-Paket: initdb verweigert root, und RabbitMQ braucht seine Ordner im Besitz
des Nutzers, unter dem es läuft.
"""

import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

# Debians Pfade; andere nennen die Variablen (ein frischer Rechner ohne Server im Benchmark auch).
PG_BIN = Path(os.environ.get("KURS_PG_BIN", "/usr/lib/postgresql/15/bin"))
RABBITMQ_SERVER = os.environ.get("KURS_RABBITMQ_SERVER", "/usr/lib/rabbitmq/bin/rabbitmq-server")
# Ein Server, der unter seinem eigenen Nutzer läuft, sucht Programme nur hier: Der PATH des
# Tests kann Ordner nennen, die dieser Nutzer nicht lesen darf.
SYSTEM_PATH = "/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
# Dieselbe Zeile steht in compose.yaml; ein Test vergleicht beide.
DLX_WIEDERHOLUNG = "-rabbit dead_letter_worker_publisher_confirm_timeout 1000"


def freier_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def antwortet(port: int, senden: bytes = b"", erwartet: bytes = b"") -> bool:
    """Nimmt der Port Verbindungen an, und beginnt die Antwort auf `senden` mit `erwartet`? Nur
    ein offener Port reicht nicht: Er könnte einem anderen Programm gehören."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5) as verbindung:
            if senden:
                verbindung.sendall(senden)
            return verbindung.recv(len(erwartet)).startswith(erwartet) if erwartet else True
    except OSError:
        return False


class StartFehler(Exception):
    pass


@dataclass
class Server:
    """Ein Server des Labors. Unterklassen sagen, wie er startet und woran man sieht, dass er läuft."""

    name = ""
    pakete = ""  # das Debian-Paket
    programm = ""  # woran man sieht, dass es installiert ist
    variable = ""  # die Umgebungsvariable mit der Adresse für die Laborprogramme
    nutzer = None  # als root: unter diesem Nutzer laufen
    zeitlimit = 60.0

    ordner: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="kurs-labor-")))
    port: int = field(default_factory=freier_port)
    prozess: subprocess.Popen | None = None

    def __post_init__(self):
        pass

    @classmethod
    def installiert(cls) -> bool:
        return Path(cls.programm).is_file() or shutil.which(cls.programm) is not None

    @property
    def log(self) -> Path:
        return self.ordner / "server.log"

    def adresse(self) -> str:
        raise NotImplementedError

    def befehl(self) -> list[str]:
        raise NotImplementedError

    def vorbereiten(self) -> None:
        """Was vor dem Start im Ordner liegen muss."""

    def vor_dem_start(self) -> None:
        """Was vor dem Server selbst laufen muss."""

    def bereit(self) -> bool:
        return antwortet(self.port)

    def _als_nutzer(self) -> dict:
        if os.geteuid() != 0 or not self.nutzer:
            return {}
        eintrag = pwd.getpwnam(self.nutzer)
        for pfad in [self.ordner, *self.ordner.rglob("*")]:
            os.chown(pfad, eintrag.pw_uid, eintrag.pw_gid)
        return {"user": eintrag.pw_uid, "group": eintrag.pw_gid, "extra_groups": []}

    def umgebung(self) -> dict:
        umgebung = {**os.environ, "HOME": str(self.ordner), "LANG": "C.UTF-8"}
        if os.geteuid() == 0 and self.nutzer:
            umgebung["PATH"] = SYSTEM_PATH
        return umgebung

    def starten(self) -> "Server":
        self.vorbereiten()
        self.vor_dem_start()
        with self.log.open("wb") as log:
            self.prozess = subprocess.Popen(self.befehl(), cwd=self.ordner, stdout=log, stderr=subprocess.STDOUT,
                                            env=self.umgebung(), start_new_session=True, **self._als_nutzer())
        ende = time.monotonic() + self.zeitlimit
        while time.monotonic() < ende:
            if self.prozess.poll() is not None:
                raise StartFehler(self._meldung(f"endete mit Status {self.prozess.returncode}"))
            if self.bereit():
                return self
            time.sleep(0.1)
        raise StartFehler(self._meldung(f"antwortete nicht innerhalb von {self.zeitlimit:g} s"))

    def _meldung(self, was: str) -> str:
        try:
            zeilen = self.log.read_text(encoding="utf-8", errors="replace").strip().splitlines()[-8:]
        except OSError:
            zeilen = []
        self.stoppen()
        return f"{self.name} auf Port {self.port} {was}. Letzte Zeilen des Logs:\n" + "\n".join(zeilen)

    def stoppen(self) -> None:
        if self.prozess and self.prozess.poll() is None:
            try:
                os.killpg(self.prozess.pid, signal.SIGTERM)
                self.prozess.wait(timeout=10)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                try:
                    os.killpg(self.prozess.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                self.prozess.wait()
        shutil.rmtree(self.ordner, ignore_errors=True)


class Postgres(Server):
    name, pakete, programm, variable = "PostgreSQL", "postgresql", str(PG_BIN / "postgres"), "KURS_POSTGRES"
    nutzer = "postgres"

    def vorbereiten(self):
        (self.ordner / "daten").mkdir()
        initdb = [str(PG_BIN / "initdb"), "-D", str(self.ordner / "daten"), "-U", "postgres", "--auth=trust",
                  "-E", "UTF8", "--locale=C.UTF-8"]
        lauf = subprocess.run(initdb, capture_output=True, text=True, env=self.umgebung(), **self._als_nutzer())
        if lauf.returncode != 0:
            raise StartFehler(f"{self.name}: initdb scheiterte:\n{lauf.stdout[-2000:]}{lauf.stderr[-2000:]}")

    def befehl(self):
        return [self.programm, "-D", str(self.ordner / "daten"), "-p", str(self.port), "-k", str(self.ordner),
                "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off"]

    def bereit(self):
        lauf = subprocess.run([str(PG_BIN / "pg_isready"), "-h", "127.0.0.1", "-p", str(self.port)],
                              capture_output=True)
        return lauf.returncode == 0

    def adresse(self):
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"


class Redis(Server):
    name, pakete, programm, variable = "Redis", "redis-server", "redis-server", "KURS_REDIS"

    def befehl(self):
        return [shutil.which(self.programm), "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                "--appendonly", "no", "--dir", str(self.ordner)]

    def bereit(self):
        return antwortet(self.port, b"PING\r\n", b"+PONG")

    def adresse(self):
        return f"redis://127.0.0.1:{self.port}/0"


class Nats(Server):
    name, pakete, programm, variable = "NATS", "nats-server", "nats-server", "KURS_NATS"

    def befehl(self):
        return [shutil.which(self.programm), "-a", "127.0.0.1", "-p", str(self.port), "-js",
                "-sd", str(self.ordner / "jetstream")]

    def bereit(self):
        return antwortet(self.port, erwartet=b"INFO ")  # NATS grüßt jede Verbindung mit INFO

    def adresse(self):
        return f"nats://127.0.0.1:{self.port}"


class RabbitMQ(Server):
    name, pakete, programm, variable = "RabbitMQ", "rabbitmq-server", RABBITMQ_SERVER, "KURS_RABBITMQ"
    nutzer = "rabbitmq"
    zeitlimit = 90.0

    def __post_init__(self):
        self.verteilung, self.epmd = freier_port(), freier_port()

    def vorbereiten(self):
        (self.ordner / "enabled_plugins").write_text("[].\n", encoding="utf-8")
        for unterordner in ("mnesia", "log"):
            (self.ordner / unterordner).mkdir()

    def umgebung(self):
        return {**super().umgebung(),
                "RABBITMQ_NODENAME": f"kurs{self.port}@localhost", "RABBITMQ_NODE_IP_ADDRESS": "127.0.0.1",
                "RABBITMQ_NODE_PORT": str(self.port), "RABBITMQ_DIST_PORT": str(self.verteilung),
                "ERL_EPMD_PORT": str(self.epmd), "RABBITMQ_MNESIA_BASE": str(self.ordner / "mnesia"),
                "RABBITMQ_LOG_BASE": str(self.ordner / "log"), "RABBITMQ_LOGS": "-",
                "RABBITMQ_ENABLED_PLUGINS_FILE": str(self.ordner / "enabled_plugins"),
                "RABBITMQ_CONFIG_FILE": str(self.ordner / "rabbitmq"),
                "RABBITMQ_PID_FILE": str(self.ordner / "rabbitmq.pid"),
                # at-least-once Dead-Lettering versucht es nach 1 s erneut statt nach 180 s: Das
                # Labor wartet sonst drei Minuten (snippets/labor/rabbitmq_dlx_strategie.md).
                "RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS": DLX_WIEDERHOLUNG}

    def befehl(self):
        return [self.programm]

    def vor_dem_start(self):
        # epmd, den Namensdienst von Erlang, startet der Test selbst und im Vordergrund: Sonst
        # startet RabbitMQ ihn als Daemon, und er überlebte das Ende des Tests.
        self.epmd_prozess = subprocess.Popen(["epmd", "-port", str(self.epmd), "-address", "127.0.0.1"],
                                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                             env=self.umgebung(), start_new_session=True, **self._als_nutzer())

    def bereit(self):
        # Der Port ist offen, bevor der Knoten Verbindungen annimmt: eine echte AMQP-Verbindung.
        if not antwortet(self.port, b"AMQP\x00\x00\x09\x01", b"\x01"):  # der Anfang von connection.start
            return False
        import pika

        try:
            pika.BlockingConnection(pika.URLParameters(self.adresse() + "?connection_attempts=1&socket_timeout=1")).close()
        except pika.exceptions.AMQPError:
            return False
        return True

    def adresse(self):
        return f"amqp://guest:guest@127.0.0.1:{self.port}/%2F"

    def stoppen(self):
        super().stoppen()
        if getattr(self, "epmd_prozess", None) and self.epmd_prozess.poll() is None:
            self.epmd_prozess.kill()
            self.epmd_prozess.wait()


ALLE = {cls.name: cls for cls in (Postgres, RabbitMQ, Redis, Nats)}
