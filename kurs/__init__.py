"""Werkzeuge des Kurses: das Kursmodell (kurs/modell/) und was darauf baut."""
