"""kurs/seite/notebookseiten.py: Der Cache von mkdocs-jupyter wird vor dem Build geprüft. Ein
kaputter Eintrag oder einer einer anderen Version von mkdocs-jupyter fällt weg; mkdocs-jupyter
rendert das Notebook dann neu, wie jedes, das nicht im Cache liegt (tests/seite/test_plugin.py)."""

import json

import mkdocs_jupyter

from kurs.seite.notebookseiten import cache_pruefen

GUT = {"content": "<p>x</p>", "toc_tokens": [], "title": None}


def test_kaputte_eintraege_fallen_weg_gute_bleiben(tmp_path):
    cache_pruefen(tmp_path)
    (tmp_path / "gut.json").write_text(json.dumps(GUT), encoding="utf-8")
    (tmp_path / "kaputt.json").write_text("{kaputt", encoding="utf-8")
    (tmp_path / "fremd.json").write_text(json.dumps({"content": 1}), encoding="utf-8")
    cache_pruefen(tmp_path)
    assert sorted(p.name for p in tmp_path.glob("*.json")) == ["gut.json"]


def test_eintraege_einer_anderen_version_fallen_weg(tmp_path):
    (tmp_path / "gut.json").write_text(json.dumps(GUT), encoding="utf-8")
    (tmp_path / "VERSION").write_text("0.0.1\n", encoding="utf-8")
    cache_pruefen(tmp_path)
    assert not list(tmp_path.glob("*.json"))
    assert (tmp_path / "VERSION").read_text(encoding="utf-8").strip() == mkdocs_jupyter.__version__


def test_ohne_cache_ordner_legt_er_ihn_an(tmp_path):
    cache_pruefen(tmp_path / "neu")
    assert (tmp_path / "neu" / "VERSION").is_file()
