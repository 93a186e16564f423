"""Eine JSON-Datei als Cache, je Benutzer im Temp-Ordner (wie Jinjas Bytecode-Cache).

Nur in einem Ordner, der allein diesem Benutzer gehört: Was darin liegt, landet ungeprüft in
der Seite oder wird zu Tests. Geschrieben wird in einem Zug (os.replace): Builds und Tests
laufen nebeneinander.
"""

import json
import os
import tempfile
from pathlib import Path

ORDNER = Path(tempfile.gettempdir()) / f"kurs-cache-{getattr(os, 'getuid', lambda: 0)()}"


class Cachedatei:
    def __init__(self, name: str, ordner: Path = ORDNER):
        self.datei = ordner / name

    def _eigener_ordner(self) -> bool:
        try:
            self.datei.parent.mkdir(mode=0o700, exist_ok=True)
            stat = self.datei.parent.stat()
        except OSError:
            return False
        return not hasattr(os, "getuid") or (stat.st_uid == os.getuid() and not stat.st_mode & 0o077)

    def lesen(self) -> dict:
        """Die Einträge; keine oder eine kaputte Datei ergibt {} (dann rechnet man neu)."""
        if not self._eigener_ordner():
            return {}
        try:
            eintraege = json.loads(self.datei.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return eintraege if isinstance(eintraege, dict) else {}

    def schreiben(self, eintraege: dict) -> None:
        if not self._eigener_ordner():
            return
        neu = self.datei.with_name(f"{self.datei.name}.{os.getpid()}")
        neu.write_text(json.dumps(eintraege), encoding="utf-8")
        os.replace(neu, self.datei)
