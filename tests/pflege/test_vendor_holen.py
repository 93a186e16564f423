"""Fremdcode neu holen (pflege/vendor_holen.py): was es holt, wie es ableitet und bündelt.

Geprüft an dem, was im Repository liegt; npm und Node braucht hier kein Test."""

import _imp
import io
import re
import zipfile

import pytest

from kurs import vendor
from kurs.modell import WURZEL
from pflege import vendor_holen


def test_ohne_node_eine_deutsche_meldung_statt_eines_tracebacks(monkeypatch):
    monkeypatch.setattr(vendor_holen.shutil, "which", lambda name: None if name == "node" else f"/usr/bin/{name}")
    monkeypatch.setattr(vendor_holen, "hole", lambda *a: pytest.fail("ohne Node darf nichts geholt werden"))
    with pytest.raises(SystemExit) as ende:
        vendor_holen.main([])
    assert str(ende.value) == ("pflege.vendor_holen braucht npm und Node; es fehlt node. "
                               "Installieren: sudo apt-get install nodejs npm")


def test_manifest_nennt_jede_datei_mit_exakter_version():
    eintraege = vendor.lies_manifest()
    assert {e["datei"] for e in eintraege} == {d for dateien in vendor_holen.DATEIEN.values() for d in dateien.values()} | {
        vendor.CODEMIRROR_JS, vendor.CODEMIRROR_LIZENZ} | set(vendor_holen.AUS_ABGELEITETEN)
    for e in eintraege:
        assert e["version"].count(".") == 2 and e["paket"] == f"{e['name']}@{e['version']}", e
    mermaid = {e["version"] for e in eintraege if e["name"] == "@mermaid-js/tiny"}
    assert len(mermaid) == 1 and mermaid.pop().startswith("11."), "Material 9.x erwartet Mermaid 11"


def test_vorkompilierte_standardbibliothek_fuegt_nur_passende_pyc_hinzu():
    """python_stdlib.zip ist abgeleitet (vorkompilieren): Die Quellen sind die des Pakets,
    und jede .pyc gehört zu genau der .py neben ihr."""
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


def test_kleine_standardbibliothek_ist_aus_der_ganzen_abgeleitet():
    """python_stdlib_kurs.zip (was der Browser lädt) enthält genau, was kleine_stdlib aus dem
    vorkompilierten Zip macht: verglichen nach Namen und Inhalt, nicht nach Bytes (die hängen an
    der zlib-Version)."""
    def inhalt(daten: bytes) -> dict[str, bytes]:
        with zipfile.ZipFile(io.BytesIO(daten)) as archiv:
            return {n: archiv.read(n) for n in archiv.namelist()}

    klein = inhalt((WURZEL / vendor.KLEINE_STDLIB).read_bytes())
    assert klein == inhalt(vendor.kleine_stdlib((WURZEL / vendor.STDLIB).read_bytes())), (
        f"{vendor.KLEINE_STDLIB} ist nicht aus {vendor.STDLIB} abgeleitet: uv run python -m pflege.vendor_holen")
    assert "json/decoder.pyc" in klein and "json/decoder.py" not in klein and "uuid.py" in klein
    assert len((WURZEL / vendor.KLEINE_STDLIB).read_bytes()) < 0.4 * len((WURZEL / vendor.STDLIB).read_bytes())


def test_codemirror_buendel_nennt_jedes_paket_mit_exakter_version_und_lizenz():
    """Das Bündel (baue_codemirror) pinnt jedes Paket darin, auch die indirekten: Sonst
    wählte npm beim nächsten Bauen still neuere."""
    pins = vendor.codemirror_pins()
    assert set(vendor_holen.CODEMIRROR_PAKETE) <= set(pins)
    for name, version in pins.items():
        assert re.fullmatch(r"\d+\.\d+\.\d+", version), f"{name}@{version} ist keine exakte Version"
    lizenz = (WURZEL / vendor.CODEMIRROR_LIZENZ).read_text(encoding="utf-8")
    for name, version in pins.items():
        if name != "esbuild":  # baut nur, steckt nicht im Bündel
            assert f"{name}@{version} (MIT)" in lizenz, f"{vendor.CODEMIRROR_LIZENZ}: {name} fehlt"
    buendel = (WURZEL / vendor.CODEMIRROR_JS).read_text(encoding="utf-8")
    assert "://" not in buendel.replace("http://www.w3.org", ""), "Das Bündel nennt eine Adresse"
