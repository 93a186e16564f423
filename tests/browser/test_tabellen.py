"""Tabellen auf dem Laptop (Issue 51), 1280 px, hell und dunkel: Kein Name in Code bricht mitten
im Wort, und keine Tabelle ist seitlich abgeschnitten; die mit fünf und mehr Spalten (die
Übersicht der Praxis) steht gestapelt, jede Zelle mit ihrem Kopf daneben (kurs/seite/tabellen.py).
Auf dem Handy prüft test_handy.py die Tabellen."""

import im_browser as browser

from kurs.seite.tabellen import SPALTEN_IMMER_STAPELN

# Jede Tabelle im Artikel: wie weit sie über ihren Rahmen hinausreicht, und jedes Wort in Code, das
# auf mehr als einer Zeile steht (ein Range über das Wort hat dann Rechtecke in mehreren Zeilen).
TABELLEN = """() => [...document.querySelectorAll("article table")].map(t => {
    t.scrollIntoView();
    const rahmen = t.closest(".md-typeset__scrollwrap") ?? t.parentElement;
    const gebrochen = [];
    for (const code of t.querySelectorAll("code")) {
        const gang = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
        for (let knoten = gang.nextNode(); knoten; knoten = gang.nextNode())
            for (const wort of knoten.textContent.matchAll(/\\S+/g)) {
                const r = document.createRange();
                r.setStart(knoten, wort.index);
                r.setEnd(knoten, wort.index + wort[0].length);
                if (new Set([...r.getClientRects()].map(z => Math.round(z.top))).size > 1) gebrochen.push(wort[0]);
            }
    }
    const letzte = [...t.querySelectorAll("tr > :last-child")].map(z => z.getBoundingClientRect().right);
    return { text: t.innerText.slice(0, 40).replace(/\\s+/g, " "), spalten: t.querySelectorAll("thead th").length,
             code: t.querySelectorAll("code").length, gebrochen,
             abgeschnitten: Math.max(rahmen.scrollWidth - rahmen.clientWidth, ...letzte.map(r => r - rahmen.getBoundingClientRect().right)),
             gestapelt: [...t.querySelectorAll("td")].every(td => getComputedStyle(td).display !== "table-cell") };
})"""


def test_auf_dem_laptop_bricht_kein_name_in_einer_tabelle_und_keine_ist_abgeschnitten(lade, farbschema):
    geprueft = 0
    for pfad in browser.nav_seiten():
        page = lade(pfad, farbschema).page
        assert page.viewport_size["width"] == 1280
        for t in page.evaluate(TABELLEN):
            wo = f"{pfad or 'Start'}: Tabelle „{t['text']}“"
            assert not t["gebrochen"], f"{wo}: Code mitten im Namen umbrochen: {t['gebrochen']}"
            assert t["abgeschnitten"] <= 1, f"{wo}: {t['abgeschnitten']:.0f} px abgeschnitten"
            assert t["gestapelt"] == (t["spalten"] >= SPALTEN_IMMER_STAPELN), f"{wo}: {t}"
            geprueft += t["code"]
    assert geprueft >= 20, f"Nur {geprueft} Stück Code in Tabellen: Findet der Test sie noch?"
