"""Werkzeuge des Kurses: das Kursmodell (kurs/modell.py) und was darauf baut."""
