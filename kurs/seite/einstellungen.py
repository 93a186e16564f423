"""Die Einstellungen des Plugins in mkdocs.yml (`kurs:`), und ob sich sein Code seit dem Start geändert hat."""

import logging
from pathlib import Path

from mkdocs.config import config_options
from mkdocs.config.base import Config

log = logging.getLogger("mkdocs.plugins.kurs")

# Der Code des Kurses, wie er geladen wurde: `mkdocs serve` baut nach einer Änderung an kurs/ neu,
# aber mit dem alten Code im Speicher (on_config sagt es dann).
KURS_CODE = Path(__file__).resolve().parent.parent


def _code_stand() -> dict[str, float]:
    return {str(p): p.stat().st_mtime for p in KURS_CODE.rglob("*.py")}


GELADEN = _code_stand()


def neuer_code_warnen() -> None:
    if _code_stand() != GELADEN:
        log.warning("Der Code des Kurses (kurs/) hat sich geändert, seit dieser Prozess läuft: Die Seite zeigt "
                    "noch, was der alte Code baut. Starte `uv run mkdocs serve` neu.")


class Schalter(config_options.BaseConfigOption[bool]):
    """An oder aus, wie man es in eine Umgebungsvariable schreibt: true/false, 1/0, ja/nein, on/off."""

    WERTE = {"true": True, "1": True, "ja": True, "yes": True, "on": True,
             "false": False, "0": False, "nein": False, "no": False, "off": False}

    def __init__(self, default: bool):
        super().__init__()
        self.default = default

    def run_validation(self, value):
        if str(value).strip().lower() not in self.WERTE:
            raise config_options.ValidationError(
                f"{value!r} ist weder an noch aus; erlaubt sind true/false, 1/0, ja/nein, on/off (KURS_CACHE).")
        return self.WERTE[str(value).strip().lower()]


class KursConfig(Config):
    # Der Cache der Notebooks (notebookcache.py): an oder aus, und sein Ordner, relativ zu mkdocs.yml.
    cache = Schalter(default=True)
    cache_dir = config_options.Type(str, default=".cache/plugin/kurs")
