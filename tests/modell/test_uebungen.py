"""Jede Übung (snippets/<kapitel>/uebung-M/): Die Vorlage fällt durch, jeder typische Fehler
aus fehler.toml bekommt seine eigene Meldung, und jede richtige Variante besteht. Wie bei
Exercism laufen für jede Übung dieselben Tests; die Daten stehen beim Code der Übung, nicht hier.

Dass die Musterlösung besteht, prüft pytest-codeblocks: pruefung.md ist die Lösung samt
Prüfung, mit der Ausgabe der bestandenen Prüfung. Vorlage, Fehler und Varianten sind
Lösungen wie die einer Leserin; sie prüft kurs/lauf.py wie `--uebung … --loesung …`.
"""

import functools

import pytest

from kurs.lauf import Fehlermeldung
from kurs.modell import Kurs, aenderungen

KURS = Kurs()
UEBUNGEN = list(KURS.uebungen.values())
QUIZZE = [u for u in UEBUNGEN if u.quiz]


def meldung(uebung, kandidat: str) -> str:
    with pytest.raises(Fehlermeldung) as fehler:
        uebung.pruefe(kandidat)
    return str(fehler.value)


def musterloesung_faellt_durch(uebung) -> str | None:
    """Die Meldung, mit der die Musterlösung durchfällt, oder None. Fällt sie durch, ist die Prüfung
    kaputt (oder die Lösung): Dann sagt kein anderer Test dieser Übung etwas über sie."""
    return _musterloesung_faellt_durch(uebung.name)


@functools.cache
def _musterloesung_faellt_durch(name: str) -> str | None:
    uebung = KURS.uebungen[name]
    try:
        uebung.pruefe(uebung.loesung)
    except Fehlermeldung as fehler:
        return str(fehler)
    return None


def folgefehler(uebung) -> None:
    """Fällt die Musterlösung durch, meldet das test_musterloesung_besteht einmal; hier ein Folgefehler."""
    if musterloesung_faellt_durch(uebung) is not None:
        pytest.skip(f"Folgefehler: Die Musterlösung von {uebung.name} fällt durch "
                    "(gemeldet bei test_musterloesung_besteht und beim Test von pruefung.md)")


def vorne(uebung, name: str | None, wo: str) -> str:
    """„wo: “, oder, hat sich seit dem letzten Commit geändert, was die Prüfung liest, zuerst diese Zeile: der
    Eintrag `name` in fehler.toml (sein Code zum Beispiel), sonst der Code der Übung (Vorlage, Prüfung, Lösung,
    Kontext). Dort ist der Fehler, `wo` ist nur, wo er sich zeigt."""
    if name is not None and (eintrag := uebung.aenderung_im_eintrag(name)):
        stelle, a = eintrag
        return f"{stelle}: {aenderungen.beschreiben(a)}; danach ({wo}): "
    dateien = [f"snippets/{uebung.name}/{d}.md" for d in ("vorlage", "pruefung", "loesung", "kontext")]
    if geaendert := aenderungen.erste(uebung.kurs.wurzel, dateien):
        return f"{geaendert}; danach ({wo}): "
    return f"{wo}: "


def faellt_durch_mit(uebung, kandidat: str, erwartet: str, wo: str, was: str, name: str | None = None) -> None:
    """Fällt `kandidat` mit einer Meldung durch, in der `erwartet` steht? Sonst eine Zeile mit Fundstelle."""
    folgefehler(uebung)
    gemeldet = None
    try:
        uebung.pruefe(kandidat)
    except Fehlermeldung as fehler:
        gemeldet = str(fehler)
    if gemeldet is not None and erwartet not in gemeldet:
        pytest.fail(f"{vorne(uebung, name, wo)}{was} fällt durch, aber nicht mit dieser Meldung.\n"
                    f"  erwartet (ein Stück der Meldung): {erwartet!r}\n"
                    f"  die Prüfung (snippets/{uebung.name}/pruefung.md) meldet: {gemeldet!r}\n"
                    "Ändere die Meldung in fehler.toml oder in pruefung.md, bis das eine im anderen steht.", pytrace=False)
    if gemeldet is None:
        pytest.fail(f"{vorne(uebung, name, wo)}{was} besteht die Prüfung (snippets/{uebung.name}/pruefung.md). Eine Prüfung, die "
                    "ihn durchlässt, ist ein Fehler: Ergänze sie um ein Szenario, das ihn erkennt.", pytrace=False)


def faelle(art: str):
    return [pytest.param(u, f, id=f"{u.name}: {f.name}") for u in UEBUNGEN for f in getattr(u, art)]


def test_musterloesung_mit_pruefung_ist_ein_test_von_pytest_codeblocks():
    tests = {b.datei.relative_to(KURS.snippets.ordner).as_posix(): b for b in KURS.beispiele_aller_dateien}
    for uebung in UEBUNGEN:
        beispiel = tests[f"{uebung.name}/pruefung.md"]
        assert beispiel.code == uebung.kontext + uebung.loesung + uebung.pruefung
        assert beispiel.ausgabe, f"{uebung.name}: pruefung.md zeigt nicht, was die bestandene Prüfung druckt"


@pytest.mark.parametrize("uebung", UEBUNGEN, ids=lambda u: u.name)
def test_musterloesung_besteht(uebung):
    if (gemeldet := musterloesung_faellt_durch(uebung)) is not None:
        # Prüfung oder Lösung ist kaputt; was sich seit dem letzten Commit änderte, steht zuerst.
        dateien = [f"snippets/{uebung.name}/{d}.md" for d in ("pruefung", "loesung", "kontext")]
        if geaendert := aenderungen.erste(KURS.wurzel, dateien):
            pytest.fail(f"{geaendert}; danach fällt die Musterlösung (loesung.md) durch die Prüfung: {gemeldet}",
                        pytrace=False)
        pytest.fail(f"{dateien[0]}: Die Musterlösung (loesung.md) fällt durch die Prüfung: {gemeldet}", pytrace=False)


@pytest.mark.parametrize("uebung", UEBUNGEN, ids=lambda u: u.name)
def test_vorlage_faellt_mit_ihrer_meldung_durch(uebung):
    faellt_durch_mit(uebung, uebung.vorlage, uebung.vorlage_meldung, uebung.fundstelle(None, "vorlage_meldung"),
                     "Die Vorlage")


@pytest.mark.parametrize("uebung, fehler", faelle("fehler"))
def test_typischer_fehler_bekommt_seine_meldung(uebung, fehler):
    faellt_durch_mit(uebung, uebung.kandidat(fehler), fehler.meldung, uebung.fundstelle(fehler.name, "meldung"),
                     f"Der typische Fehler „{fehler.name}“", fehler.name)


@pytest.mark.parametrize("uebung, variante", faelle("varianten"))
def test_richtige_variante_besteht(uebung, variante):
    folgefehler(uebung)
    gemeldet = None
    try:
        uebung.pruefe(uebung.kandidat(variante))
    except Fehlermeldung as fehler:
        gemeldet = str(fehler)
    if gemeldet is not None:
        pytest.fail(f"{vorne(uebung, variante.name, uebung.fundstelle(variante.name, 'name'))}Die richtige Variante „{variante.name}“ fällt "
                    f"durch: {gemeldet}", pytrace=False)


@pytest.mark.parametrize("uebung", UEBUNGEN, ids=lambda u: u.name)
def test_jeder_fehler_hat_eine_eigene_meldung(uebung):
    erwartet = [f.meldung for f in uebung.fehler] + [uebung.vorlage_meldung]
    assert len(uebung.fehler) >= 2, f"{uebung.name}: fehler.toml nennt weniger als zwei typische Fehler"
    for erste in erwartet:
        for zweite in erwartet:
            assert erste is zweite or erste not in zweite, f"{uebung.name}: {erste!r} steckt in {zweite!r}"


# --- Auswahlfragen (snippets/uebungen/quiz_auswertung.md) -------------------------------


def test_architekturwahl_ist_b_in_auswahl_und_pruefung():
    """Teil 2, Übung 3: Die Auswahl auf der Seite (sie besteht die Übung, kurs-fortschritt.js) und die
    Prüfung in Python kommen aus denselben Daten; richtig ist das partitionierte Event-Log, B."""
    uebung = KURS.uebung("teil-2/uebung-3")
    assert uebung.quiz.richtig == "B" and "Event-Log" in uebung.quiz.optionen["B"]["text"]
    uebung.pruefe(uebung.loesung)
    assert uebung.loesung.startswith('antwort = "B"')


@pytest.mark.parametrize("uebung", QUIZZE, ids=lambda u: u.name)
def test_quiz_kleinbuchstabe_und_leerzeichen_zaehlen_als_dieselbe_wahl(uebung):
    uebung.pruefe(f'antwort = " {uebung.quiz.richtig.lower()} "\n')


@pytest.mark.parametrize("kandidat", ['antwort = "B oder C"\n', "antwort = 2\n"])
@pytest.mark.parametrize("uebung", QUIZZE, ids=lambda u: u.name)
def test_quiz_ohne_eindeutige_option_faellt_durch(uebung, kandidat):
    assert "Wähle genau eine Option" in meldung(uebung, kandidat)


@pytest.mark.parametrize("uebung", QUIZZE, ids=lambda u: u.name)
def test_quiz_ohne_antwort_faellt_durch(uebung):
    assert 'fehlt die Zeile antwort = "..."' in meldung(uebung, "x = 1\n")


# --- Der Vertrag einer Prüfung, geprüft beim Lesen (kurs/modell/uebungen.py) ---------------




def ersetze(datei, alt: str, neu: str) -> None:
    text = datei.read_text(encoding="utf-8")
    assert text.count(alt) == 1, f"{datei} hat sich geändert; passe diesen Test an"
    datei.write_text(text.replace(alt, neu), encoding="utf-8")


def test_assert_ohne_meldung_nennt_datei_und_zeile(kopie):
    from kurs.modell import QuellenFehler

    datei = kopie / "snippets/teil-1/uebung-1/pruefung.md"
    ersetze(datei, 'assert callable(globals().get("verarbeite")), "Die Funktion verarbeite fehlt in deiner Lösung."',
            'assert callable(globals().get("verarbeite"))')
    zeile = datei.read_text(encoding="utf-8").splitlines().index('assert callable(globals().get("verarbeite"))') + 1
    with pytest.raises(QuellenFehler, match=rf"^snippets/teil-1/uebung-1/pruefung.md:{zeile}: Ein assert ohne Meldung"):
        Kurs(kopie).pruefen()


def test_pruefung_ohne_ausgabe_faellt_beim_lesen_auf(kopie):
    from kurs.modell import QuellenFehler

    datei = kopie / "snippets/teil-1/uebung-3/pruefung.md"
    text = datei.read_text(encoding="utf-8")
    datei.write_text(text[: text.index("<!--pytest-codeblocks:expected-output-->")], encoding="utf-8")
    with pytest.raises(QuellenFehler, match="^snippets/teil-1/uebung-3/pruefung.md: Hinter der Prüfung fehlt ihre Ausgabe"):
        Kurs(kopie).pruefen()


def test_pruefung_die_nicht_mit_der_loesung_beginnt_faellt_beim_lesen_auf(kopie):
    from kurs.modell import QuellenFehler

    ersetze(kopie / "snippets/teil-1/uebung-1/pruefung.md",
            '--8<-- "teil-1/uebung-1/loesung.md"\n\n<!--pytest-codeblocks:cont-->\n', "")
    with pytest.raises(QuellenFehler, match='beginnt mit --8<-- "teil-1/uebung-1/loesung.md"'):
        Kurs(kopie).pruefen()


def test_alt_nennt_die_zeile_die_nicht_in_der_loesung_steht(kopie):
    """Ein mehrzeiliges `alt` (ein Stück der Musterlösung): gemeldet an seiner ersten Zeile, die so nicht
    in der Musterlösung steht, nicht an `alt = [`."""
    from kurs.modell import QuellenFehler

    datei = kopie / "snippets/teil-1/uebung-1/fehler.toml"
    zeilen = datei.read_text(encoding="utf-8").split("\n")
    name = zeilen.index("name = 'erst gutschreiben und committen, dann die ID'") + 1
    zeile = name + 5  # die dritte Zeile des ersten Stücks von alt
    assert zeilen[zeile - 1] == '                        (nachricht["id"],))', "fehler.toml hat sich geändert; passe an"
    zeilen[zeile - 1] = zeilen[zeile - 1].lstrip()
    datei.write_text("\n".join(zeilen), encoding="utf-8")
    with pytest.raises(QuellenFehler, match=rf"^snippets/teil-1/uebung-1/fehler.toml:{zeile}: „erst gutschreiben"):
        Kurs(kopie).pruefen()


def test_eintrag_ohne_name_an_seiner_kopfzeile(kopie):
    """Eine doppelte Zeile `[[fehler]]` lässt einen leeren Eintrag zurück: gemeldet an seiner Zeile."""
    from kurs.modell import QuellenFehler

    datei = kopie / "snippets/teil-1/uebung-1/fehler.toml"
    zeilen = datei.read_text(encoding="utf-8").split("\n")
    zeile = [n for n, z in enumerate(zeilen, start=1) if z.strip() == "[[fehler]]"][2]
    zeilen.insert(zeile - 1, "[[fehler]]")
    datei.write_text("\n".join(zeilen), encoding="utf-8")
    with pytest.raises(QuellenFehler, match=rf"^snippets/teil-1/uebung-1/fehler.toml:{zeile}: \[\[fehler\]\] 'ohne"):
        Kurs(kopie).pruefen()


def test_loesung_die_nur_mit_dem_kontext_uebersetzt_an_ihrer_zeile(kopie, zeile_loeschen):
    """Ohne ihre `def`-Zeile hinge der Rumpf der Lösung am Kontext und übersetzte so; im Browser läuft sie aber
    für sich. Gemeldet an der Zeile, nicht als Traceback beim Zeichnen der Übungstabelle."""
    from kurs.modell import QuellenFehler

    zeile = zeile_loeschen(kopie / "snippets/teil-1/uebung-1/loesung.md", lambda z: z.startswith("def verarbeite("))
    with pytest.raises(QuellenFehler, match=rf"^snippets/teil-1/uebung-1/loesung.md:{zeile}: Für sich ist das kein"):
        Kurs(kopie).pruefen()


def test_alt_ohne_neu_an_seiner_zeile(kopie, zeile_loeschen):
    """Eine gelöschte Zeile `neu = …`: gemeldet an `alt`, nicht als TypeError beim Ersetzen."""
    from kurs.modell import QuellenFehler

    neu = zeile_loeschen(kopie / "snippets/teil-1/uebung-1/fehler.toml", lambda z: z.startswith("neu = '(hash("))
    with pytest.raises(QuellenFehler, match=rf"^snippets/teil-1/uebung-1/fehler.toml:{neu - 1}: .* alt und neu gehören"):
        Kurs(kopie).pruefen()


def test_vertippter_schluessel_an_seiner_zeile(kopie):
    """`medlung = …` statt `meldung = …`: an der vertippten Zeile, nicht an der Kopfzeile des Eintrags."""
    from kurs.modell import QuellenFehler

    datei = kopie / "snippets/teil-1/uebung-1/fehler.toml"
    zeilen = datei.read_text(encoding="utf-8").split("\n")
    zeile = zeilen.index("meldung = 'doppelt gutgeschrieben'") + 1
    zeilen[zeile - 1] = zeilen[zeile - 1].replace("meldung", "medlung")
    datei.write_text("\n".join(zeilen), encoding="utf-8")
    with pytest.raises(QuellenFehler, match=rf"^snippets/teil-1/uebung-1/fehler.toml:{zeile}: .*unbekannt: \['medlung'\]"):
        Kurs(kopie).pruefen()


def test_geloeschte_meldung_an_der_geaenderten_zeile(kopie_mit_commit, zeile_loeschen):
    """Eine gelöschte Zeile `meldung = …` steht nirgends mehr: gemeldet, wo sie seit dem letzten Commit fehlt."""
    from kurs.modell import QuellenFehler

    datei = kopie_mit_commit / "snippets/teil-1/uebung-1/fehler.toml"
    zeile = zeile_loeschen(datei, lambda z: z == "meldung = 'doppelt gutgeschrieben'")
    with pytest.raises(QuellenFehler, match=rf"^snippets/teil-1/uebung-1/fehler.toml:{zeile}: .*braucht name, meldung"):
        Kurs(kopie_mit_commit).pruefen()


def test_eine_geaenderte_vorlage_steht_vor_der_meldung_an_fehler_toml(kopie_mit_commit):
    """Ein Tippfehler in vorlage.md (`pyaload`) zeigt sich als „Die Vorlage fällt durch, aber nicht mit dieser
    Meldung“ an fehler.toml; gemeint ist die geänderte Zeile der Vorlage."""
    datei = kopie_mit_commit / "snippets/teil-2/uebung-4/vorlage.md"
    zeilen = datei.read_text(encoding="utf-8").split("\n")
    nummer = next(n for n, z in enumerate(zeilen, start=1) if "INSERT INTO outbox (payload" in z)
    zeilen[nummer - 1] = zeilen[nummer - 1].replace("payload", "pyaload", 1)
    datei.write_text("\n".join(zeilen), encoding="utf-8")
    uebung = Kurs(kopie_mit_commit).uebungen["teil-2/uebung-4"]
    assert vorne(uebung, None, "snippets/teil-2/uebung-4/fehler.toml:5").startswith(
        f"snippets/teil-2/uebung-4/vorlage.md:{nummer}: Seit dem letzten Commit geändert")


def test_ein_geaenderter_eintrag_steht_vor_der_meldung(kopie_mit_commit):
    """Hat sich der Eintrag des typischen Fehlers in fehler.toml geändert, steht seine geänderte Zeile vorn."""
    datei = kopie_mit_commit / "snippets/teil-2/uebung-4/fehler.toml"
    uebung = Kurs(kopie_mit_commit).uebungen["teil-2/uebung-4"]
    fehler = uebung.fehler[0]
    zeilen = datei.read_text(encoding="utf-8").split("\n")
    nummer = int(uebung.fundstelle(fehler.name, "meldung").rsplit(":", 1)[1])
    zeilen[nummer - 1] = zeilen[nummer - 1].replace("meldung = ", "meldung  =  ", 1)
    datei.write_text("\n".join(zeilen), encoding="utf-8")
    assert vorne(Kurs(kopie_mit_commit).uebungen["teil-2/uebung-4"], fehler.name, "x:1").startswith(
        f"snippets/teil-2/uebung-4/fehler.toml:{nummer}: Seit dem letzten Commit geändert")
