/**
 * An admit card as an HTML document for the PDF service (issue 16, DECISIONS §7): one A4 page with
 * the roll number, the student's name as written (`dir="auto"` runs an Urdu name right to left),
 * the photo or a box to paste one in, class and language, the centre, the exam's date and time in
 * India time, and the rules. A pure function: the service gathers the data, this lays it out.
 */

import { LANGUAGES, languageName } from "@repo/contracts/languages";
import { dateFormats, PORTAL_TIME_HINT } from "@repo/contracts/locale";
import { examLevelLabel } from "@repo/contracts/papers-constants";
import { COUNTED, countOf } from "@repo/contracts/plural";
import { ADMIT_CARD_RULES, type AdmitCardLevel, REPORTING_MINUTES } from "@repo/contracts/student-area-constants";
import { classLabel } from "@repo/contracts/students-constants";
import { escapeHtml, PDF_FONT_STACK } from "../pdf";

export interface AdmitCardData {
  issuer: string;
  level: AdmitCardLevel;
  examYear: string;
  rollNumber: string;
  studentName: string;
  classLevel: number;
  language: string;
  parentName: string | null;
  dateOfBirth: string | null;
  /** The photo as a data URL (the renderer fetches nothing), or null for a box to paste one in. */
  photo: string | null;
  centre: { name: string; address: string[] };
  exam: { startsAt: Date; durationMinutes: number; note: string | null };
}

// The card is in English (its words are); its dates through the one formatter (contracts/locale).
const english = dateFormats("en");
const dateOf = english.date;
const timeOf = english.time;
const dayOf = (isoDay: string) => english.days(isoDay);

/** "Marathi (मराठी)", or the name alone when it is its own script. */
function languageLine(code: string): string {
  const native = LANGUAGES.find((l) => l.code === code)?.native;
  const name = languageName(code);
  return native && native !== name ? `${name} (${native})` : name;
}

const row = (label: string, value: string, attributes = "") =>
  `<tr><th>${escapeHtml(label)}</th><td${attributes}>${escapeHtml(value)}</td></tr>`;

/** One card's page (the body of the document). */
function admitCardPage(card: AdmitCardData): string {
  const starts = card.exam.startsAt;
  const ends = new Date(starts.getTime() + card.exam.durationMinutes * 60_000);
  const reporting = new Date(starts.getTime() - REPORTING_MINUTES * 60_000);
  const level = examLevelLabel(card.level);
  const photo = card.photo
    ? `<img class="photo" src="${escapeHtml(card.photo)}" alt="">`
    : `<div class="photo empty"><span>Paste a recent passport-size photo here</span></div>`;
  const person = [
    row("Class", classLabel(card.classLevel)),
    row("Exam language", languageLine(card.language), ' dir="auto"'),
    card.parentName ? row("Parent's name", card.parentName, ' dir="auto"') : "",
    card.dateOfBirth ? row("Date of birth", dayOf(card.dateOfBirth)) : "",
  ].join("");
  return `<div class="page">
<div class="card">
  <header>
    <div><p class="issuer" dir="auto">${escapeHtml(card.issuer)}</p><h1>Admit card</h1></div>
    <div class="level">${escapeHtml(level)}<small>Exam year ${escapeHtml(card.examYear)}</small></div>
  </header>
  <section class="who">
    ${photo}
    <div class="facts">
      <p class="roll"><span>Roll number</span><strong>${escapeHtml(card.rollNumber)}</strong></p>
      <p class="name" dir="auto">${escapeHtml(card.studentName)}</p>
      <table>${person}</table>
    </div>
  </section>
  <section class="when">
    <h2>Exam</h2>
    <table>
      <tr><th>Date</th><td><strong>${escapeHtml(dateOf(starts))}</strong></td></tr>
      <tr><th>Time</th><td><strong>${escapeHtml(`${timeOf(starts)} – ${timeOf(ends)}`)}</strong> (${escapeHtml(`${countOf(card.exam.durationMinutes, COUNTED.minute)}, ${PORTAL_TIME_HINT}`)})</td></tr>
      ${row("Be at the centre by", timeOf(reporting))}
      ${card.exam.note ? row("Note", card.exam.note, ' dir="auto"') : ""}
    </table>
  </section>
  <section class="centre">
    <h2>Centre</h2>
    <p class="name" dir="auto">${escapeHtml(card.centre.name)}</p>
    ${card.centre.address.map((line) => `<p dir="auto">${escapeHtml(line)}</p>`).join("")}
  </section>
  <section>
    <h2>Rules</h2>
    <ol>${ADMIT_CARD_RULES.map((rule) => `<li>${escapeHtml(rule)}</li>`).join("")}</ol>
    <div class="sign"><p>Student's signature</p><p>Invigilator's signature</p></div>
  </section>
</div>
<footer>Issued by the portal for roll number ${escapeHtml(card.rollNumber)}; valid with a photo identity card.</footer>
</div>`;
}

const STYLE = (fontCss: string) => `
${fontCss}
* { box-sizing: border-box; }
body { font-family: ${PDF_FONT_STACK}; font-size: 10.5pt; color: #1b1f24; margin: 0; }
p { margin: 0; }
.card { border: 1.5pt solid #1f6f4a; border-radius: 6pt; overflow: hidden; }
header { background: #1f6f4a; color: #fff; padding: 10pt 14pt; display: flex; justify-content: space-between; align-items: flex-end; }
header .issuer { font-size: 9pt; letter-spacing: .12em; text-transform: uppercase; opacity: .9; }
header h1 { margin: 2pt 0 0; font-size: 22pt; font-weight: 600; }
header .level { text-align: right; font-size: 12pt; font-weight: 600; }
header .level small { display: block; font-size: 9pt; font-weight: 400; opacity: .9; }
section { padding: 12pt 14pt; border-top: 1pt solid #d5ddd8; }
section:first-of-type { border-top: 0; }
.who { display: flex; gap: 16pt; align-items: flex-start; }
.photo { width: 35mm; height: 45mm; flex: none; object-fit: cover; border: 1pt solid #9aa7a0; }
.photo.empty { display: flex; align-items: center; justify-content: center; text-align: center; padding: 6pt;
  border-style: dashed; color: #5b6470; font-size: 8.5pt; }
.facts { flex: 1; }
.roll span { display: block; font-size: 8.5pt; text-transform: uppercase; letter-spacing: .1em; color: #5b6470; }
.roll strong { display: block; font-size: 24pt; letter-spacing: .08em; font-weight: 600; color: #14331f; }
.name { margin: 6pt 0 8pt; font-size: 16pt; font-weight: 600; unicode-bidi: plaintext; }
table { border-collapse: collapse; width: 100%; }
th { text-align: left; font-weight: 400; color: #5b6470; width: 34%; padding: 2.5pt 8pt 2.5pt 0; vertical-align: top; }
td { padding: 2.5pt 0; vertical-align: top; }
td[dir="auto"] { unicode-bidi: plaintext; text-align: left; }
h2 { margin: 0 0 6pt; font-size: 9pt; text-transform: uppercase; letter-spacing: .1em; color: #1f6f4a; }
.when strong { font-size: 13pt; }
.centre .name { font-size: 12pt; margin: 0 0 2pt; }
ol { margin: 0; padding-left: 16pt; }
li { margin: 0 0 3pt; }
.sign { display: flex; justify-content: space-between; gap: 30pt; padding-top: 34pt; }
.sign p { flex: 1; border-top: 1pt solid #1b1f24; padding-top: 4pt; font-size: 9pt; color: #5b6470; text-align: center; }
footer { margin-top: 8pt; font-size: 8pt; color: #5b6470; }
.page + .page { break-before: page; }
`;

/**
 * Admit cards as one document, a page each (a school's cards print as one PDF: decision 050);
 * `fontCss` is the PDF service's @font-face rules (fontFaceCss()).
 */
export function admitCardsHtml(cards: readonly AdmitCardData[], fontCss: string): string {
  // plural-ok: one card is titled by its roll number
  const title = cards.length === 1 ? `Admit card ${cards[0]?.rollNumber ?? ""}` : "Admit cards";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>${STYLE(fontCss)}</style></head>
<body>
${cards.map(admitCardPage).join("\n")}
</body></html>`;
}

/** One student's admit card as a document. */
export const admitCardHtml = (card: AdmitCardData, fontCss: string): string => admitCardsHtml([card], fontCss);
