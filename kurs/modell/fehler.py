"""Ein Fehler in den Quellen des Kurses: Die Meldung beginnt mit Datei und Zeile."""

from pathlib import Path


class QuellenFehler(Exception):
    """Ein Fehler in den Quellen des Kurses; die Meldung beginnt mit Datei und Zeile."""

    def __init__(self, wo: str, text: str):
        super().__init__(f"{wo}: {text}")

    @classmethod
    def in_datei(cls, datei: Path, zeile: int | None, text: str, wurzel: Path) -> "QuellenFehler":
        try:
            name = datei.relative_to(wurzel).as_posix()
        except ValueError:
            name = str(datei)
        return cls(f"{name}:{zeile}" if zeile else name, text)
