// Dein Lauf, gezeichnet (Issue 48): die Aufzeichnung eines Laufs (Format in kurs/aufzeichnung.py) als
// Sequenzdiagramm in HTML und CSS, zugleich eine geordnete Liste von Sätzen für den Screenreader. Lädt erst
// mit der ersten Aufzeichnung mit Schritten (kurs-lauf.js). Sie zeigt nur, was aufgezeichnet ist.

// Eine Art einzeln und als Anzahl: „… 97 weitere leere Abfragen“.
const ARTEN = {
  send: ["Senden", "Sendungen"],
  zustellung: ["Zustellung", "Zustellungen"],
  leer: ["leere Abfrage", "leere Abfragen"],
  ack: ["Ack", "Acks"],
  tick: ["Tick", "Ticks"],
  wieder_sichtbar: ["wieder sichtbar", "Male wieder sichtbar"],
  absturz: ["Absturz", "Abstürze"],
  dlq: ["in die DLQ", "Einträge in der DLQ"],
  veroeffentliche: ["Veröffentlichen", "Veröffentlichungen"],
  anhaengen: ["Anhängen", "angehängte Einträge"],
  lesen: ["Lesen", "Lesevorgänge"],
  commit: ["Commit", "Commits"],
  seek: ["Seek", "Seeks"],
};
// Längste Folge von Schritten, die sich als Ganzes wiederholen darf (eine Runde der Schleife).
const LAENGSTE_RUNDE = 12;
// So viele Zeilen (gut ein Bildschirm) kommen ins erste Bild, der Rest ein Bild später: Jede Zeile im
// ersten Bild kostet Zeit bis zur Zeichnung (benchmarks/zeichnung.py).
const ERSTE_ZEILEN = 16;

function el(name, klasse, ...kinder) {
  const e = document.createElement(name);
  if (klasse) e.className = klasse;
  e.append(...kinder);
  return e;
}

const gleich = (a, b) => a.art === b.art && a.von === b.von && a.an === b.an && a.id === b.id && a.zeile === b.zeile;

// Wie oft sich die `k` Schritte ab `i` unmittelbar wiederholen (mindestens 1).
function runden(schritte, i, k) {
  let n = 1;
  while (i + (n + 1) * k <= schritte.length) {
    for (let j = 0; j < k; j++) if (!gleich(schritte[i + j], schritte[i + n * k + j])) return n;
    n++;
  }
  return n;
}

// Die Schritte als Zeilen: [„schritt“, s] oder [„mehr“, text, Anzahl] für eine lange Wiederholung. Von
// gleichen Schritten bleiben die ersten zwei und der letzte, von Runden die erste und die letzte.
export function zeilen(schritte) {
  const aus = [];
  let i = 0;
  while (i < schritte.length) {
    let best = { k: 0, n: 0 };
    for (let k = 1; k <= LAENGSTE_RUNDE && i + 2 * k <= schritte.length; k++) {
      const n = runden(schritte, i, k);
      if (n * k > best.n * best.k) best = { k, n };
    }
    const { k, n } = best;
    const vorn = k === 1 ? 2 : 1; // ganze Runden vor und nach der Zusammenfassung
    if (n - vorn - 1 < 2) {
      aus.push(["schritt", schritte[i]]);
      i++;
      continue;
    }
    for (const s of schritte.slice(i, i + vorn * k)) aus.push(["schritt", s]);
    const mitte = schritte.slice(i + vorn * k, i + (n - 1) * k);
    aus.push(["mehr", zusammenfassung(mitte, k), mitte.length]);
    for (const s of schritte.slice(i + (n - 1) * k, i + n * k)) aus.push(["schritt", s]);
    i += n * k;
  }
  return aus;
}

function zusammenfassung(mitte, k) {
  const runde = mitte.slice(0, k);
  const anzahl = mitte.length / k;
  let text = k === 1
    ? `… ${anzahl} weitere ${ARTEN[runde[0].art]?.[1] ?? "gleiche Schritte"}`
    : `… ${anzahl}-mal dieselben ${k} Schritte (${runde.map((s) => ARTEN[s.art]?.[0] ?? s.art).join(", ")})`;
  // Der Zähler der Queue, wie aufgezeichnet: Die Zeilen dazwischen stehen nicht da.
  const versuche = mitte.filter((s) => s.art === "zustellung" && s.versuche != null).map((s) => s.versuche);
  if (versuche.length >= 2) text += `, ${versuche[0]}. bis ${versuche.at(-1)}. Zustellung`;
  return text;
}

// Eine Zeile: der Text des Schritts über dem Pfeil von Spalte `von` nach `an`, oder ein Kasten über der
// Lebenslinie, wenn ein Teilnehmer etwas mit sich selbst tut.
function schrittZeile(s, spalte, n) {
  const von = spalte(s.von);
  const an = s.an == null || s.an === s.von ? von : spalte(s.an);
  const li = el("li", `kurs-schritt kurs-schritt-${s.art}`);
  const sprecher = von === an ? `${s.von}: ` : `${s.von} an ${s.an}: `;
  // „versuche = 1“ bricht auf dem Handy nicht vor der Zahl um.
  const text = el("span", "kurs-schritt-text", el("span", "kurs-unsichtbar", sprecher), s.text.replaceAll(" = ", "\u00a0=\u00a0"));
  // Was veröffentlicht wurde, steht nur im Inhalt (etwa die nachricht_id, Teil 2, Übung 4).
  if (s.art === "veroeffentliche" && s.body) text.append(" ", el("code", "", s.body));
  // Den Zähler nennt schon der Text („versuche = 2“), die Marke sagt es in Worten, nicht nur in Farbe.
  if (s.art === "zustellung" && s.versuche >= 2) {
    li.classList.add("kurs-wiederholt");
    text.append(", ", el("strong", "kurs-schritt-marke", "erneut"));
  }
  // Für den Screenreader ein Satz mit Punkt, auch wenn der Text des Schritts keinen hat.
  if (!/[.!?]$/.test(text.textContent)) text.append(el("span", "kurs-unsichtbar", "."));
  if (s.zeile != null) {
    const knopf = el("button", "kurs-schritt-zeile", `Zeile ${s.zeile}`);
    Object.assign(knopf, { type: "button", title: "Im Editor zeigen" });
    knopf.dataset.zeile = s.zeile;
    text.append(" ", knopf);
  }
  li.append(text);
  // Ein Kasten darf in die Nachbarspalten reichen; am Rand zur Mitte hin.
  const [a, b] = von === an ? [Math.max(von - 1, 1), Math.min(von + 1, n)] : [Math.min(von, an), Math.max(von, an)];
  li.style.cssText = `--a:${a};--b:${b + 1};--spannweite:${b - a + 1}`;
  if (von === an) {
    li.classList.add("kurs-selbst");
    if (n > 1 && (von === 1 || von === n)) text.style.justifySelf = von === 1 ? "start" : "end";
    return li;
  }
  const pfeil = el("span", `kurs-pfeil ${an > von ? "kurs-nach-rechts" : "kurs-nach-links"}`);
  pfeil.setAttribute("aria-hidden", "true");
  li.append(pfeil);
  return li;
}

// Die Zeichnung einer Aufzeichnung oder eines Szenarios daraus: ein <details>. `zeigen(zeile)` springt im
// Editor auf eine Zeile des Codes.
export function zeichne(aufzeichnung, { offen = false, zeigen = () => {}, titel = "Dein Lauf, gezeichnet" } = {}) {
  const { schritte } = aufzeichnung;
  // Die Teilnehmer, die vorkommen, in der Reihenfolge der Aufzeichnung; wer dort fehlt, dahinter.
  const da = new Set(schritte.flatMap((s) => [s.von, s.an]).filter((t) => t != null));
  const teilnehmer = [...new Set([...aufzeichnung.teilnehmer.filter((t) => da.has(t)), ...da])];
  const n = teilnehmer.length;
  const spalte = (t) => teilnehmer.indexOf(t) + 1;
  const liste = el("ol", "kurs-zeichnung-schritte");
  liste.setAttribute("role", "list"); // ohne Aufzählungszeichen sonst in Safari keine Liste mehr
  liste.addEventListener("click", (e) => e.target.dataset.zeile && zeigen(Number(e.target.dataset.zeile)));
  const alle = zeilen(schritte);
  const zusammengefasst = alle.reduce((summe, [art, , anzahl]) => summe + (art === "mehr" ? anzahl : 0), 0);
  const zeile = ([art, inhalt]) => art === "schritt" ? schrittZeile(inhalt, spalte, n) : el("li", "kurs-schritt-mehr", inhalt);
  // Die Elemente der übrigen Zeilen entstehen erst nach dem ersten Bild: Sie kosten es keine Zeit.
  liste.append(...alle.slice(0, ERSTE_ZEILEN).map(zeile));
  if (alle.length > ERSTE_ZEILEN) {
    liste.setAttribute("aria-busy", "true");
    requestAnimationFrame(() => setTimeout(() => {
      liste.append(...alle.slice(ERSTE_ZEILEN).map(zeile));
      liste.removeAttribute("aria-busy");
    }));
  }
  const kopf = el("div", "kurs-zeichnung-kopf", ...teilnehmer.map((t) => el("span", "", t)));
  kopf.setAttribute("aria-hidden", "true"); // Jeder Satz nennt seine Teilnehmer selbst.
  const flaeche = el("div", "kurs-zeichnung-flaeche", kopf, liste);
  flaeche.style.setProperty("--n", n);

  const details = el("details", "kurs-zeichnung");
  details.open = offen;
  const zahl = `${schritte.length} ${schritte.length === 1 ? "Schritt" : "Schritte"}`;
  details.append(el("summary", "", `${titel} (${zahl}${zusammengefasst ? `, davon ${zusammengefasst} zusammengefasst` : ""})`));
  if (aufzeichnung.teilweise) {
    details.append(el("p", "kurs-zeichnung-teilweise", el("strong", "", "Nur ein Teil des Laufs: "),
      aufzeichnung.grund ?? "Die Aufzeichnung endet vor dem Lauf."));
  }
  details.append(flaeche);
  return details;
}

// Die Zeichnung erscheint erst mit ihrem Stil; ohne ihn (offline) bleibt eine Liste von Sätzen.
const STIL = new Promise((fertig) => {
  const link = Object.assign(document.createElement("link"), { rel: "stylesheet", onload: fertig, onerror: fertig });
  link.href = new URL("kurs-zeichnung.css", import.meta.url);
  document.head.append(link);
});

// Für kurs-lauf.js: die Zeichnung unter dem Ergebnis, offen außer nach bestandener Prüfung. Je Szenario
// der Prüfung eine, das gescheiterte zuerst und als einziges offen.
export async function zeige(aufzeichnung, ergebnis, zeigen) {
  await STIL;
  if (ergebnis.classList.contains("kurs-wartet")) return; // inzwischen läuft ein neuer Lauf
  const offen = !(aufzeichnung.ok && aufzeichnung.pruefen);
  const szenarien = [...new Set(aufzeichnung.schritte.map((s) => s.szenario ?? null))];
  if (szenarien.length < 2) return ergebnis.append(zeichne(aufzeichnung, { offen, zeigen }));
  const gescheitert = aufzeichnung.szenario_gescheitert;
  szenarien.sort((a, b) => (b === gescheitert) - (a === gescheitert));
  ergebnis.append(...szenarien.map((name) => {
    const teil = { ...aufzeichnung, schritte: aufzeichnung.schritte.filter((s) => (s.szenario ?? null) === name) };
    if (name !== aufzeichnung.schritte.at(-1).szenario) teil.teilweise = false; // nur das letzte brach ab
    return zeichne(teil, { offen: offen && name === gescheitert, zeigen,
      titel: name ? `Dein Lauf, gezeichnet: ${name}` : "Dein Lauf, gezeichnet" });
  }));
}
