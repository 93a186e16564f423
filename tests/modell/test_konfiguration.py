"""kurs/modell/konfiguration.py: mkdocs.yml, gelesen wie MkDocs sie liest: `!ENV` gilt,
`!!python/name:` bleibt Text, `nav` wird flach und ohne externe Links."""

import pytest

from kurs.modell import QuellenFehler, Seite
from kurs.modell.konfiguration import Konfiguration

MKDOCS_YML = """site_url: !ENV [KURS_PROBE_URL, "https://example.invalid/kurs"]
edit_uri: https://example.invalid/edit/docs/
nav:
  - Überblick: index.md
  - "Teil 1: Queue": teil-1.md
  - Anhang:
      - glossar.md
      - Quelle: https://example.org/
      - Mehr: mehr/index.md
markdown_extensions:
  - admonition
  - pymdownx.superfences:
      custom_fences:
        - name: mermaid
          format: !!python/name:pymdownx.superfences.fence_code_format
  - pymdownx.details:
"""


@pytest.fixture
def konfiguration(tmp_path, monkeypatch):
    monkeypatch.delenv("KURS_PROBE_URL", raising=False)
    (tmp_path / "mkdocs.yml").write_text(MKDOCS_YML, encoding="utf-8")
    return Konfiguration(tmp_path)


def test_nav_ist_flach_in_ihrer_reihenfolge_ohne_externe_links(konfiguration):
    assert konfiguration.nav == [Seite("Überblick", "index.md"), Seite("Teil 1: Queue", "teil-1.md"),
                                 Seite("glossar.md", "glossar.md"), Seite("Mehr", "mehr/index.md")]


@pytest.mark.parametrize("quelle, url", [
    ("index.md", ""), ("teil-1.md", "teil-1/"), ("mehr/index.md", "mehr/"), ("mehr/seite.md", "mehr/seite/"),
])
def test_url_einer_seite_wie_mkdocs_sie_baut(quelle, url):
    assert Seite("Titel", quelle).url == url


def test_env_gilt_und_site_url_endet_mit_schraegstrich(konfiguration, monkeypatch):
    assert konfiguration.site_url == "https://example.invalid/kurs/"
    monkeypatch.setenv("KURS_PROBE_URL", "https://fork.invalid/x/")
    del konfiguration.config  # cached_property: neu lesen
    assert konfiguration.site_url == "https://fork.invalid/x/"
    assert konfiguration.edit_uri == "https://example.invalid/edit/docs/"


def test_python_name_bleibt_text_und_leere_einstellungen_sind_ein_dict(konfiguration):
    fences = konfiguration.markdown_erweiterung("pymdownx.superfences")["custom_fences"]
    assert fences == [{"name": "mermaid", "format": "pymdownx.superfences.fence_code_format"}]
    assert konfiguration.markdown_erweiterung("pymdownx.details") == {}


@pytest.mark.parametrize("name", ["pymdownx.snippets", "admonition"])
def test_fehlende_erweiterung_nennt_mkdocs_yml(konfiguration, name):
    with pytest.raises(QuellenFehler, match=rf"^mkdocs\.yml: markdown_extensions nennt {name} nicht$"):
        konfiguration.markdown_erweiterung(name)


def test_serve_baut_nach_jeder_aenderung_an_dem_was_der_build_liest():
    """docs/ und mkdocs.yml beobachtet MkDocs selbst; den Rest nennt `watch` (Issue: ein Build, dem
    man trauen kann). Nach kurs/ sagt der Build, dass serve neu starten muss (kurs/seite/plugin.py)."""
    from kurs.modell import Kurs

    konfiguration = Kurs().konfiguration
    gelesen = {*konfiguration.markdown_erweiterung("pymdownx.snippets")["base_path"],
               konfiguration.config["theme"]["custom_dir"], "diagramme", "kurs"}
    assert gelesen <= set(konfiguration.config["watch"])


def _noetig():
    from kurs.modell.konfiguration import NOETIG

    return [pytest.param(liste, name, id=name) for liste, namen in NOETIG.items() for name in namen]


@pytest.mark.parametrize("liste, name", _noetig())
def test_was_der_kurs_braucht_fehlt_in_mkdocs_yml(kopie_mit_commit, liste, name):
    """Jedes Plugin und jede Erweiterung, die der Kurs braucht, einmal gelöscht (mit ihren Einstellungen): gemeldet
    an der Zeile, an der sie seit dem letzten Commit fehlt. Ohne search oder mkdocs-jupyter baute die Seite
    sonst still ohne Suche oder Notebooks, ohne attr_list brach sie an einem Link ab, der die Ursache nicht nennt."""
    from kurs.modell import Kurs

    yml = kopie_mit_commit / "mkdocs.yml"
    zeilen = yml.read_text(encoding="utf-8").split("\n")
    anfang = next(n for n, z in enumerate(zeilen) if z.split("#")[0].strip() in (f"- {name}", f"- {name}:"))
    ende = next(n for n in range(anfang + 1, len(zeilen)) if not zeilen[n].startswith("    "))
    yml.write_text("\n".join(zeilen[:anfang] + zeilen[ende:]), encoding="utf-8")
    with pytest.raises(QuellenFehler, match=rf"^mkdocs.yml:{anfang + 1}: {liste} nennt {name} nicht; der Kurs braucht"):
        Kurs(kopie_mit_commit).pruefen()


@pytest.mark.parametrize("zeile", ["custom_dir: overrides", "language: de", "font: false"])
def test_was_theme_nennen_muss_steht_an_seiner_zeile(kopie_mit_commit, zeile_loeschen, zeile):
    """Material nimmt unter theme alles hin: ohne custom_dir keine Vorlage des Kurses, ohne language englische
    Beschriftungen, ohne font: false eine Anfrage an Google Fonts. Gemeldet an der Zeile, an der es fehlt."""
    from kurs.modell import Kurs

    nummer = zeile_loeschen(kopie_mit_commit / "mkdocs.yml", lambda z: z.strip() == zeile)
    with pytest.raises(QuellenFehler, match=rf"^mkdocs.yml:{nummer}: theme nennt nicht {zeile}; der Kurs braucht es"):
        Kurs(kopie_mit_commit).pruefen()


def _zaeune():
    from kurs.modell.konfiguration import ZAEUNE

    return [pytest.param(zaun, schluessel, wert, id=f"{zaun}-{schluessel}")
            for zaun, werte in ZAEUNE.items() for schluessel, wert in werte.items()]


@pytest.mark.parametrize("zaun, schluessel, wert", _zaeune())
def test_ein_umbenannter_schluessel_eines_zauns_steht_an_seiner_zeile(kopie_mit_commit, zaun, schluessel, wert):
    """`validatorx:` statt `validator:` beim Zaun python: Sonst fiel es erst an einem fehlenden Anker auf."""
    from kurs.modell import Kurs

    yml = kopie_mit_commit / "mkdocs.yml"
    zeilen = yml.read_text(encoding="utf-8").split("\n")
    nummer = zeilen.index(f"          {schluessel}: !!python/name:{wert}") + 1
    zeilen[nummer - 1] = zeilen[nummer - 1].replace(f"{schluessel}:", f"{schluessel}x:")
    yml.write_text("\n".join(zeilen), encoding="utf-8")
    with pytest.raises(QuellenFehler, match=rf"^mkdocs.yml:{nummer}: custom_fences: Der Zaun {zaun} braucht {schluessel}"):
        Kurs(kopie_mit_commit).pruefen()
