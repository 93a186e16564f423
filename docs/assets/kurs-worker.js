// Web Worker: Python läuft hier, nie im Hauptthread, damit die Seite nie einfriert.
// Pyodide und kurs/lauf.py kommen von dieser Seite selbst, nicht von einem CDN.
//
// Laden (Issue 42): Die erste Nachricht ({ auftrag: "laden", dateien, info }) kommt, sobald die
// Leserin auf einen Codeblock zeigt oder ihn antippt (kurs-lauf.js), und nennt, was zu holen ist und
// wie groß es ist (kurs/vendor.py, python_im_browser). Alles beginnt zugleich: Pyodide holte sonst erst
// pyodide.asm.mjs und danach Wasm und Standardbibliothek. Was ankommt, zählt der Worker und meldet
// es höchstens alle 250 ms ({ status: "laedt", geladen, gesamt, fertig }, in Bytes übers Netz).
// fertig: Alles ist angekommen; ab da startet Python (kurs-lauf.js zeigt „Python startet …“).
const BASIS = new URL(".", import.meta.url);
const PYODIDE = new URL("vendor/pyodide/", BASIS);
const STDLIB = new URL("python_stdlib_kurs.zip", PYODIDE).href;
const MELDEN_MS = 250;

let dateien = [];
let info = null; // aus pyodide-lock.json: Pakete lädt der Kurs keine, die ganze Datei (119 KB) braucht er nicht
let bereit = null;
let aktuell = null; // die id des Auftrags, der gerade läuft

// Zählt, was übers Netz kam. Ein Server, der komprimiert (Content-Encoding), liefert weniger Bytes,
// als der Worker liest: Gezählt wird anteilig zu dem, was er schickt (Content-Length).
function ladestand() {
  const stand = new Map(dateien.map((d) => [d.pfad, { gelesen: 0, roh: d.roh, netz: d.netz, da: false }]));
  let gemeldet = 0;
  const melden = (fertig = false) => {
    const jetzt = performance.now();
    if (!fertig && jetzt - gemeldet < MELDEN_MS) return;
    gemeldet = jetzt;
    let geladen = 0;
    let gesamt = 0;
    for (const s of stand.values()) {
      gesamt += s.netz;
      geladen += Math.min(s.netz, s.gelesen / s.roh * s.netz);
    }
    self.postMessage({ status: "laedt", geladen, gesamt, fertig });
  };
  return {
    antwort(pfad, antwort) {
      const s = stand.get(pfad);
      const laenge = Number(antwort.headers.get("Content-Length"));
      if (antwort.headers.get("Content-Encoding") === null && laenge) s.roh = laenge;
      if (laenge) s.netz = laenge;
      melden();
    },
    gelesen(pfad, bytes) {
      stand.get(pfad).gelesen += bytes;
      melden();
    },
    fertig(pfad) {
      const s = stand.get(pfad);
      s.gelesen = s.roh;
      s.da = true;
      // Die letzte Datei: sofort melden, nicht erst nach dem Start (Issue 51: „5,2 von 5,2 MB“
      // stand sonst noch eine Sekunde da, während Python schon startete).
      melden([...stand.values()].every((d) => d.da));
    },
    alles: () => melden(true),
  };
}

// Holt eine Datei; eine Kopie der Antwort liest mit und zählt jedes Stück, das ankommt. Pyodide
// bekommt die Antwort selbst, nicht eine nachgebaute: An ihr hängt Chromiums Cache für übersetztes
// WebAssembly, mit dem ein späterer Besuch Python in halber Zeit startet.
async function holen(pfad, stand) {
  const antwort = await fetch(new URL(pfad, BASIS));
  if (!antwort.ok) throw new Error(`${pfad}: HTTP ${antwort.status}`);
  stand.antwort(pfad, antwort);
  zaehlen(antwort.clone().body.getReader(), pfad, stand);
  return antwort;
}

async function zaehlen(leser, pfad, stand) {
  for (;;) {
    const { done, value } = await leser.read();
    if (done) break;
    stand.gelesen(pfad, value.byteLength);
  }
  stand.fertig(pfad);
}

async function starte() {
  const stand = ladestand();
  const vorab = new Map();
  let modul = null;
  for (const { pfad } of dateien) {
    if (pfad.endsWith(".mjs")) {
      // Ein Modul importiert der Worker selbst; gezählt wird es, sobald es da ist.
      modul = import(new URL(pfad, BASIS)).then((m) => { stand.fertig(pfad); return m; });
    } else {
      vorab.set(new URL(pfad, BASIS).href, holen(pfad, stand));
    }
  }
  // Pyodide holt Wasm und Standardbibliothek mit fetch: Es bekommt die Antworten, die schon laufen.
  const holenImNetz = self.fetch;
  self.fetch = (adresse, optionen) => {
    const url = new URL(adresse, BASIS).href;
    const antwort = vorab.get(url);
    vorab.delete(url);
    return antwort ?? holenImNetz(adresse, optionen);
  };
  // Das Paket kurs, so weit der Browser es braucht (kurs/seite/plugin.py legt die Dateien auf die Seite).
  // Dieselbe Liste wie KURS_IM_BROWSER in kurs/vendor.py (tests/test_vendor.py).
  const kursDateien = ["kurs/lauf.py", "kurs/fehlerhilfe.py", "kurs/ursachen.py", "kurs/aufzeichnung.py",
    "kurs/aufzeichnung_schritte.py", "kurs/aufzeichnung_beobachter.py", "kurs/nachladen.py"];
  const texte = kursDateien.map(async (pfad) => (await holenImNetz(new URL(pfad, BASIS))).text());
  const { loadPyodide } = await import("./vendor/pyodide/pyodide.mjs");
  const pyodide = await loadPyodide({
    indexURL: PYODIDE.href, packageBaseUrl: PYODIDE.href, stdLibURL: STDLIB,
    // Ohne info (ein Auftrag ohne „laden“ vorher) holt Pyodide seine Sperrdatei selbst.
    lockFileContents: info ? { info, packages: {} } : undefined,
    createPyodideModule: modul ? (await modul).default : undefined,
  });
  stand.alles();
  pyodide.FS.mkdirTree("/home/pyodide/kurs");
  pyodide.FS.writeFile("/home/pyodide/kurs/__init__.py", "");
  (await Promise.all(texte)).forEach((text, i) => pyodide.FS.writeFile(`/home/pyodide/${kursDateien[i]}`, text));
  pyodide.pyimport("kurs.nachladen").einrichten(() => ganzeStandardbibliothek(pyodide));
  return pyodide.pyimport("kurs.lauf");
}

// Braucht ein Programm ein Modul, das im kleinen Zip fehlt (kurs/nachladen.py): die ganze
// Standardbibliothek, synchron, denn import wartet nicht. Solange sie lädt, hält das Zeitlimit an.
function ganzeStandardbibliothek(pyodide) {
  self.postMessage({ id: aktuell, status: "laedt", nachladen: true });
  const anfrage = new XMLHttpRequest();
  anfrage.open("GET", new URL("python_stdlib.zip", PYODIDE), false);
  anfrage.responseType = "arraybuffer";
  anfrage.send();
  if (anfrage.status !== 200) throw new Error(`python_stdlib.zip: HTTP ${anfrage.status}`);
  pyodide.FS.writeFile("/lib/python_stdlib_ganz.zip", new Uint8Array(anfrage.response));
  self.postMessage({ id: aktuell, status: "laeuft" });
  return "/lib/python_stdlib_ganz.zip";
}

self.onmessage = async ({ data }) => {
  if (data.auftrag === "laden") {
    ({ dateien, info } = data);
    bereit ??= starte();
    bereit.catch(() => {}); // gemeldet wird ein Fehler beim Laden erst dem ersten Auftrag
    return;
  }
  const { id, auftrag, teile } = data;
  let kursLauf;
  try {
    bereit ??= starte();
    kursLauf = await bereit;
  } catch (fehler) {
    bereit = null; // der nächste Klick versucht es noch einmal, etwa nach einem Netzfehler
    self.postMessage({ id, status: "fertig", ergebnis: { ok: false, meldung: `Python ließ sich nicht laden: ${fehler.message}`, ausgabe: "" } });
    return;
  }
  try {
    // Ab jetzt zählt das Zeitlimit: Das Laden von Python gehört nicht dazu.
    aktuell = id;
    self.postMessage({ id, status: "laeuft" });
    // Was der Lauf tat (kurs/aufzeichnung.py), kommt als JSON; ein Zwischenstand schon während des Laufs,
    // damit die Seite ihn hat, falls das Zeitlimit den Worker beendet.
    const melden = (text) => self.postMessage({ id, status: "zwischenstand", aufzeichnung: JSON.parse(text) });
    const ergebnis = kursLauf.im_browser.callKwargs(auftrag, ...teile, { melden })
      .toJs({ dict_converter: Object.fromEntries });
    ergebnis.aufzeichnung = JSON.parse(ergebnis.aufzeichnung);
    self.postMessage({ id, status: "fertig", ergebnis });
  } catch (fehler) {
    self.postMessage({ id, status: "fertig", ergebnis: { ok: false, meldung: `Python konnte nicht laufen: ${fehler.message}`, ausgabe: "" } });
  }
};
