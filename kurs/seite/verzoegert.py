"""Module, die erst beim ersten Gebrauch laden: mkdocs-jupyter ohne seine Maschinerie.

mkdocs-jupyter importiert beim Laden seines Plugins jupytext und nbconvert (über
`mkdocs_jupyter.convert`): gemessen 3 s, mehr als ein ganzer Build einer nackten
Material-Seite. Gebraucht werden sie nur, wenn ein Notebook neu zu rendern ist; ist sein
Ergebnis im Cache von mkdocs-jupyter (`cache: true`), nie. Darum stehen beide in
sys.modules als Platzhalter, bis jemand ein Attribut liest; dann lädt das echte Modul.
`importlib.util.LazyLoader` geht hier nicht: Das Importsystem liest dabei `__spec__`.

Das Kurs-Plugin steht in mkdocs.yml vor mkdocs-jupyter und ruft `einrichten()`, bevor
MkDocs dessen Plugin-Modul lädt (Plugins laden in der Reihenfolge von mkdocs.yml).
"""

import importlib
import sys
import types

SPAETER = ("jupytext", "mkdocs_jupyter.convert")


class Platzhalter(types.ModuleType):
    """Steht für ein Modul in sys.modules; das erste gelesene Attribut lädt das echte."""

    def __getattr__(self, name):
        echt = self.__dict__.get("_echt")
        if echt is None:
            if sys.modules.get(self.__name__) is self:
                del sys.modules[self.__name__]
            echt = self.__dict__["_echt"] = importlib.import_module(self.__name__)
        return getattr(echt, name)


def einrichten() -> None:
    for name in SPAETER:
        if name not in sys.modules:
            sys.modules[name] = Platzhalter(name)


def geladen(name: str) -> bool:
    """Ist das echte Modul geladen (nicht nur sein Platzhalter)?"""
    modul = sys.modules.get(name)
    return modul is not None and (not isinstance(modul, Platzhalter) or "_echt" in modul.__dict__)
