"""Werkzeuge des Systems, die manche Tests brauchen: hunspell, Chromium und die Server des Labors.

Fehlt eines, wird der Test übersprungen, und am Ende des Laufs steht eine Zeile, was
fehlt und wie man es installiert (tests/conftest.py). Ist CI gesetzt, ist ein fehlendes
Werkzeug ein Fehler: .ci/run installiert beide.
"""

import atexit
import os
import shutil
import tempfile
from pathlib import Path

import pytest

# Name: (Pakete für apt-get install, wofür)
WERKZEUGE = {
    "hunspell": ("hunspell hunspell-de-de", "Rechtschreibprüfung"),
    "chromium": ("chromium", "Browsertests"),
    # Das Labor (snippets/labor/conftest.py): echte Server aus Debians Paketen.
    "postgresql": ("postgresql", "Labor PostgreSQL"),
    "rabbitmq": ("rabbitmq-server", "Labor RabbitMQ"),
    "redis": ("redis-server", "Labor Redis"),
    "nats": ("nats-server", "Labor NATS"),
    "git": ("git", "Änderungen seit dem letzten Commit"),
}


def fehlt(name: str, grund: str) -> None:
    """Überspringt den Test, weil `name` fehlt; in CI lässt es ihn scheitern."""
    pakete, _ = WERKZEUGE[name]
    if os.environ.get("CI"):
        pytest.fail(f"{grund}. In CI ist das ein Fehler; .ci/run installiert es: apt-get install {pakete}",
                    pytrace=False)
    pytest.skip(f"{grund} (apt-get install {pakete})")


def zusammenfassung(gruende: list[str]) -> str | None:
    """Eine Zeile zu allen Tests, die `fehlt` übersprungen hat; `gruende` sind die Skip-Gründe."""
    anzahl = {n: sum(f"apt-get install {p})" in g for g in gruende) for n, (p, _) in WERKZEUGE.items()}
    fehlend = [n for n, z in anzahl.items() if z]
    if not fehlend:
        return None
    was = ", ".join(f"{WERKZEUGE[n][1]} ({anzahl[n]} Tests, braucht {n})" for n in fehlend)
    pakete = " ".join(WERKZEUGE[n][0] for n in fehlend)
    return f"Übersprungen, weil nicht installiert: {was}. Installieren: sudo apt-get install {pakete}"


def temp_ordner(prefix: str) -> Path:
    """Ein Ordner im Temp-Ordner, der spätestens mit dem Ende des Prozesses verschwindet: auch wenn
    `-x` den Lauf abbricht, bevor die Fixture, die aufräumt, je lief (Issue 41: nichts bleibt liegen)."""
    ordner = Path(tempfile.mkdtemp(prefix=prefix))
    atexit.register(shutil.rmtree, ordner, True)
    return ordner
