// Web Worker: Python läuft hier, nie im Hauptthread, damit die Seite nie einfriert.
// Pyodide und kurs/lauf.py kommen von dieser Seite selbst, nicht von einem CDN.
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";

const BASIS = new URL(".", import.meta.url);
let bereit = null;

async function starte() {
  const pyodide = await loadPyodide({ indexURL: new URL("vendor/pyodide/", BASIS).href });
  const lauf = await (await fetch(new URL("kurs/lauf.py", BASIS))).text();
  pyodide.FS.writeFile("/home/pyodide/kurs_lauf.py", lauf);
  return pyodide.pyimport("kurs_lauf");
}

self.onmessage = async ({ data }) => {
  const { id, auftrag, teile } = data;
  try {
    bereit ??= starte();
    const kursLauf = await bereit;
    // Ab jetzt zählt das Zeitlimit: Das Laden von Python gehört nicht dazu.
    self.postMessage({ id, status: "laeuft" });
    const ergebnis = kursLauf.im_browser(auftrag, ...teile).toJs({ dict_converter: Object.fromEntries });
    self.postMessage({ id, status: "fertig", ergebnis });
  } catch (fehler) {
    self.postMessage({ id, status: "fertig", ergebnis: { ok: false, meldung: `Python konnte nicht laufen: ${fehler.message}`, ausgabe: "" } });
  }
};
