"""Werkzeuge des Kurses: Snippets zusammensetzen, Übungen prüfen."""
