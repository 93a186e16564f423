// Dein Lauf, gezeichnet (Issue 48): die Aufzeichnung eines Laufs als Sequenzdiagramm in HTML und CSS
// (kurs-zeichnung.css), unter dem Ergebnis. Lädt erst mit der ersten Aufzeichnung mit Schritten
// (kurs-lauf.js, zeichnen; benchmarks/zeichnung.py). Eine Spalte je Teilnehmer, eine Zeile je Schritt;
// zugleich eine geordnete Liste von Sätzen für den Screenreader. Sie zeigt nur, was aufgezeichnet ist:
// „erneut: 3. Zustellung“ ist der Zähler der Queue, „… 97 weitere leere Abfragen“ fasst gleiche
// Schritte zusammen (Art, Teilnehmer, Nachricht, Zeile); „verloren“ steht nur im Text eines Schritts.

// Wie ein Schritt einer Art heißt, einzeln und als Anzahl: „… 97 weitere leere Abfragen“.
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

// Die Schritte als Zeilen: [„schritt“, s] einzeln, [„mehr“, text, zusammengefasste Schritte] für eine
// lange Wiederholung. Von einer Folge einzelner Schritte bleiben die ersten zwei und der letzte
// stehen, von Runden aus mehreren Schritten die erste und die letzte Runde.
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
  // Der Zähler der Queue, so wie aufgezeichnet: erste und letzte Zustellung der Zusammenfassung.
  const versuche = mitte.filter((s) => s.art === "zustellung" && s.versuche != null).map((s) => s.versuche);
  if (versuche.length >= 2) text += `, ${versuche[0]}. bis ${versuche.at(-1)}. Zustellung`;
  return text;
}

// Eine Zeile: der Pfeil von Spalte `von` nach `an` (oder ein Kasten über einer Lebenslinie, wenn ein
// Teilnehmer etwas mit sich selbst tut) und darüber der Text des Schritts.
function schrittZeile(s, spalte, n) {
  const von = spalte(s.von);
  const an = s.an == null || s.an === s.von ? von : spalte(s.an);
  const li = el("li", `kurs-schritt kurs-schritt-${s.art}`);
  const sprecher = von === an ? `${s.von}: ` : `${s.von} an ${s.an}: `;
  const text = el("span", "kurs-schritt-text", el("span", "kurs-unsichtbar", sprecher), s.text);
  if (s.art === "zustellung" && s.versuche >= 2) {
    li.classList.add("kurs-wiederholt");
    text.append(" ", el("strong", "kurs-schritt-marke", `erneut: ${s.versuche}. Zustellung`));
  }
  // Für den Screenreader ein Satz mit Punkt, auch wenn der Text des Schritts keinen hat.
  if (!/[.!?]$/.test(s.text)) text.append(el("span", "kurs-unsichtbar", "."));
  if (s.zeile != null) {
    const knopf = el("button", "kurs-schritt-zeile", `Zeile ${s.zeile}`);
    Object.assign(knopf, { type: "button", title: "Im Editor zeigen" });
    knopf.dataset.zeile = s.zeile;
    text.append(" ", knopf);
  }
  li.append(text);
  // Ein Kasten über der eigenen Lebenslinie darf in die Nachbarspalten reichen; am Rand zur Mitte hin.
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

// Die Zeichnung zu einer Aufzeichnung (Format in kurs/aufzeichnung.py) oder einem Szenario daraus: ein
// <details>, offen, wenn `offen`. `zeigen(zeile)` springt im Editor auf eine Zeile des Codes.
export function zeichne(aufzeichnung, { offen = false, zeigen = () => {}, titel = "Dein Lauf, gezeichnet" } = {}) {
  const { schritte } = aufzeichnung;
  // Die Teilnehmer, die hier vorkommen, in der Reihenfolge der Aufzeichnung; wer fehlt, dahinter.
  const da = new Set(schritte.flatMap((s) => [s.von, s.an]).filter((t) => t != null));
  const teilnehmer = [...new Set([...aufzeichnung.teilnehmer.filter((t) => da.has(t)), ...da])];
  const n = teilnehmer.length;
  const spalte = (t) => teilnehmer.indexOf(t) + 1;
  const liste = el("ol", "kurs-zeichnung-schritte");
  liste.setAttribute("role", "list"); // ohne Aufzählungszeichen sonst in Safari keine Liste mehr
  liste.addEventListener("click", (e) => e.target.dataset.zeile && zeigen(Number(e.target.dataset.zeile)));
  let zusammengefasst = 0;
  for (const [art, inhalt, anzahl] of zeilen(schritte)) {
    if (art === "schritt") {
      liste.append(schrittZeile(inhalt, spalte, n));
    } else {
      liste.append(el("li", "kurs-schritt-mehr", inhalt));
      zusammengefasst += anzahl;
    }
  }
  const kopf = el("div", "kurs-zeichnung-kopf", ...teilnehmer.map((t) => el("span", "", t)));
  kopf.setAttribute("aria-hidden", "true"); // Jeder Satz der Liste nennt seine Teilnehmer selbst.
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

// Die Farben und Maße, einmal je Seite; die Zeichnung erscheint erst mit ihnen.
// Ohne sie (offline) bleibt eine Liste von Sätzen.
const STIL = new Promise((fertig) => {
  const link = Object.assign(document.createElement("link"), { rel: "stylesheet", onload: fertig, onerror: fertig });
  link.href = new URL("kurs-zeichnung.css", import.meta.url);
  document.head.append(link);
});

// Für kurs-lauf.js: die Zeichnung unter dem Ergebnis eines Laufs, offen außer nach bestandener Prüfung.
// Prüft die Prüfung mehrere Szenarien, je eines für sich, das gescheiterte zuerst und als einziges offen.
export async function zeige(aufzeichnung, ergebnis, zeigen) {
  await STIL;
  if (ergebnis.classList.contains("kurs-wartet")) return; // inzwischen läuft ein neuer Lauf
  const offen = !(aufzeichnung.ok && aufzeichnung.pruefen);
  const szenarien = [...new Set(aufzeichnung.schritte.map((s) => s.szenario ?? null))];
  if (szenarien.length < 2) return ergebnis.append(zeichne(aufzeichnung, { offen, zeigen }));
  const gescheitert = aufzeichnung.szenario_gescheitert;
  szenarien.sort((a, b) => (b === gescheitert) - (a === gescheitert));
  for (const name of szenarien) {
    const teil = { ...aufzeichnung, schritte: aufzeichnung.schritte.filter((s) => (s.szenario ?? null) === name) };
    if (name !== aufzeichnung.schritte.at(-1).szenario) teil.teilweise = false; // nur das letzte brach ab
    ergebnis.append(zeichne(teil, { offen: offen && name === gescheitert, zeigen,
      titel: name ? `Dein Lauf, gezeichnet: ${name}` : "Dein Lauf, gezeichnet" }));
  }
}
