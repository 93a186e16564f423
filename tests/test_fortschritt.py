"""Dein Fortschritt: Die Übungsliste, die der Hook in jede Seite schreibt, stimmt mit den
Übungen überein, und jeder Link darin führt zur Überschrift ihrer Übung."""

import html
import json
import re

import pytest

from kurs.fortschritt import uebungen_je_teil
from kurs.modell import Kurs

KURS = Kurs()

DATEN = re.compile(r'<script type="application/json" id="kurs-uebungen">(.*?)</script>', re.S)


def gesendet(site, seite: str = "") -> list[dict]:
    """Die Übungsliste, wie sie in der gebauten Seite steht."""
    return json.loads(DATEN.search((site / seite / "index.html").read_text(encoding="utf-8"))[1])


def test_die_seite_nennt_genau_die_uebungen_des_kurses(site):
    teile = gesendet(site)
    assert [u["name"] for teil in teile for u in teil["uebungen"]] == list(KURS.uebungen)
    assert teile == uebungen_je_teil(KURS)
    # Jeder Teil für sich: „Teil 1“ hat genau die Übungen teil-1/…
    for teil in teile:
        praefix = teil["teil"].lower().replace(" ", "-") + "/"
        assert all(u["name"].startswith(praefix) for u in teil["uebungen"]), teil


@pytest.mark.parametrize("seite", ["teil-1", "notebooks/uebungen-teil-2"])
def test_jede_seite_hat_dieselbe_liste(site, seite):
    assert gesendet(site, seite) == gesendet(site)


def test_jeder_anker_fuehrt_zur_ueberschrift_der_uebung(site):
    for teil in gesendet(site):
        for u in teil["uebungen"]:
            seite = (site / u["seite"] / "index.html").read_text(encoding="utf-8")
            ueberschrift = re.search(rf'<h3 id="{re.escape(u["anker"])}">(.*?)<', seite)
            assert ueberschrift, f"{u['name']}: kein <h3 id={u['anker']!r}> in {u['seite']}"
            assert html.unescape(ueberschrift[1]).startswith(u["titel"]), (ueberschrift[1], u["titel"])
