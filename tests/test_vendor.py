"""Selbst gehosteter Fremdcode (kurs/vendor.py): gepinnt, unverändert, ohne Registry-Adresse.

Was der Befehl zum Neuholen festlegt und ableitet, prüft tests/pflege/test_vendor_holen.py."""

import json
import re

from kurs import vendor
from kurs.modell import WURZEL


def test_jede_datei_hat_die_pruefsumme_aus_dem_manifest():
    assert not vendor.abweichungen(), (
        "Fremdcode weicht vom Manifest ab; neu holen mit `uv run python -m pflege.vendor_holen`:\n"
        + "\n".join(vendor.abweichungen()))


def test_pruefsummen_pruefung_bemerkt_eine_veraenderte_datei(tmp_path, monkeypatch):
    (tmp_path / "a.js").write_text("echt", encoding="utf-8")
    manifest = tmp_path / "vendor.json"
    eintrag = {"name": "x", "version": "1.0.0", "datei": "a.js", "sha256": vendor.sha256(tmp_path / "a.js")}
    manifest.write_text(json.dumps({"dateien": [eintrag, {**eintrag, "datei": "fehlt.js"}]}), encoding="utf-8")
    monkeypatch.setattr(vendor, "MANIFEST", manifest)
    monkeypatch.setattr(vendor, "WURZEL", tmp_path)
    assert vendor.abweichungen() == ["fehlt.js fehlt"]
    (tmp_path / "a.js").write_text("verändert", encoding="utf-8")
    assert vendor.abweichungen() == ["a.js: sha256 weicht vom Manifest ab", "fehlt.js fehlt"]


def test_manifest_nennt_keine_adresse():
    # Herkunft sind Paketname, Version und Prüfsummen; eine Registry-Adresse gehört nicht ins Repo.
    text = vendor.MANIFEST.read_text(encoding="utf-8")
    assert "://" not in text and "resolved" not in text


def test_mermaid_laedt_die_gepinnte_version():
    # Das Bundle trägt seine Version; so fällt eine von Hand ersetzte Datei auch ohne Manifest auf.
    (version,) = {e["version"] for e in vendor.lies_manifest() if e["name"] == "@mermaid-js/tiny"}
    js = (WURZEL / "docs/assets/vendor/mermaid/mermaid.tiny.js").read_text(encoding="utf-8")
    assert f'"{version}"' in js


def test_gzip_groesse_im_manifest_stimmt():
    # Die sha256 pinnt die Bytes, also auch ihre komprimierte Größe; nachgerechnet wird an der
    # kleinsten Datei jedes Pakets (die großen zu komprimieren kostete jeden Lauf eine Sekunde).
    kleinste = {}
    for e in vendor.lies_manifest():
        groesse = (WURZEL / e["datei"]).stat().st_size
        if e["name"] not in kleinste or groesse < kleinste[e["name"]][0]:
            kleinste[e["name"]] = (groesse, e)
    for _, e in kleinste.values():
        assert e["gzip_bytes"] == vendor.gzip_groesse((WURZEL / e["datei"]).read_bytes()), e["datei"]


def test_startseite_nennt_die_groesse_von_python_im_browser():
    """„… lädt die Seite es einmalig (rund X MB, übers Netz etwa Y MB)“: Nach einem Update von
    Pyodide muss die Zahl noch stimmen (auf 10 % genau). Gezählt wird, was der Worker holt
    (kurs/vendor.py, python_im_browser), übers Netz so komprimiert wie von GitHub Pages."""
    text = (WURZEL / "docs" / "index.md").read_text(encoding="utf-8")
    m = re.search(r"\(rund (\d+) MB, übers Netz etwa (\d+) MB\)", text)
    assert m, "docs/index.md nennt die Größe von Python im Browser nicht mehr in der bekannten Form"
    dateien = vendor.python_im_browser()["dateien"]
    roh = sum(d["roh"] for d in dateien) / 1e6
    netz = sum(d["netz"] for d in dateien) / 1e6
    for genannt, gemessen in [(int(m[1]), roh), (int(m[2]), netz)]:
        assert abs(genannt - gemessen) <= 0.1 * gemessen, (
            f"docs/index.md nennt {genannt} MB, gemessen {gemessen:.1f} MB (roh {roh:.1f}, übers Netz {netz:.1f})")


def test_worker_laedt_das_paket_kurs_wie_die_seite_es_hinlegt():
    """kurs-worker.js schreibt dieselben Dateien nach Pyodide, die das Plugin unter assets/kurs/ legt."""
    worker = (WURZEL / "docs" / "assets" / "kurs-worker.js").read_text(encoding="utf-8")
    liste = re.search(r"const kursDateien = \[(.*?)\];", worker, re.S)[1]
    assert tuple(re.findall(r'"kurs/([\w.]+)"', liste)) == vendor.KURS_IM_BROWSER
    # Jede Datei, die kurs/lauf.py im Browser importiert, ist dabei.
    for datei in vendor.KURS_IM_BROWSER:
        for modul in re.findall(r"^from kurs\.(\w+) import", (WURZEL / "kurs" / datei).read_text(encoding="utf-8"), re.M):
            assert f"{modul}.py" in vendor.KURS_IM_BROWSER, (datei, modul)
