"""Was CONTRIBUTING.md verspricht, stimmt: Pfade und Befehle gibt es, Diagramme haben
Text für Screenreader, und der GitHub-Workflow tut dasselbe wie `.ci/run` hier.

Die Workflows laufen nur auf GitHub; hier prüfen wir ihren Text.
"""

import re

import pytest
import yaml

from kurs.modell import WURZEL, Kurs

GITHUB = WURZEL / ".github"
WORKFLOWS = sorted((GITHUB / "workflows").glob("*.yml"))
ANLEITUNGEN = [WURZEL / "README.md", WURZEL / "CONTRIBUTING.md"]


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


def test_veroeffentlicht_wird_die_seite_die_ci_run_baut():
    (site_dir,) = re.findall(r"mkdocs build --strict .*--site-dir (\S+)", (WURZEL / ".ci/run").read_text())
    pfade = [s["with"]["path"] for w in WORKFLOWS for s in schritte(w)
             if s.get("uses", "").startswith("actions/upload-pages-artifact@")]
    assert pfade == [site_dir]


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


@pytest.mark.parametrize("seite", sorted((WURZEL / "docs").glob("*.md")), ids=lambda p: p.name)
def test_jedes_diagramm_hat_text_fuer_screenreader(seite):
    diagramme = re.findall(r"^```mermaid\n(.*?)^```$", seite.read_text(encoding="utf-8"), re.S | re.M)
    for nummer, diagramm in enumerate(diagramme, start=1):
        for feld in ("accTitle", "accDescr"):
            # Einzeilig: So liest es auch die Rechtschreibprüfung.
            assert re.search(rf"^\s*{feld}:\s*\S", diagramm, re.M), f"{seite.name}, Diagramm {nummer}: {feld}: fehlt"


@pytest.mark.parametrize("datei", ANLEITUNGEN, ids=lambda p: p.name)
def test_genannte_pfade_und_befehle_gibt_es(datei):
    text = datei.read_text(encoding="utf-8")
    # Konkrete Pfade; Muster wie teil-N/uebung-M und Beispiele wie mein_beispiel.md zählen nicht.
    pfade = {p for p in re.findall(r"`((?:docs|snippets|tests|kurs|pflege|benchmarks|overrides|\.github|\.ci)/[\w./-]*)`", text)
             if not re.search(r"teil[-_]N|uebung[-_]M|mein_beispiel", p)}
    fehlt = sorted(p for p in pfade if not (WURZEL / p).exists())
    assert not fehlt, f"{datei.name} nennt Pfade, die es nicht gibt: {fehlt}"
    befehle = {m: WURZEL / (m.replace(".", "/") + ".py") for m in re.findall(r"python -m ((?:kurs|pflege)\.\w+)", text)}
    befehle |= {m: WURZEL / m for m in re.findall(r"python (benchmarks/\w+\.py)", text)}
    fehlt = sorted(m for m, datei in befehle.items() if not datei.is_file())
    assert not fehlt, f"{datei.name} nennt Befehle, die es nicht gibt: {fehlt}"
