// Der Such-Worker des Kurses: Materials Such-Worker, dazu deutsche Wortformen.
//
// Material hängt an jeden Begriff ein * an (Wortanfang, Treffer schon beim Tippen); einen
// solchen Begriff lässt lunr am Stemmer vorbei. Darum steht im Index neben jedem Wort auch
// sein Stamm (lunr.de, Snowball), und jedes getippte Wort sucht in mehreren Formen, jede als
// Wortanfang: wie getippt, mit ä, ö, ü für ae, oe, ue, jeweils auch als Stamm, und ohne das
// -s der Mehrzahl, das der deutsche Stemmer bei Lehnwörtern stehen lässt („Replays“, „Retries“).
// ß braucht nichts Eigenes: Der Stemmer macht daraus ss. Ein Partizip sucht auch den Stamm
// seines Verbs („zugestellt“: „zustell“), ein starkes Verb seine anderen Stämme („verloren“:
// „verlier“, „Verlust“). Findet keine Form etwas, zerlegt teile() ein zusammengesetztes Wort.
// Bei mehreren Wörtern steht vorn, was mehr von ihnen enthält (gedeckt), und bei gleich vielen,
// wo sie dicht beieinander stehen (beieinander).
//
// Liegt neben Materials Worker, weil der seine Sprachdateien unter ../lunr/ sucht.
// overrides/partials/suche-bei-bedarf.html startet diesen Worker statt Materials und nennt
// dessen Adresse im Parameter "material". Nachrichten wie in Materials Worker:
const ANFRAGE = 2
const ERGEBNIS = 3

const UMLAUTE = { ae: "ä", oe: "ö", ue: "ü" }
// Deutsche Wörter, die eine Leserin tippt, für die Begriffe, die der Kurs benutzt (Glossar).
// Sie kommen zu den Formen des getippten Worts hinzu; ein Teil eines zusammengesetzten Worts
// (teile) wird genauso ergänzt.
const AUCH = {
  zeitüberschreitung: ["timeout"], zeitlimit: ["timeout"], frist: ["timeout"],
  wiedereinspielen: ["replay"], wiedergabe: ["replay"],
  gruppe: ["group"], konsumentengruppe: ["consumer", "group"], verbrauchergruppe: ["consumer", "group"],
  protokoll: ["log"], ereignisprotokoll: ["log", "event"],
  doppelt: ["duplikat"], dublette: ["duplikat"], deduplizierung: ["dedup"],
  verbraucher: ["konsument"], erzeuger: ["producer"], produzent: ["producer"],
  postausgang: ["outbox"], versatz: ["offset"], neuverteilung: ["rebalance"],
  abbruch: ["rollback"], warteschlange: ["queue"], bestätigung: ["ack"], quittung: ["ack"],
  wiederholung: ["retry"], wiederholen: ["retry"], abonnement: ["abonnent"], abonnieren: ["abonnent"],
  // Englisch getippt, deutsch gelehrt (Issue 51)
  retry: ["wiederholung"],
}
// Starke Verben ändern den Stamm (Ablaut), das kann kein Stemmer: Wer „verloren“ tippt, meint
// auch „verlieren“ und „Verlust“. Jede Reihe ist eine Familie; ein Wort, das mit einem ihrer
// Anfänge beginnt (auch nach einer Vorsilbe: „abgebrochen“), sucht auch alle anderen.
const ABLAUT = [
  ["verlier", "verlor", "verlust"],
  ["sterb", "stirb", "starb", "gestorb"],
  ["brech", "brich", "brach", "gebroch", "bruch"],
  ["werf", "wirf", "warf", "geworf", "wurf"],
  ["schreib", "schrieb", "geschrieb"],
]
// Abtrennbare Vorsilben vor ge- im Partizip („zugestellt“, „abgestürzt“) und vor dem Ablaut.
const VORSILBE = "(ab|an|auf|aus|ein|mit|nach|vor|weg|zu|zurück)"
// Schwaches Partizip: ge- und -t oder -et weg, übrig bleibt der Stamm des Verbs, dessen andere
// Formen als Wortanfang gefunden werden: „gesendet“ sucht „send“, „zugestellt“ sucht „zustell“.
const PARTIZIP = new RegExp(`^${VORSILBE}?ge(\\p{L}{3,}?)e?t$`, "u")
const ABLAUT_FORM = new RegExp(`^${VORSILBE}?(${ABLAUT.flat().join("|")})`, "u")
const NUR_WORT = /^[\p{L}\p{N}]+$/u

let getippt = new Map()  // Form -> getipptes Wort, für „Es fehlt“ unter einem Treffer
let zaehltFuer = new Map()  // Form -> getipptes Wort oder Teil davon (teile), für den Rang
let index  // Materials fertiger lunr-Index

function stamm(wort) {
  return lunr.de.stemmer(new lunr.Token(wort)).toString()
}

let auchNachStamm  // AUCH nach dem Stamm jedes Schlüssels: „Wiederholungen“ wie „Wiederholung“

function auchFuer(wort) {
  auchNachStamm ??= new Map(Object.entries(AUCH).map(([wort, auch]) => [stamm(wort), auch]))
  return AUCH[wort] ?? auchNachStamm.get(stamm(wort)) ?? []
}

// Andere Formen desselben Verbs: Partizip ohne ge- und -t, Ablaut aus ABLAUT.
function verbformen(wort) {
  const partizip = wort.match(PARTIZIP)
  if (partizip) return [(partizip[1] ?? "") + partizip[2]]
  const ablaut = wort.match(ABLAUT_FORM)
  if (!ablaut) return []
  const familie = ABLAUT.find((reihe) => reihe.includes(ablaut[2]))
  return familie.map((anfang) => (ablaut[1] ?? "") + anfang)
}

function formen(wort, mitAuch = true) {
  const mitUmlauten = wort.replace(/ae|oe|ue/g, (paar) => UMLAUTE[paar])
  const ergebnis = [wort, mitUmlauten, stamm(wort), stamm(mitUmlauten), ...verbformen(mitUmlauten)]
  if (wort.length > 3 && wort.endsWith("s")) ergebnis.push(wort.slice(0, -1))
  if (wort.length > 4 && wort.endsWith("ies")) ergebnis.push(wort.slice(0, -3) + "y")  // „Retries“
  if (mitAuch) for (const anderes of auchFuer(mitUmlauten)) ergebnis.push(...formen(anderes, false))
  return [...new Set(ergebnis)]
}

function kommtVor(anfang) {
  return index.tokenSet.intersect(lunr.TokenSet.fromString(anfang + "*")).toArray().length > 0
}

// Ein zusammengesetztes Wort, das so in keinem Text steht („Partitionsschlüssel“): das
// längste Wort des Index an seinem Anfang und der Rest, auch ohne Fugen-s, wenn der Rest
// in einer seiner Formen vorkommt. Steht der Kopf nur als Anfang eines Worts im Text
// („Doppel…“ in „doppelt“), zählt er erst, wenn kein ganzes Wort passt, und erst ab
// KOPF_ANFANG Buchstaben. Sonst gar nichts: Ein vertipptes Wort bleibt ohne Treffer.
const KOPF_ANFANG = 5
const imIndex = (kopf) => kopf in index.invertedIndex || stamm(kopf) in index.invertedIndex

function teile(wort) {
  // Der Kopf darf auch in einer anderen Form im Text stehen: „Sende…“ wie „senden“.
  for (const passt of [imIndex, (kopf) => kopf.length >= KOPF_ANFANG && kommtVor(kopf)])
    for (let ende = wort.length - 3; ende >= 4; ende--) {
      const kopf = wort.slice(0, ende)
      if (!passt(kopf)) continue
      for (const rest of new Set([wort.slice(ende), wort.slice(ende).replace(/^e?s/, "")]))
        if (rest.length >= 3 && formen(rest).some(kommtVor)) return [kopf, rest]
    }
  return []
}

function mitFormen(anfrage) {
  getippt = new Map()
  zaehltFuer = new Map()
  return anfrage.trim().split(/\s+/).flatMap((teil) => {
    const woerter = teil.split(lunr.tokenizer.separator).filter(Boolean)
    // Steuerzeichen von lunr (+, -, *, ~, ^, Anführungszeichen): so lassen, wie getippt.
    if (!woerter.every((wort) => NUR_WORT.test(wort))) return [teil]
    return woerter.flatMap((wort) => {
      wort = wort.toLowerCase()
      const alle = formen(wort)
      alle.forEach((form) => zaehltFuer.set(form, wort))
      if (!alle.some(kommtVor))
        for (const teil of teile(wort))
          for (const form of formen(teil)) alle.push(form) && zaehltFuer.set(form, `${wort}/${teil}`)
      alle.forEach((form) => getippt.set(form, wort))
      return [...new Set(alle)]
    })
  }).join(" ")
}

// Wie viele getippte Wörter (oder Teile eines zerlegten Worts) ein Treffer enthält, in
// irgendeiner Form: Jede Form ist ein Wortanfang, ein gefundener Begriff beginnt mit ihr.
function gedeckt(begriffe) {
  const woerter = new Set()
  for (const begriff of begriffe)
    for (const [form, wort] of zaehltFuer) if (begriff.startsWith(form)) woerter.add(wort)
  return woerter.size
}

// Wie viele verschiedene getippte Wörter in einem Feld dicht beieinander stehen, im selben
// Textstück höchstens NAH Wörter auseinander: „Reihenfolge ist nur innerhalb einer Partition
// garantiert“ ist die Stelle, die davon handelt; „Garantie“ im Titel und „Reihenfolge“ weiter
// unten sind es nicht. Material merkt sich eine Stelle als Zahl: Textstück << 20 | Wort darin.
const NAH = 8
function beieinander(metadata) {
  const stellen = []
  for (const [begriff, felder] of Object.entries(metadata))
    for (const [feld, daten] of Object.entries(felder))
      for (const stelle of daten.position ?? [])
        for (const [form, wort] of zaehltFuer)
          if (begriff.startsWith(form)) stellen.push([feld, stelle >>> 20, stelle & 0xFFFFF, wort])
  let meiste = 0
  for (const [feld, stueck, nummer] of stellen) {
    const woerter = new Set(stellen.filter(([f, s, n]) => f === feld && s === stueck && n >= nummer && n - nummer <= NAH)
      .map(([, , , wort]) => wort))
    meiste = Math.max(meiste, woerter.size)
  }
  return meiste
}

// Material zeigt unter einem Treffer jeden Begriff, der darin fehlt; gefragt hat die
// Leserin aber nur nach ihren Wörtern, nicht nach jeder Form.
function nachWoertern(terms) {
  const ergebnis = {}
  for (const [form, gefunden] of Object.entries(terms)) {
    const wort = getippt.get(form) ?? form
    ergebnis[wort] = ergebnis[wort] || gefunden
  }
  return ergebnis
}

// Vor Materials eigenem Listener: Der liest dann schon die Anfrage mit allen Formen.
addEventListener("message", (e) => {
  if (e.data.type === ANFRAGE && index) e.data.data = mitFormen(e.data.data)
})

const senden = self.postMessage.bind(self)
self.postMessage = (nachricht) => {
  if (nachricht.type === ERGEBNIS)
    for (const gruppe of nachricht.data.items)
      for (const treffer of gruppe) treffer.terms = nachWoertern(treffer.terms)
  senden(nachricht)
}

importScripts(new URLSearchParams(location.search).get("material"))

// Material baut den Index mit der Pipeline von lunr.de; dahinter kommt der Stamm jedes Worts.
function mitStamm(token) {
  const gestemmt = lunr.de.stemmer(token.clone())
  return gestemmt.toString() === token.toString() ? token : [token, gestemmt]
}
lunr.Pipeline.registerFunction(mitStamm, "kursStamm")
const bauen = lunr.Builder.prototype.build
lunr.Builder.prototype.build = function () {
  return (index = bauen.call(this))
}
const benutzen = lunr.Builder.prototype.use
lunr.Builder.prototype.use = function (plugin, ...args) {
  benutzen.call(this, plugin, ...args)
  if (plugin === lunr.de) this.pipeline.add(mitStamm)
}

// Ein Wort steht mit seinem Stamm an derselben Stelle im Index. Findet eine Anfrage beide
// („Logs“ und „log“), nennt lunr die Stelle zweimal, und Material setzte zwei <mark> in
// dieselben Zeichen: „<mark><mar</mark>k>Logs“. Jede Stelle zählt darum nur einmal.
//
// Der Rang: lunr verbindet alle Formen mit ODER, und Material hebt einen Abschnitt, der viele
// der Formen enthält. Bei „doppelte Nachrichten“ gewann so ein Abschnitt voller „Nachricht“
// ohne „doppelt“. Ein Abschnitt mit mehr getippten Wörtern steht darum vor jedem mit weniger
// (Faktor MEHR_WOERTER je Wort, weit über Materials Faktor 5); bei gleich vielen steht vorn,
// wo mehr davon dicht beieinander stehen (Faktor NAHE_WOERTER je Wort), sonst bleibt der Rang
// von lunr und Material.
const MEHR_WOERTER = 100
const NAHE_WOERTER = 10
const suchen = lunr.Index.prototype.search
lunr.Index.prototype.search = function (...args) {
  return suchen.apply(this, args).map((treffer) => {
    const metadata = treffer.matchData.metadata
    treffer.score *= MEHR_WOERTER ** gedeckt(Object.keys(metadata))
    treffer.score *= NAHE_WOERTER ** Math.max(0, beieinander(metadata) - 1)
    const gesehen = new Set()
    for (const felder of Object.values(treffer.matchData.metadata))
      for (const [feld, daten] of Object.entries(felder))
        if (Array.isArray(daten.position))
          daten.position = daten.position.filter((stelle) => {
            const schluessel = `${feld} ${stelle}`
            return !gesehen.has(schluessel) && gesehen.add(schluessel)
          })
    return treffer
  })
}
