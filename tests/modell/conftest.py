"""Für die Tests des Kursmodells: eine Kopie der Quellen, die ein Test verändern darf."""

import pytest


@pytest.fixture
def kopie(tmp_path):
    """docs/, snippets/ und mkdocs.yml in tmp_path: ein Kurs, wie Kurs(kopie) ihn liest."""
    import shutil

    from kurs.modell import WURZEL

    for teil in ("docs", "snippets"):
        shutil.copytree(WURZEL / teil, tmp_path / teil, ignore=shutil.ignore_patterns("assets", "__pycache__"))
    shutil.copy(WURZEL / "mkdocs.yml", tmp_path)
    return tmp_path
