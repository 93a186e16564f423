"""MkDocs-Hooks des Kurses."""
