"""Debians Chromium, gestartet von Playwright: Der Build zeichnet damit die Diagramme
(kurs/diagramme.py), die Browsertests und Benchmarks besuchen damit die Seite
(tests/im_browser.py). Playwright lädt hier keinen eigenen Browser herunter."""

import os
from pathlib import Path

# Debians Paket `chromium`; KURS_CHROMIUM nennt einen anderen Chromium-Browser (etwa auf
# einem Rechner, der Chrome schon hat).
CHROMIUM = Path(os.environ.get("KURS_CHROMIUM", "/usr/bin/chromium"))
# Ohne Sandbox (CI läuft als root), ohne GPU, und ohne die Hintergrunddienste von
# Chromium, die sonst selbst ins Netz wollen (Updates, Sync, QUIC-Proben).
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def starte_browser(playwright):
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
