import pytest

from kurs import browser
from uebung_test_helfer import falsche_loesungen_parametrisieren


def pytest_generate_tests(metafunc):
    falsche_loesungen_parametrisieren(metafunc)


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    """Die Seite, einmal je Lauf streng gebaut (mkdocs build --strict)."""
    return browser.bauen(tmp_path_factory.mktemp("site"))
