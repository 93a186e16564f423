"""Im Browser: die ganze Standardbibliothek, erst wenn ein Programm sie braucht.

Der Web Worker (docs/assets/kurs-worker.js; die Seite lädt diese Datei als assets/kurs/nachladen.py)
startet Python mit einem kleinen Zip: nur, was der Start und die Programme des Kurses laden, und
ein paar oft gebrauchte Module (kurs/vendor.py, kleine_stdlib). Importiert ein Programm ein anderes
Modul der Standardbibliothek, holt dieser Finder einmal die ganze (`holen` gibt ihren Pfad im
Dateisystem des Workers zurück) und sucht dort. Nur Standardbibliothek; in CPython nie geladen.
"""

import importlib
import importlib.abc
import importlib.machinery
import os
import sys
import zipimport

# Die Liste steht im kleinen Zip (kurs/vendor.py, MODULE_DER_GANZEN).
MODULE_DER_GANZEN = "kurs_ganze_stdlib.txt"


class GanzeStandardbibliothek(importlib.abc.MetaPathFinder):
    """Steht am Ende von sys.meta_path: kommt also nur zum Zug, wenn sonst niemand ein Modul fand."""

    def __init__(self, holen):
        self.holen = holen
        self.zip = None
        # zipimport liest wie beim Import, ohne zipfile (das bräuchte die Kodierung cp437, die fehlt).
        klein = next(p for p in sys.path if p.endswith(".zip"))
        self.namen = set(zipimport.zipimporter(klein).get_data(MODULE_DER_GANZEN).decode("utf-8").split())

    def find_spec(self, name, pfad=None, ziel=None):
        if name.partition(".")[0] not in self.namen:
            return None
        if self.zip is None:
            self.zip = self.holen()
            sys.path.append(self.zip)
            importlib.invalidate_caches()
        # Ein Untermodul eines Pakets aus dem kleinen Zip (etwa json.tool) liegt im selben Ordner
        # des ganzen Zips.
        orte = [os.path.join(self.zip, *name.split(".")[:-1])] if "." in name else None
        return importlib.machinery.PathFinder.find_spec(name, orte)


def einrichten(holen) -> None:
    sys.meta_path.append(GanzeStandardbibliothek(holen))
