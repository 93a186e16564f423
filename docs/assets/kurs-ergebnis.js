// Was erst nach einem Lauf zählt: das Ergebnis unter dem Block, die Zeile eines Fehlers im Editor und die
// Aufzeichnung für die Zeichnung (Issue 48). kurs-lauf.js lädt dieses Modul mit dem ersten Klick auf
// „Ausführen“ oder „Prüfen“ (oder wenn du auf einen Block zeigst), neben Python, das ohnehin Sekunden
// braucht: Beim Laden der Seite kostet es kein Byte (benchmarks/zeichnung.py).

function element(name, klasse, text = "") {
  const e = document.createElement(name);
  if (klasse) e.className = klasse;
  e.textContent = text;
  return e;
}

// Eine Meldung setzt Namen in `Backticks` (kurs/fehlerhilfe.py, die Prüfungen): Sie werden Code.
// "\u0060" ist der Backtick; so bleibt jede Zeile dieser Datei eine ganze Zeile (kurs/seite/ohne_kommentare.py).
function mitCode(absatz, text) {
  text.split("\u0060").forEach((teil, i) => teil && absatz.append(i % 2 ? element("code", "", teil) : teil));
  return absatz;
}

// Unter dem Titel: was der Code druckte (wie Code), die Meldung dazu (als Satz, in der Schrift des Textes)
// und, wenn die Ausgabe von der Seite abweicht, die Ausgabe der Seite zum Vergleich.
function teile({ ausgabe = "", meldung = "", seite = null }) {
  const aus = [];
  if (ausgabe) aus.push(element("pre", "kurs-ausgabe", ausgabe));
  if (meldung) aus.push(mitCode(element("p", "kurs-meldung"), meldung));
  if (seite !== null) {
    const vergleich = element("details", "kurs-vergleich");
    vergleich.append(element("summary", "", "Ausgabe auf der Seite"), element("pre", "", seite));
    aus.push(vergleich);
  }
  return aus;
}

// Der Titel über der Ausgabe eines Laufs, der klappte.
function titel(programm, ausgabe) {
  if (programm.ausgabe === null || programm.ausgabe === undefined) return "Ausgabe";
  return ausgabe === programm.ausgabe ? "Ausgabe (wie auf der Seite)" : "Ausgabe (anders als auf der Seite)";
}

// Das Ergebnis eines Laufs, das unter dem Rand des Bildschirms stünde (auf dem Handy fast
// immer), rückt ins Bild; der Fokus bleibt, wo er ist.
function imBild(ergebnis) {
  const { top, bottom, height } = ergebnis.getBoundingClientRect();
  if (bottom <= innerHeight || top < 0) return;
  const ruhig = matchMedia("(prefers-reduced-motion: reduce)").matches;
  ergebnis.scrollIntoView({ block: height > innerHeight ? "start" : "end", behavior: ruhig ? "auto" : "smooth" });
}

// Die Aufzeichnung eines gestoppten Laufs (kurs/aufzeichnung.py): sein letzter Zwischenstand, als Teil markiert.
function abgebrochen(stand) {
  const leer = { teilnehmer: [], schritte: [], szenario_gescheitert: null };
  return { ...(stand ?? leer), teilweise: true, grund: stand
    ? "Der Lauf wurde gestoppt. Gezeichnet ist, was bis dahin geschah."
    : "Für diesen Lauf gibt es keine Zeichnung: Er wurde gestoppt." };
}

// Was der Lauf tat, für die Zeichnung: als Ereignis „kurs:aufzeichnung“ am Block, detail wie
// ergebnis.aufzeichnung (Format in kurs/aufzeichnung.py), dazu pruefen und ok. Ohne Schritte gibt es
// nichts zu zeichnen. Verriete die Zeichnung einer Übung die Antwort, kommt sie erst nach dem Bestehen.
function aufzeichnungMelden(b, e, uebung, pruefen) {
  let aufzeichnung = "zwischenstand" in e ? abgebrochen(e.zwischenstand) : e.aufzeichnung;
  if (!aufzeichnung) return;
  if (pruefen && !e.ok && uebung?.zeichnung_nach_bestehen) {
    aufzeichnung = { teilnehmer: [], schritte: [], teilweise: false, szenario_gescheitert: null,
      grund: "Die Zeichnung deines Laufs erscheint, sobald du die Übung bestanden hast." };
  }
  b.block.dispatchEvent(new CustomEvent("kurs:aufzeichnung", { bubbles: true, detail: { ...aufzeichnung, pruefen, ok: e.ok } }));
}

// Das Ergebnis des Laufs `e` unter dem Block; `lauf` sind zeige und editorOeffnen aus kurs-lauf.js.
export function ergebnis(b, e, { auftrag, programm, uebung }, lauf) {
  aufzeichnungMelden(b, e, uebung, auftrag === "pruefe");
  const seite = programm.ausgabe ?? null;
  if (e.gestoppt) {
    lauf.zeige(b, "gestoppt", "Gestoppt", ...teile(e));
  } else if (!e.ok) {
    lauf.zeige(b, "fehler", auftrag === "pruefe" ? "Nicht bestanden" : "Fehler", ...teile(e));
    // Die Zeile, auf die der Fehler zeigt, markiert der Editor (er lädt dafür, falls nötig).
    if (e.zeile) lauf.editorOeffnen(b, false).then(() => b.block.kursFehlerzeile?.(e.zeile));
  } else if (auftrag === "pruefe") {
    lauf.zeige(b, "ok", "Bestanden", ...teile({ ausgabe: e.ausgabe }));
  } else {
    lauf.zeige(b, "ok", titel(programm, e.ausgabe), ...teile({
      ausgabe: e.ausgabe || "(keine Ausgabe)", seite: seite === null || seite === e.ausgabe ? null : seite }));
  }
  imBild(b.ergebnis);
}

// Dein Lauf, gezeichnet (Issue 48): Die Aufzeichnung zeichnet kurs-zeichnung.js; es lädt erst mit der
// ersten, die Schritte hat. Ohne Schritte steht nur der Grund da. Beides erst nach dem Ergebnis.
export function zeichnen(b, aufzeichnung, lauf) {
  if (aufzeichnung?.schritte?.length) {
    import(new URL("kurs-zeichnung.js", import.meta.url)).then((z) => z.zeige(aufzeichnung, b.ergebnis,
      (zeile) => lauf.editorOeffnen(b, false).then(() => b.block.kursZeileZeigen?.(zeile)))).catch(() => {});
  } else if (aufzeichnung?.grund) {
    queueMicrotask(() => b.ergebnis.append(element("p", "kurs-zeichnung-grund", aufzeichnung.grund)));
  }
}
