"""Pygments-Hervorhebung mit Cache auf der Platte, für jeden Build.

Pygments brauchte für die Codeblöcke des Kurses ein Fünftel jedes Builds (gemessen: 0,35 von
1,7 s), obwohl sich zwischen zwei Builds kaum ein Block ändert; und die Tests bauen die Seite
mehrmals. pymdownx.highlight hat keinen Cache. Darum merkt sich eine `Hervorhebung` je Build
das HTML je Block, unter einem Schlüssel aus Quelltext, allen Einstellungen des Highlighters
und den Versionen von Pygments und pymdown-extensions: Gleiche Eingabe, gleiche Ausgabe.

Dafür ersetzt sie während des Builds `Highlight.highlight` von pymdownx (kurs/fremdcode.py
führt diesen Eingriff auf und prüft ihn), danach steht wieder das Original dort.
"""

import hashlib

import pygments
import pymdownx
from pymdownx import highlight

from kurs.cachedatei import Cachedatei

HOECHSTENS = 2000  # Einträge; darüber behält die Datei nur, was der letzte Build brauchte
ORIGINAL = highlight.Highlight.highlight


class Hervorhebung:
    """Der Cache eines Builds: `einschalten()` in on_config, `ausschalten()` in on_post_build."""

    def __init__(self, datei: Cachedatei | None = None):
        self.datei = datei or Cachedatei("hervorhebung.json")
        self.versionen = (pygments.__version__, pymdownx.__version__)
        self.cache: dict[str, str] = {}
        self.benutzt: set[str] = set()
        self.geladen: set[str] = set()

    def _schluessel(self, highlighter, args: tuple, kwargs: dict) -> str:
        # `md` ist das Markdown-Objekt: Seine Darstellung nennt eine Adresse, und Pygments liest es nicht.
        einstellungen = sorted((k, v) for k, v in vars(highlighter).items() if k != "md")
        roh = repr((self.versionen, einstellungen, args, sorted(kwargs.items())))
        return hashlib.sha256(roh.encode("utf-8")).hexdigest()

    def einschalten(self) -> None:
        self.cache = self.datei.lesen()
        self.geladen = set(self.cache)
        cache = self

        def hervorheben(highlighter, *args, **kwargs) -> str:
            schluessel = cache._schluessel(highlighter, args, kwargs)
            cache.benutzt.add(schluessel)
            if schluessel not in cache.cache:
                cache.cache[schluessel] = ORIGINAL(highlighter, *args, **kwargs)
            return cache.cache[schluessel]

        highlight.Highlight.highlight = hervorheben

    def ausschalten(self) -> None:
        """Stellt pymdownx wieder her und schreibt neue Einträge."""
        highlight.Highlight.highlight = ORIGINAL
        if self.benutzt <= self.geladen:
            return
        behalten = self.cache if len(self.cache) <= HOECHSTENS else {k: self.cache[k] for k in self.benutzt}
        self.datei.schreiben(behalten)
