"""Selbst gehosteter Fremdcode (kurs/vendor.py): gepinnt, unverändert, ohne Registry-Adresse."""

import _imp
import io
import json
import re
import zipfile

import pytest

from kurs import vendor
from kurs.modell import WURZEL


def test_jede_datei_hat_die_pruefsumme_aus_dem_manifest():
    assert not vendor.abweichungen(), (
        "Fremdcode weicht vom Manifest ab; neu holen mit `uv run python -m kurs.vendor`:\n"
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


def test_ohne_node_eine_deutsche_meldung_statt_eines_tracebacks(monkeypatch):
    monkeypatch.setattr(vendor.shutil, "which", lambda name: None if name == "node" else f"/usr/bin/{name}")
    monkeypatch.setattr(vendor, "hole", lambda *a: pytest.fail("ohne Node darf nichts geholt werden"))
    with pytest.raises(SystemExit) as ende:
        vendor.main([])
    assert str(ende.value) == ("kurs.vendor braucht npm und Node; es fehlt node. "
                               "Installieren: sudo apt-get install nodejs npm")


def test_manifest_nennt_jede_datei_mit_exakter_version():
    eintraege = vendor.lies_manifest()
    assert {e["datei"] for e in eintraege} == {d for dateien in vendor.DATEIEN.values() for d in dateien.values()} | {
        vendor.CODEMIRROR_JS, vendor.CODEMIRROR_LIZENZ}
    for e in eintraege:
        assert e["version"].count(".") == 2 and e["paket"] == f"{e['name']}@{e['version']}", e
    mermaid = {e["version"] for e in eintraege if e["name"] == "@mermaid-js/tiny"}
    assert len(mermaid) == 1 and mermaid.pop().startswith("11."), "Material 9.x erwartet Mermaid 11"


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
    """„Beim ersten Klick lädt die Seite es einmalig (rund X MB, komprimiert etwa Y MB)“:
    Nach einem Update von Pyodide muss die Zahl noch stimmen (auf 10 % genau)."""
    text = (WURZEL / "docs" / "index.md").read_text(encoding="utf-8")
    m = re.search(r"\(rund (\d+) MB, komprimiert etwa (\d+) MB\)", text)
    assert m, "docs/index.md nennt die Größe von Python im Browser nicht mehr in der bekannten Form"
    # Was der Worker beim ersten Lauf holt; package.json liegt nur der Lizenz wegen bei.
    dateien = [e for e in vendor.lies_manifest() if e["name"] == "pyodide" and not e["datei"].endswith("package.json")]
    roh = sum((WURZEL / e["datei"]).stat().st_size for e in dateien) / 1e6
    komprimiert = sum(e["gzip_bytes"] for e in dateien) / 1e6
    for genannt, gemessen in [(int(m[1]), roh), (int(m[2]), komprimiert)]:
        assert abs(genannt - gemessen) <= 0.1 * gemessen, (
            f"docs/index.md nennt {genannt} MB, gemessen {gemessen:.1f} MB (roh {roh:.1f}, gzip {komprimiert:.1f})")


def test_vorkompilierte_standardbibliothek_fuegt_nur_passende_pyc_hinzu():
    """python_stdlib.zip ist abgeleitet (kurs/vendor.py, vorkompilieren): Die Quellen sind die
    des Pakets, und jede .pyc gehört zu genau der .py neben ihr."""
    (eintrag,) = [e for e in vendor.lies_manifest() if e.get("abgeleitet") == "vorkompilieren"]
    inhalt = (WURZEL / eintrag["datei"]).read_bytes()
    assert vendor.quellen_sha256(inhalt) == eintrag["quellen_sha256"], (
        f"{eintrag['datei']}: Außer den .pyc weicht etwas vom Paket ab")
    with zipfile.ZipFile(io.BytesIO(inhalt)) as archiv:
        pycs = {n: archiv.read(n) for n in archiv.namelist() if n.endswith(".pyc")}
        quellen = {n: archiv.read(n[:-1]) for n in pycs}
    # Was kurs/lauf.py braucht, lädt jeder Start: Das muss übersetzt dabei sein.
    assert {"contextlib.pyc", "traceback.pyc", "json/decoder.pyc", "sqlite3/__init__.pyc"} <= set(pycs)
    magie = {pyc[:4] for pyc in pycs.values()}
    assert len(magie) == 1, f"Zwei Python-Versionen in einem Zip: {magie}"
    for name, pyc in pycs.items():
        # Kopf einer .pyc (PEP 552): Magie, Flags (1 = Hash der Quelle, ungeprüft), Hash.
        assert int.from_bytes(pyc[4:8], "little") == 1, f"{name}: keine ungeprüfte Hash-pyc"
        assert pyc[8:16] == _imp.source_hash(int.from_bytes(pyc[:4], "little"), quellen[name]), (
            f"{name} passt nicht zu {name[:-1]}")


def test_codemirror_buendel_nennt_jedes_paket_mit_exakter_version_und_lizenz():
    """Das Bündel (kurs/vendor.py, baue_codemirror) pinnt jedes Paket darin, auch die indirekten:
    Sonst wählte npm beim nächsten Bauen still neuere."""
    pins = vendor.codemirror_pins()
    assert set(vendor.CODEMIRROR_PAKETE) <= set(pins)
    for name, version in pins.items():
        assert re.fullmatch(r"\d+\.\d+\.\d+", version), f"{name}@{version} ist keine exakte Version"
    lizenz = (WURZEL / vendor.CODEMIRROR_LIZENZ).read_text(encoding="utf-8")
    for name, version in pins.items():
        if name != "esbuild":  # baut nur, steckt nicht im Bündel
            assert f"{name}@{version} (MIT)" in lizenz, f"{vendor.CODEMIRROR_LIZENZ}: {name} fehlt"
    buendel = (WURZEL / vendor.CODEMIRROR_JS).read_text(encoding="utf-8")
    assert "://" not in buendel.replace("http://www.w3.org", ""), "Das Bündel nennt eine Adresse"
