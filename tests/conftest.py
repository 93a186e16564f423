from uebung_test_helfer import falsche_loesungen_parametrisieren


def pytest_generate_tests(metafunc):
    falsche_loesungen_parametrisieren(metafunc)
