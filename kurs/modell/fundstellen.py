"""Wo in fehler.toml einer Übung etwas steht: für Meldungen an der Zeile, an der eine Beitragende ändert."""

import re

from kurs.modell.aenderungen import geaendert


class Fundstellen:
    """Für Uebung (kurs/modell/uebungen.py): braucht `ordner` und `kurs`."""

    def _kopfzeile(self, art: str, nummer: int) -> str:
        """"…/fehler.toml:7": die Zeile des `nummer`-ten [[art]] (ab 0), etwa eines ohne name."""
        datei = self.ordner / "fehler.toml"
        text = datei.read_text(encoding="utf-8")
        koepfe = list(re.finditer(rf"^\[\[\s*{art}\s*\]\]", text, re.M))
        wo = datei.relative_to(self.kurs.wurzel).as_posix()
        return f"{wo}:{text.count(chr(10), 0, koepfe[nummer].start()) + 1}" if nummer < len(koepfe) else wo

    def fundstelle(self, name: str | None, schluessel: str) -> str:
        """"snippets/teil-2/uebung-1/fehler.toml:12": die Zeile von `schluessel` im Eintrag `name`
        ([[fehler]] oder [[variante]]; None: oben in der Datei, etwa vorlage_meldung)."""
        datei = self.ordner / "fehler.toml"
        text = datei.read_text(encoding="utf-8")
        anfang = 0
        if name is not None and (m := re.search(rf"^name\s*=\s*['\"]{re.escape(name)}['\"]", text, re.M)):
            anfang = text.rfind("[[", 0, m.start())  # der Eintrag beginnt mit [[fehler]] oder [[variante]]
        treffer = re.compile(rf"^{schluessel}\s*=", re.M).search(text, max(anfang, 0))
        zeile = text.count("\n", 0, treffer.start() if treffer else max(anfang, 0)) + 1
        return f"{datei.relative_to(self.kurs.wurzel).as_posix()}:{zeile}"

    def aenderung_im_eintrag(self, name: str):
        """(„…/fehler.toml:N“, Änderung) für die erste Zeile im Eintrag `name`, die sich seit dem letzten Commit
        geändert hat oder dort fehlt (ein gelöschtes meldung = …), oder None (kurs/modell/aenderungen.py)."""
        pfad, _, anfang = self.fundstelle(name, "name").rpartition(":")
        zeilen = (self.kurs.wurzel / pfad).read_text(encoding="utf-8").split("\n")
        kopf = next((n for n in range(int(anfang), 0, -1) if zeilen[n - 1].startswith("[[")), 1)
        ende = next((n for n in range(int(anfang) + 1, len(zeilen) + 1) if zeilen[n - 1].startswith("[[")), len(zeilen) + 1)
        return next(((f"{pfad}:{a.zeile}", a) for a in geaendert(self.kurs.wurzel, pfad) if kopf <= a.zeile < ende), None)

    def _alt_stelle(self, name: str, alt: str, code: str) -> str:
        """Wo `alt` (ein Stück der Musterlösung) in fehler.toml aufhört, in `code` zu stehen: die erste
        Zeile, die so nicht darin steht; sonst die Zeile von `alt`."""
        wo = self.fundstelle(name, "alt")
        zeilen = alt.split("\n")
        k = next((k for k in range(1, len(zeilen) + 1) if "\n".join(zeilen[:k]) not in code), None)
        if k is None or not zeilen[k - 1].strip():
            return wo
        pfad, anfang = wo.rsplit(":", 1)
        text = (self.ordner / "fehler.toml").read_text(encoding="utf-8").split("\n")
        return next((f"{pfad}:{n}" for n in range(int(anfang), len(text) + 1) if text[n - 1] == zeilen[k - 1]), wo)
