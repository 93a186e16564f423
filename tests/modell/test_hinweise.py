"""kurs/modell/hinweise.py: Jede Übung gibt mindestens zwei Hinweise, zusammen für jeden typischen Fehler;
ein kaputter Eintrag wird mit Datei und Zeile gemeldet."""

import pytest

from kurs.modell import Kurs

UEBUNGEN = list(Kurs().uebungen.values())


@pytest.mark.parametrize("uebung", UEBUNGEN, ids=lambda u: u.name)
def test_jeder_typische_fehler_hat_einen_hinweis(uebung):
    assert len(uebung.hinweise) >= 2, f"{uebung.name}: weniger als zwei Hinweise"
    bedacht = {name for hinweis in uebung.hinweise for name in hinweis.fehler}
    ohne = [f.name for f in uebung.fehler if f.name not in bedacht]
    assert not ohne, f"snippets/{uebung.name}/hinweise.toml: Kein Hinweis nennt die typischen Fehler {ohne}"


@pytest.mark.parametrize("inhalt, wo, meldung", [
    (None, "", "fehlt. Jede Übung gibt dort mindestens zwei Hinweise"),
    ("[[hinweis]]\ntext = 'nur einer'\nfehler = ['Duplikat meldet True']\n", "", "braucht mindestens zwei [[hinweis]]"),
    ("[[hinweis]]\ntext = 'a'\nfehler = ['Duplikat meldet True']\n[[hinweis]]\ntext = 'b'\nfehler = ['gibt es nicht']\n",
     ":4", "Hinweis 2: Diese typischen Fehler gibt es nicht: ['gibt es nicht']"),
    ("[[hinweis]]\ntext = 'a'\nfehler = ['Duplikat meldet True']\n[[hinweis]]\ntext = 'b'\n",
     ":4", "Hinweis 2: braucht text und fehler"),
    # vertippt: an der Zeile des fremden Eintrags
    ("[[hinweis]]\ntext = 'a'\nfehler = ['Duplikat meldet True']\n\n[[hinwies]]\ntext = 'b'\nfehler = []\n",
     ":5", "'hinwies' kennt hinweise.toml nicht"),
])
def test_kaputte_hinweise_nennen_datei_und_grund(kopie, inhalt, wo, meldung):
    from kurs.modell import QuellenFehler

    datei = kopie / "snippets/teil-1/uebung-1/hinweise.toml"
    if inhalt is None:
        datei.unlink()
    else:
        datei.write_text(inhalt, encoding="utf-8")
    with pytest.raises(QuellenFehler, match=f"^snippets/teil-1/uebung-1/hinweise.toml{wo}: ") as fehler:
        Kurs(kopie).pruefen()
    assert meldung in str(fehler.value)




def test_umbenannter_fehler_an_seiner_zeile_in_fehler_toml(kopie_mit_commit):
    """Ein typischer Fehler, seit dem letzten Commit umbenannt (oder vertippt): Der Hinweis nennt noch den alten
    Namen. Zu ändern ist die Zeile in fehler.toml; mit git steht die Meldung dort."""
    from kurs.modell import QuellenFehler

    kopie = kopie_mit_commit
    datei = kopie / "snippets/teil-2/uebung-2/fehler.toml"
    zeilen = datei.read_text(encoding="utf-8").split("\n")
    nummer = next(n for n, z in enumerate(zeilen, start=1) if z.startswith("name = 'versucht es sofort"))
    zeilen[nummer - 1] = zeilen[nummer - 1].replace("sofort", "sfoort")
    datei.write_text("\n".join(zeilen), encoding="utf-8")
    with pytest.raises(QuellenFehler, match=rf"^snippets/teil-2/uebung-2/fehler.toml:{nummer}: Seit dem letzten Commit"):
        Kurs(kopie).pruefen()
