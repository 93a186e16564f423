"""`uv run python -m kurs.ausgaben`: schreibt jede Ausgabe aus einem echten Lauf neu.

Jeder Fall läuft als eigener Prozess in einer Kopie des Kurses (kurs/, mkdocs.yml,
snippets/), nie im Kurs selbst. Aus der Kopie heraus importiert Python deren kurs/,
also gelten dort deren Snippets. Alle Prozesse laufen zugleich.
"""

import shutil
import subprocess
import sys

import pytest

from kurs.zusammensetzen import SNIPPETS, WURZEL

PARTITION = "teil-2/partition.md"
RICHTIG = "kunde-A bestellt -> (0, 0)\n"
FALSCH = "kunde-A bestellt -> (9, 9)\n"
TEILE = {
    # Ein Snippet, dessen Ausgabe aus einer eingebundenen Datei kommt: Sie gehört dorthin.
    "teil-2/eingebunden.md": f'--8<-- "{PARTITION}"\n',
    "teil-2/bricht_ab.md": (
        "```python\nprint(1 / 0)\n```\n\n<!--pytest-codeblocks:expected-output-->\n\n"
        '```text title="Ausgabe"\n1\n```\n'
    ),
}
AUFRUFE = {
    # Name: (Argumente für Python, wo: im "kurs" selbst oder in einer "kopie" mit falscher
    # Ausgabe in PARTITION; "kopie+teile" hat zusätzlich die kaputten TEILE)
    "pytest": (["-m", "pytest", "-q", "-p", "no:cacheprovider", f"snippets/{PARTITION}"], "kopie"),
    "pruefen": (["-m", "kurs.ausgaben", "--pruefen"], "kopie"),
    "schreiben": (["-m", "kurs.ausgaben"], "kopie"),
    "eingebunden": (["-m", "kurs.ausgaben", "snippets/teil-2/eingebunden.md"], "kopie+teile"),
    "bricht_ab": (["-m", "kurs.ausgaben", "teil-2/bricht_ab.md"], "kopie+teile"),
    "kurs": (["-m", "kurs.ausgaben", "--pruefen"], "kurs"),
}


def kopie(ziel, mit_teilen):
    shutil.copytree(WURZEL / "kurs", ziel / "kurs", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(WURZEL / "mkdocs.yml", ziel)
    shutil.copytree(SNIPPETS, ziel / "snippets")
    datei = ziel / "snippets" / PARTITION
    text = datei.read_text(encoding="utf-8")
    assert text.count(RICHTIG) == 1, f"{PARTITION} hat sich geändert; passe RICHTIG in diesem Test an"
    datei.write_text(text.replace(RICHTIG, FALSCH), encoding="utf-8")
    for name, inhalt in TEILE.items() if mit_teilen else ():
        (ziel / "snippets" / name).write_text(inhalt, encoding="utf-8")
    return ziel


@pytest.fixture(scope="module")
def laeufe(tmp_path_factory):
    prozesse, ordner = {}, {}
    for name, (argumente, wo) in AUFRUFE.items():
        ordner[name] = WURZEL if wo == "kurs" else kopie(tmp_path_factory.mktemp(name), wo == "kopie+teile")
        prozesse[name] = subprocess.Popen(
            [sys.executable, *argumente], cwd=ordner[name], text=True,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        )
    return {name: (p.communicate(timeout=60)[0], p.returncode, ordner[name]) for name, p in prozesse.items()}


def partition(ordner):
    return (ordner / "snippets" / PARTITION).read_text(encoding="utf-8")


def test_falsche_ausgabe_laesst_den_test_scheitern(laeufe):
    ausgabe, status, _ = laeufe["pytest"]
    assert status == 1 and "1 failed" in ausgabe and "Expected output" in ausgabe, ausgabe


def test_falsche_ausgabe_wird_aus_dem_echten_lauf_neu_geschrieben(laeufe):
    ausgabe, status, ordner = laeufe["schreiben"]
    assert status == 0
    assert ausgabe == f"aktualisiert: snippets/{PARTITION}\n"
    assert partition(ordner) == (SNIPPETS / PARTITION).read_text(encoding="utf-8")


def test_pruefen_meldet_veraltete_ausgabe_und_schreibt_nichts(laeufe):
    ausgabe, status, ordner = laeufe["pruefen"]
    assert status == 1
    assert f"veraltet: snippets/{PARTITION}" in ausgabe
    assert "uv run python -m kurs.ausgaben" in ausgabe
    assert FALSCH in partition(ordner)


@pytest.mark.parametrize("name, text", [
    ("eingebunden", "teil-2/eingebunden.md: 0 Ausgabe-Blöcke in der Datei, aber 1 nach dem Zusammensetzen"),
    ("bricht_ab", "teil-2/bricht_ab.md: Der Code vor Ausgabe 1 bricht ab: ZeroDivisionError: division by zero"),
])
def test_klare_meldung_statt_traceback(laeufe, name, text):
    ausgabe, status, _ = laeufe[name]
    assert status == 1
    assert text in ausgabe
    assert "Traceback" not in ausgabe


def test_alle_ausgaben_im_kurs_sind_aktuell(laeufe):
    ausgabe, status, _ = laeufe["kurs"]
    assert (status, ausgabe) == (0, ""), ausgabe
