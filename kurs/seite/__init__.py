"""Die Seite des Kurses: das MkDocs-Plugin `kurs` (kurs/seite/plugin.py) und seine Teile."""
