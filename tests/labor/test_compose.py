"""compose.yaml startet die Server in genau den Versionen, mit denen die Seite des Labors ihre
Ausgaben aufgenommen hat, und RabbitMQ so wie der Server der Tests (tests/labor/server.py)."""

import re
from pathlib import Path

import yaml
from labor.server import DLX_WIEDERHOLUNG

WURZEL = Path(__file__).resolve().parents[2]
NAMEN = {"postgres": "PostgreSQL", "rabbitmq": "RabbitMQ", "redis": "Redis", "nats": "NATS"}


def dienste() -> dict:
    return yaml.safe_load((WURZEL / "compose.yaml").read_text(encoding="utf-8"))["services"]


def test_jeder_tag_ist_die_version_von_der_seite():
    seite = (WURZEL / "docs/labor.md").read_text(encoding="utf-8")
    satz = seite.replace("\n", " ").split("Aufgenommen mit", 1)[1].split(". ", 1)[0]
    versionen = dict(re.findall(r"(PostgreSQL|RabbitMQ|Redis|NATS) (\d+(?:\.\d+)+)", satz))
    for dienst, name in NAMEN.items():
        tag = dienste()[dienst]["image"].partition(":")[2]
        assert tag == versionen[name], f"compose.yaml: {dienst} hat {tag!r}, die Seite nennt {name} {versionen[name]}"


def test_rabbitmq_wiederholt_dead_letters_wie_der_server_der_tests():
    umgebung = dienste()["rabbitmq"]["environment"]
    assert umgebung["RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS"] == DLX_WIEDERHOLUNG
