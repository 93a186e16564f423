// Jeder Python-Block wird bearbeitbar und bekommt "Ausführen"; jede Übungsvorlage
// bekommt "Prüfen". Was ein Block ausführt, steht als JSON auf der Seite
// (kurs/programme.py): dieselbe Zusammensetzung, die die Tests ausführen.
// Python (Pyodide) lädt erst beim ersten Klick, in einem Web Worker.
(() => {
  "use strict";

  // Die Instant-Navigation führt dieses Skript auf jeder Seite mit Code erneut aus:
  // Es gibt nur eine Einrichtung und einen Worker.
  if (window.kursLauf) {
    window.kursLauf();
    return;
  }

  const BASIS = new URL(".", document.currentScript.src); // .../assets/
  const ZEITLIMIT_S = 10;

  let worker = null;
  let naechsteId = 0;
  let laufend = null; // { id, fertig, abbrechen, timer }

  function neuerWorker() {
    worker = new Worker(new URL("kurs-worker.js", BASIS), { type: "module" });
    worker.onmessage = ({ data }) => {
      if (!laufend || data.id !== laufend.id) return;
      if (data.status === "laeuft") {
        laufend.laeuft();
        const grenze = window.kursZeitlimitS ?? ZEITLIMIT_S; // Tests setzen es kürzer
        laufend.timer = setTimeout(() => abbrechen(
          `Dein Code lief länger als ${grenze} s und wurde gestoppt. ` +
          "Wahrscheinlich eine Endlosschleife: Endet jede Schleife?"), grenze * 1000);
      } else {
        const { fertig } = laufend;
        clearTimeout(laufend.timer);
        laufend = null;
        fertig(data.ergebnis);
      }
    };
  }

  // Ein Worker, der hängt, lässt sich nur beenden; der nächste Lauf startet einen neuen.
  function abbrechen(meldung) {
    if (!laufend) return;
    const { fertig } = laufend;
    clearTimeout(laufend.timer);
    laufend = null;
    worker.terminate();
    worker = null;
    fertig({ ok: false, meldung, ausgabe: "" });
  }

  function ausfuehren(auftrag, teile, laeuft) {
    if (laufend) abbrechen("Abgebrochen: Ein neuer Lauf wurde gestartet.");
    if (!worker) neuerWorker();
    return new Promise((fertig) => {
      const id = ++naechsteId;
      laufend = { id, fertig, laeuft, timer: null };
      worker.postMessage({ id, auftrag, teile });
    });
  }

  function knopf(text, titel) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "md-button kurs-knopf";
    b.textContent = text;
    if (titel) b.title = titel;
    return b;
  }

  function vorlageText(name) {
    const { bloecke } = JSON.parse(document.getElementById("kurs-programme").dataset.programme);
    const nummer = bloecke.findIndex((b) => b.uebung === name && b.rolle === "vorlage");
    return document.querySelector(`.language-python.highlight[data-lauf="${nummer}"] code`).textContent;
  }

  function einrichten(block, programm, uebungen) {
    const code = block.querySelector("code");
    const original = code.innerHTML;
    const uebung = programm.uebung ? uebungen[programm.uebung] : null;
    const istVorlage = programm.rolle === "vorlage";
    const speicher = istVorlage ? `kurs:${programm.uebung}` : null;

    code.contentEditable = "plaintext-only";
    code.spellcheck = false;
    code.setAttribute("role", "textbox");
    code.setAttribute("aria-multiline", "true");
    code.setAttribute("aria-label", istVorlage
      ? "Deine Lösung (bearbeitbar; Strg+Enter prüft)"
      : "Python-Code (bearbeitbar; Strg+Enter führt aus)");
    code.tabIndex = 0;
    if (speicher && localStorage.getItem(speicher) !== null) {
      code.textContent = localStorage.getItem(speicher);
    }

    const leiste = document.createElement("div");
    leiste.className = "kurs-leiste";
    const ausfuehrenKnopf = knopf("Ausführen", "Strg+Enter");
    const pruefenKnopf = istVorlage ? knopf("Prüfen", "Strg+Enter") : null;
    const stoppKnopf = knopf("Stopp");
    const zuruecksetzenKnopf = knopf("Zurücksetzen", "Den ursprünglichen Code wiederherstellen");
    stoppKnopf.hidden = true;
    const ergebnis = document.createElement("div");
    ergebnis.className = "kurs-ergebnis";
    ergebnis.setAttribute("role", "status");
    ergebnis.setAttribute("aria-live", "polite");
    leiste.append(...[ausfuehrenKnopf, pruefenKnopf, stoppKnopf, zuruecksetzenKnopf].filter(Boolean));
    block.after(leiste, ergebnis);

    function zeige(art, titel, text) {
      ergebnis.className = `kurs-ergebnis kurs-${art}`;
      ergebnis.replaceChildren();
      const kopf = document.createElement("p");
      kopf.className = "kurs-ergebnis-titel";
      kopf.textContent = titel;
      ergebnis.append(kopf);
      if (text) {
        const pre = document.createElement("pre");
        pre.textContent = text;
        ergebnis.append(pre);
      }
    }

    async function starte(auftrag, teile, titelOk) {
      ausfuehrenKnopf.disabled = true;
      if (pruefenKnopf) pruefenKnopf.disabled = true;
      stoppKnopf.hidden = false;
      zeige("wartet", worker ? "Läuft …" : "Python wird geladen (einmalig) …");
      const e = await ausfuehren(auftrag, teile, () => zeige("wartet", "Läuft …"));
      ausfuehrenKnopf.disabled = false;
      if (pruefenKnopf) pruefenKnopf.disabled = false;
      stoppKnopf.hidden = true;
      if (!e.ok) {
        zeige("fehler", auftrag === "pruefe" ? "Nicht bestanden" : "Fehler",
          (e.ausgabe ? e.ausgabe + "\n" : "") + e.meldung);
      } else {
        zeige("ok", titelOk(e.ausgabe), e.ausgabe || "(keine Ausgabe)");
      }
    }

    const text = () => code.textContent;

    function ausfuehrenKlick() {
      // Übungsteile laufen mit ihrer Übung: Kontext und Vorlage für sich, Lösung und
      // Prüfung als Prüfung der (gezeigten, vielleicht geänderten) Lösung.
      const rolle = programm.rolle;
      if (rolle === "kontext") return starte("lauf", ["", text()], () => "Ausgabe");
      if (rolle === "vorlage") return starte("lauf", [uebung.kontext, text()], () => "Ausgabe");
      if (rolle === "loesung") return starte("pruefe", [uebung.kontext, text(), uebung.pruefung], () => "Bestanden");
      if (rolle === "pruefung") {
        // Eine Prüfung kann aus mehreren gezeigten Blöcken bestehen: nur dieses Stück ersetzen.
        const pruefung = uebung.pruefung.replace(programm.code, () => text());
        // Ohne Musterlösung (Notebook-Seite) prüft sie, was in der Vorlage steht.
        const kandidat = uebung.loesung ?? vorlageText(programm.uebung);
        return starte("pruefe", [uebung.kontext, kandidat, pruefung], () => "Bestanden");
      }
      return starte("lauf", [programm.vorher, text()], (ausgabe) =>
        programm.ausgabe === null || programm.ausgabe === undefined ? "Ausgabe"
          : ausgabe === programm.ausgabe ? "Ausgabe (wie auf der Seite)" : "Ausgabe (anders als auf der Seite)");
    }

    function pruefenKlick() {
      return starte("pruefe", [uebung.kontext, text(), uebung.pruefung], () => "Bestanden");
    }

    ausfuehrenKnopf.addEventListener("click", ausfuehrenKlick);
    if (pruefenKnopf) pruefenKnopf.addEventListener("click", pruefenKlick);
    stoppKnopf.addEventListener("click", () => abbrechen("Gestoppt."));
    zuruecksetzenKnopf.addEventListener("click", () => {
      code.innerHTML = original;
      if (speicher) localStorage.removeItem(speicher);
      ergebnis.replaceChildren();
      ergebnis.className = "kurs-ergebnis";
    });
    code.addEventListener("input", () => {
      if (speicher) localStorage.setItem(speicher, text());
    });
    code.addEventListener("keydown", (ereignis) => {
      if (ereignis.key === "Enter" && (ereignis.ctrlKey || ereignis.metaKey)) {
        ereignis.preventDefault();
        (pruefenKnopf ? pruefenKlick : ausfuehrenKlick)();
      }
    });
  }

  function seiteEinrichten() {
    const daten = document.getElementById("kurs-programme");
    if (!daten) return;
    const { bloecke, uebungen } = JSON.parse(daten.dataset.programme);
    document.querySelectorAll(".language-python.highlight[data-lauf]").forEach((block) => {
      if (block.dataset.kursBereit) return;
      block.dataset.kursBereit = "1";
      einrichten(block, bloecke[Number(block.dataset.lauf)], uebungen);
    });
  }

  window.kursLauf = seiteEinrichten;
  // Material tauscht bei der Instant-Navigation den Inhalt aus und meldet das über document$.
  if (window.document$) window.document$.subscribe(seiteEinrichten);
  seiteEinrichten();
})();
