"""docs/praxis.md: Jede Produktzeile ist vollständig und nennt ihre Quelle."""

import re

from kurs.modell import WURZEL

PRAXIS = WURZEL / "docs" / "praxis.md"
LINK = re.compile(r"\[[^\]]+\]\(https://[^)\s]+\)")


def ueberblick() -> tuple[list[str], list[list[str]]]:
    text = PRAXIS.read_text(encoding="utf-8")
    abschnitt = text.split("## Überblick", 1)[1].split("\n## ", 1)[0]
    zeilen = [z for z in abschnitt.splitlines() if z.startswith("|")]
    zellen = [[z.strip() for z in zeile.strip("|").split("|")] for zeile in zeilen]
    return zellen[0], zellen[2:]


def test_ueberblick_hat_die_erwarteten_systeme():
    _, zeilen = ueberblick()
    systeme = [zeile[0] for zeile in zeilen]
    for name in ("Apache Kafka", "RabbitMQ (Queues)", "RabbitMQ Streams", "AWS SQS", "AWS SNS",
                 "Google Cloud Pub/Sub", "Azure Service Bus", "NATS (Core und JetStream)",
                 "Redis (Pub/Sub und Streams)"):
        assert name in systeme, f"{name} fehlt im Überblick"


def test_jede_zeile_hat_jede_spalte_und_eine_quelle():
    kopf, zeilen = ueberblick()
    for zeile in zeilen:
        assert len(zeile) == len(kopf), f"{zeile[0]}: {len(zeile)} statt {len(kopf)} Spalten"
        leer = [k for k, z in zip(kopf, zeile) if not z]
        assert not leer, f"{zeile[0]}: leere Spalte(n) {leer}; schreibe „nicht geprüft“, wenn die Quelle fehlt"
        assert LINK.search(zeile[-1]), f"{zeile[0]}: In der Spalte Quellen fehlt ein Link"
