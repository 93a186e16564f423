"""Befehle für Maintainer, nicht für die Seite: Fremdcode neu holen (vendor_holen)."""
