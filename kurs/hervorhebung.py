"""Pygments-Hervorhebung mit Cache auf der Platte, für jeden Build.

Pygments brauchte für die Codeblöcke des Kurses ein Fünftel jedes Builds (gemessen: 0,35 von
1,7 s), obwohl sich zwischen zwei Builds kaum ein Block ändert; und die Tests bauen die Seite
dreimal (die Seite, Teil 3, ohne SVG). pymdownx.highlight hat keinen Cache. Darum merkt sich
`einschalten()` das HTML je Block, unter einem Schlüssel aus Quelltext, allen Einstellungen
des Highlighters und den Versionen von Pygments und pymdown-extensions: Gleiche Eingabe,
gleiche Ausgabe. Die Datei liegt je Benutzer im Temp-Verzeichnis, wie Jinjas Bytecode-Cache.
"""

import hashlib
import json
import os
import tempfile
from importlib.metadata import version
from pathlib import Path

from pymdownx import highlight

DATEI = Path(tempfile.gettempdir()) / f"kurs-cache-{getattr(os, 'getuid', lambda: 0)()}" / "hervorhebung.json"
HOECHSTENS = 2000  # Einträge; darüber behält die Datei nur, was der letzte Build brauchte

_VERSIONEN = (version("pygments"), version("pymdown-extensions"))
_ohne_cache = highlight.Highlight.highlight
_cache: dict[str, str] = {}
_benutzt: set[str] = set()
_geladen: set[str] = set()


def _schluessel(highlighter, args: tuple, kwargs: dict) -> str:
    # `md` ist das Markdown-Objekt: Seine Darstellung nennt eine Adresse, und Pygments liest es nicht.
    einstellungen = sorted((k, v) for k, v in vars(highlighter).items() if k != "md")
    roh = repr((_VERSIONEN, einstellungen, args, sorted(kwargs.items())))
    return hashlib.sha256(roh.encode("utf-8")).hexdigest()


def _hervorheben(self, *args, **kwargs) -> str:
    schluessel = _schluessel(self, args, kwargs)
    _benutzt.add(schluessel)
    if schluessel not in _cache:
        _cache[schluessel] = _ohne_cache(self, *args, **kwargs)
    return _cache[schluessel]


def _eigener_ordner() -> bool:
    """Nur ein Ordner, der allein uns gehört: Was darin liegt, landet ungeprüft in der Seite."""
    try:
        DATEI.parent.mkdir(mode=0o700, exist_ok=True)
        stat = DATEI.parent.stat()
    except OSError:
        return False
    return not hasattr(os, "getuid") or (stat.st_uid == os.getuid() and not stat.st_mode & 0o077)


def einschalten() -> None:
    """Vor dem Build (on_config): lädt den Cache und leitet pymdownx.highlight über ihn."""
    _cache.clear()
    _benutzt.clear()
    if _eigener_ordner():
        try:
            _cache.update(json.loads(DATEI.read_text(encoding="utf-8")))
        except (OSError, ValueError):
            pass  # kein oder ein kaputter Cache: Pygments rechnet alles neu
    _geladen.clear()
    _geladen.update(_cache)
    highlight.Highlight.highlight = _hervorheben


def speichern() -> None:
    """Nach dem Build (on_post_build): schreibt neue Einträge, in einem Zug (parallele Builds)."""
    if _benutzt <= _geladen or not _eigener_ordner():
        return
    behalten = _cache if len(_cache) <= HOECHSTENS else {k: _cache[k] for k in _benutzt}
    neu = DATEI.with_name(f"{DATEI.name}.{os.getpid()}")
    neu.write_text(json.dumps(behalten), encoding="utf-8")
    os.replace(neu, DATEI)
