"""Was CONTRIBUTING.md verspricht, stimmt: Pfade und Befehle gibt es, Diagramme haben
Text für Screenreader, und der GitHub-Workflow tut dasselbe wie `.ci/run` hier.

Die Workflows laufen nur auf GitHub; hier prüfen wir ihren Text.
"""

import os
import re
import shlex
import shutil
import subprocess
import sys

import pytest
import werkzeuge
import yaml
from kurs_kopie import kopieren

from kurs.modell import WURZEL, Kurs

GITHUB = WURZEL / ".github"
WORKFLOWS = sorted((GITHUB / "workflows").glob("*.yml"))
ANLEITUNGEN = [WURZEL / "README.md", WURZEL / "CONTRIBUTING.md", WURZEL / "kurs" / "README.md",
               *sorted((WURZEL / "beitragen").glob("*.md"))]


def schritte(workflow):
    return [s for job in yaml.safe_load(workflow.read_text(encoding="utf-8"))["jobs"].values()
            for s in job.get("steps", [])]


@pytest.mark.parametrize("workflow", WORKFLOWS, ids=lambda p: p.name)
def test_actions_sind_auf_einen_vollen_commit_festgelegt(workflow):
    # Ein Tag wie @v4 kann sich ändern; ein SHA nicht. Der Kommentar nennt die Version.
    for zeile in workflow.read_text(encoding="utf-8").splitlines():
        if "uses:" in zeile:
            assert re.search(r"uses: [\w.-]+/[\w./-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$", zeile), zeile


@pytest.mark.parametrize("workflow", WORKFLOWS, ids=lambda p: p.name)
def test_workflow_fuehrt_nur_aus_was_ci_hier_auch_ausfuehrt(workflow):
    befehle = [s["run"].strip() for s in schritte(workflow) if "run" in s]
    assert befehle == ["bash .ci/run"], f"Jeder Schritt soll `bash .ci/run` sein, gefunden: {befehle}"


def test_jeder_pull_request_bekommt_die_gebaute_seite_als_vorschau():
    (site_dir,) = re.findall(r"mkdocs build --strict .*--site-dir (\S+)", (WURZEL / ".ci/run").read_text())
    vorschau = [s for w in WORKFLOWS for s in schritte(w) if s.get("uses", "").startswith("actions/upload-artifact@")
                and s["with"]["path"].rstrip("/") == site_dir]
    assert len(vorschau) == 1 and "pull_request" in vorschau[0]["if"] and "cancelled" in vorschau[0]["if"]


def test_veroeffentlicht_wird_die_seite_die_ci_run_baut():
    (site_dir,) = re.findall(r"mkdocs build --strict .*--site-dir (\S+)", (WURZEL / ".ci/run").read_text())
    pfade = [s["with"]["path"] for w in WORKFLOWS for s in schritte(w)
             if s.get("uses", "").startswith("actions/upload-pages-artifact@")]
    assert pfade == [site_dir]


_ci_build = {}


def im_hintergrund():
    """Der Build-Schritt von .ci/run, wie er dort steht, an einer Kopie mit einem kaputten Link."""
    (zeile,) = [z for z in (WURZEL / ".ci/run").read_text(encoding="utf-8").splitlines()
                if "mkdocs build" in z and not z.lstrip().startswith("#")]
    woerter = shlex.split(zeile)
    variablen = dict(w.split("=", 1) for w in woerter[:woerter.index("uv")])
    argumente = woerter[woerter.index("mkdocs") + 1:]  # `uv run mkdocs` ist hier dieses Python
    kopie = kopieren(werkzeuge.temp_ordner("kurs-ci-build-"))
    teil_2 = kopie / "docs" / "teil-2.md"
    text = teil_2.read_text(encoding="utf-8") + "\n\nSiehe [hier](gibt-es-nicht.md).\n"
    teil_2.write_text(text, encoding="utf-8")
    (kopie / "tmp").mkdir()  # ein eigener Temp-Ordner: Der gescheiterte Build lässt darin nichts liegen
    _ci_build["zeile"], _ci_build["kopie"], _ci_build["link_zeile"] = zeile, kopie, text.count("\n")
    # Wie auf GitHub: Anmerkungen im Pull Request und eine Zusammenfassung (kurs/annotationen.py).
    github = {"GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": str(kopie / "zusammenfassung.md")}
    _ci_build["lauf"] = subprocess.Popen([sys.executable, "-m", "mkdocs", *argumente], cwd=kopie, text=True,
                                         env={**os.environ, **variablen, **github, "TMPDIR": str(kopie / "tmp")},
                                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT)


@pytest.fixture(scope="module")
def ci_build():
    if "lauf" not in _ci_build:
        im_hintergrund()
    ausgabe, _ = _ci_build["lauf"].communicate(timeout=300)
    zusammenfassung = _ci_build["kopie"] / "zusammenfassung.md"
    yield (ausgabe, _ci_build["lauf"].returncode, sorted(p.name for p in (_ci_build["kopie"] / "tmp").iterdir()),
           zusammenfassung.read_text(encoding="utf-8") if zusammenfassung.is_file() else "")
    shutil.rmtree(_ci_build["kopie"], ignore_errors=True)


@pytest.mark.kopie
def test_der_strenge_build_von_ci_scheitert_an_einem_kaputten_link(ci_build):
    ausgabe, status, _, _ = ci_build
    assert status != 0, f"`{_ci_build['zeile']}` baut trotz kaputtem Link:\n{ausgabe[-2000:]}"
    assert "gibt-es-nicht.md" in ausgabe, ausgabe[-2000:]


@pytest.mark.kopie
def test_der_kaputte_link_steht_im_pull_request_an_seiner_zeile(ci_build):
    ausgabe, _, _, zusammenfassung = ci_build
    wo = f"docs/teil-2.md:{_ci_build['link_zeile']}"
    assert f"::error file=docs/teil-2.md,line={_ci_build['link_zeile']},title=mkdocs build::{wo}: Der Link " \
           "'gibt-es-nicht.md' führt ins Leere" in ausgabe, ausgabe[-2000:]
    assert f"- `{wo}`: Der Link 'gibt-es-nicht.md' führt ins Leere" in zusammenfassung


@pytest.mark.kopie
def test_ein_gescheiterter_build_laesst_keinen_ordner_zurueck(ci_build):
    """kurs/seite/plugin.py räumt seinen Ordner je Build auch nach einem Fehler weg (on_build_error)."""
    assert ci_build[2] == []


def test_fehlerformular_ist_gueltig():
    formular = yaml.safe_load((GITHUB / "ISSUE_TEMPLATE" / "fehler-melden.yml").read_text(encoding="utf-8"))
    felder = [f for f in formular["body"] if f["type"] != "markdown"]
    assert all(f["id"] and f["attributes"]["label"] for f in felder)
    assert len({f["id"] for f in felder}) == len(felder), "Zwei Felder mit derselben id"


def test_forks_bauen_mit_eigener_adresse(monkeypatch):
    """Der Workflow setzt Adresse, Editier-Link und Repository aus GitHub; mkdocs.yml liest sie mit !ENV."""
    umgebung = {}
    for w in WORKFLOWS:
        for schritt in schritte(w):
            if schritt.get("run", "").strip() == "bash .ci/run":
                umgebung |= schritt.get("env", {})
    assert "github.repository" in umgebung.get("KURS_EDIT_URI", ""), umgebung
    assert "base_url" in umgebung.get("KURS_SITE_URL", ""), umgebung
    assert umgebung.get("KURS_REPOSITORY") == "https://github.com/${{ github.repository }}", umgebung
    monkeypatch.setenv("KURS_SITE_URL", "https://fork.invalid/kurs/")
    monkeypatch.setenv("KURS_EDIT_URI", "https://github.com/fork/kurs/edit/main/docs/")
    monkeypatch.setenv("KURS_REPOSITORY", "https://github.com/fork/kurs/")
    kurs = Kurs()
    assert (kurs.site_url, kurs.konfiguration.edit_uri, kurs.konfiguration.repository) == (
        "https://fork.invalid/kurs/", "https://github.com/fork/kurs/edit/main/docs/", "https://github.com/fork/kurs")


def test_ohne_umgebung_kein_platzhalter(monkeypatch):
    """Lokal, ohne die Variablen des Workflows: kein Stift und kein Repository (die Seite sagt dann,
    woher der Kurs kommt; tests/test_site.py), statt einer erfundenen Adresse."""
    for name in ("KURS_EDIT_URI", "KURS_REPOSITORY"):
        monkeypatch.delenv(name, raising=False)
    kurs = Kurs()
    assert (kurs.konfiguration.edit_uri, kurs.konfiguration.repository) == (None, None)


@pytest.mark.parametrize("datei", ANLEITUNGEN, ids=lambda p: p.name)
def test_genannte_pfade_und_befehle_gibt_es(datei):
    text = datei.read_text(encoding="utf-8")
    # Konkrete Pfade; Muster wie teil-N/uebung-M und Beispiele wie mein_beispiel.md zählen nicht.
    pfade = {p for p in re.findall(r"`((?:docs|snippets|tests|kurs|pflege|benchmarks|overrides|\.github|\.ci)/[\w./-]*)`", text)
             if not re.search(r"teil[-_]N|uebung[-_]M|mein_beispiel", p)}
    fehlt = sorted(p for p in pfade if not (WURZEL / p).exists())
    assert not fehlt, f"{datei.name} nennt Pfade, die es nicht gibt: {fehlt}"
    # Ein Modul (kurs/x.py) oder ein Paket mit __main__.py (kurs/mutation/).
    befehle = {m: [WURZEL / (m.replace(".", "/") + ".py"), WURZEL / m.replace(".", "/") / "__main__.py"]
               for m in re.findall(r"python -m ((?:kurs|pflege)\.\w+)", text)}
    befehle |= {m: [WURZEL / m] for m in re.findall(r"python (benchmarks/\w+\.py)", text)}
    fehlt = sorted(m for m, dateien in befehle.items() if not any(d.is_file() for d in dateien))
    assert not fehlt, f"{datei.name} nennt Befehle, die es nicht gibt: {fehlt}"


def test_contributing_ist_ein_schnellstart_mit_befehl_je_aenderung():
    """Höchstens etwa 150 Zeilen, in der Reihenfolge der Arbeit, mit einer Tabelle „Du hast geändert“;
    Hintergründe stehen in kurs/README.md, Anleitungen in beitragen/."""
    text = (WURZEL / "CONTRIBUTING.md").read_text(encoding="utf-8")
    assert text.count("\n") <= 150
    schritte = [text.index(f"## {n}. ") for n in range(1, 5)]
    assert schritte == sorted(schritte)
    tabelle = text[text.index("| Du hast geändert | Befehl | Dauer |"):].split("\n\n")[0].splitlines()[2:]
    assert len(tabelle) >= 6 and all(re.search(r"`uv run [^`]+`.*\| [\d,]+ (?:s|Min\.) \|$", z) for z in tabelle), tabelle
