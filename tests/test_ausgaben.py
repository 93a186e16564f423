"""kurs/ausgaben.py: `python -m kurs.ausgaben` ist pytest mit --ausgaben-aktualisieren, ohne
Ziel für alle Snippets, und gibt den Exit-Code von pytest weiter."""

import pytest

from kurs import ausgaben


@pytest.fixture
def aufrufe(monkeypatch):
    gesehen = []

    def main(argumente):
        gesehen.append(argumente)
        return pytest.ExitCode.TESTS_FAILED

    monkeypatch.setattr(ausgaben.pytest, "main", main)
    return gesehen


@pytest.mark.parametrize("argv, ziele", [
    ([], ["snippets"]),
    (["snippets/teil-2/"], ["snippets/teil-2/"]),
    (["snippets/teil-1/queue.md", "snippets/labor/"], ["snippets/teil-1/queue.md", "snippets/labor/"]),
])
def test_main_ruft_pytest_mit_ausgaben_aktualisieren_fuer_die_ziele(aufrufe, argv, ziele):
    assert ausgaben.main(argv) == 1
    assert aufrufe == [["-q", "-p", "no:cacheprovider", "--ausgaben-aktualisieren", *ziele]]
