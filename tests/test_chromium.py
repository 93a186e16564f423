"""kurs/chromium.py: welcher Chromium startet und womit. Geprüft ohne Browser: Playwright
wird nur vorgetäuscht, Chromium selbst starten die Browsertests (tests/browser/)."""

import os
import subprocess
import sys
from types import SimpleNamespace

import pytest

from kurs import chromium


def test_starte_browser_startet_debians_chromium_mit_den_argumenten():
    gestartet = []
    playwright = SimpleNamespace(chromium=SimpleNamespace(launch=lambda **kw: gestartet.append(kw) or "browser"))
    assert chromium.starte_browser(playwright) == "browser"
    assert gestartet == [{"executable_path": str(chromium.CHROMIUM), "args": chromium.CHROMIUM_ARGS}]


def test_chromium_laeuft_kopflos_ohne_sandbox_und_ohne_eigene_netzdienste():
    for argument in ("--headless", "--no-sandbox", "--disable-background-networking", "--disable-component-update"):
        assert argument in chromium.CHROMIUM_ARGS


@pytest.mark.parametrize("umgebung, pfad", [
    ({}, "/usr/bin/chromium"),
    ({"KURS_CHROMIUM": "/opt/chrome/chrome"}, "/opt/chrome/chrome"),
])
def test_kurs_chromium_nennt_einen_anderen_browser(umgebung, pfad):
    env = {k: v for k, v in os.environ.items() if k != "KURS_CHROMIUM"} | umgebung
    ausgabe = subprocess.run([sys.executable, "-c", "from kurs.chromium import CHROMIUM; print(CHROMIUM.as_posix())"],
                             env=env, capture_output=True, text=True, check=True).stdout
    assert ausgabe.strip() == pfad
