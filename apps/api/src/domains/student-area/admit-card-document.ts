/**
 * An admit card as an HTML document for the PDF service (issue 16, decision 025): one A4 page with
 * the roll number, the student's name as written (`dir="auto"` runs an Urdu name right to left),
 * the photo or a box to paste one in, class and language, the centre, the exam's date and time in
 * India time, and the rules. Every word and date is the student's exam language's (issue 35 item 1:
 * the student area's dictionaries, decision 056); names, roll numbers and the address as entered.
 * A pure function: the service gathers the data, this lays it out.
 */
import { LANGUAGES } from "@repo/contracts/languages";
import { dateFormats } from "@repo/contracts/locale";
import { type AdmitCardLevel, REPORTING_MINUTES } from "@repo/contracts/student-area-constants";
import { fill } from "@repo/contracts/student-words/fill";
import { classLabel } from "@repo/contracts/students-constants";
import { escapeHtml, PDF_FONT_STACK } from "../../kernel/pdf";
import { studentLanguage } from "./student-language";

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

const row = (label: string, value: string, attributes = "") =>
  `<tr><th>${escapeHtml(label)}</th><td${attributes}>${escapeHtml(value)}</td></tr>`;

/** One card's page (the body of the document), in the card's language. */
function admitCardPage(card: AdmitCardData): string {
  const { code, dir, words } = studentLanguage(card.language);
  const w = words.card;
  const when = dateFormats(code);
  const starts = card.exam.startsAt;
  const ends = new Date(starts.getTime() + card.exam.durationMinutes * 60_000);
  const reporting = new Date(starts.getTime() - REPORTING_MINUTES * 60_000);
  const photo = card.photo
    ? `<img class="photo" src="${escapeHtml(card.photo)}" alt="">`
    : `<div class="photo empty"><span>${escapeHtml(w.photo)}</span></div>`;
  const person = [
    row(words.class, classLabel(card.classLevel)),
    row(words.examLanguage, LANGUAGES.find((l) => l.code === card.language)?.native ?? card.language),
    card.parentName ? row(w.parentName, card.parentName, ' dir="auto"') : "",
    card.dateOfBirth ? row(w.dateOfBirth, when.days(card.dateOfBirth)) : "",
  ].join("");
  const rules = Object.values(w.rules).map(
    (rule) => `<li>${escapeHtml(fill(rule, { minutes: REPORTING_MINUTES }))}</li>`,
  );
  return `<div class="page" lang="${code}" dir="${dir}">
<div class="card">
  <header>
    <div><p class="issuer" dir="auto">${escapeHtml(card.issuer)}</p><h1>${escapeHtml(words.admitCard)}</h1></div>
    <div class="level">${escapeHtml(words.levels[card.level])}<small>${escapeHtml(words.examYear)} <bdi dir="ltr">${escapeHtml(card.examYear)}</bdi></small></div>
  </header>
  <section class="who">
    ${photo}
    <div class="facts">
      <p class="roll"><span>${escapeHtml(words.rollNumber)}</span><strong>${escapeHtml(card.rollNumber)}</strong></p>
      <p class="name" dir="auto">${escapeHtml(card.studentName)}</p>
      <table>${person}</table>
    </div>
  </section>
  <section class="when">
    <h2>${escapeHtml(w.exam)}</h2>
    <table>
      <tr><th>${escapeHtml(w.date)}</th><td><strong>${escapeHtml(when.date(starts))}</strong></td></tr>
      <tr><th>${escapeHtml(w.time)}</th><td><strong>${escapeHtml(`${when.time(starts)} – ${when.time(ends)}`)}</strong> <small>${escapeHtml(fill(w.duration, { minutes: card.exam.durationMinutes }))}</small></td></tr>
      ${row(w.reportBy, when.time(reporting))}
      ${card.exam.note ? row(w.note, card.exam.note, ' dir="auto"') : ""}
    </table>
  </section>
  <section class="centre">
    <h2>${escapeHtml(w.centre)}</h2>
    <p class="name" dir="auto">${escapeHtml(card.centre.name)}</p>
    ${card.centre.address.map((line) => `<p dir="auto">${escapeHtml(line)}</p>`).join("")}
  </section>
  <section>
    <h2>${escapeHtml(w.rulesTitle)}</h2>
    <ol>${rules.join("")}</ol>
    <div class="sign"><p>${escapeHtml(w.studentSignature)}</p><p>${escapeHtml(w.invigilatorSignature)}</p></div>
  </section>
</div>
<footer>${escapeHtml(fill(w.footer, { rollNumber: card.rollNumber }))}</footer>
</div>`;
}

const STYLE = (fontCss: string) => `
${fontCss}
* { box-sizing: border-box; }
/* One line-height for every script: Tamil's and Malayalam's own are tall enough to push a card onto a second page. */
body { font-family: ${PDF_FONT_STACK}; font-size: 10.5pt; line-height: 1.35; color: #1b1f24; margin: 0; }
p { margin: 0; }
.card { border: 1.5pt solid #1f6f4a; border-radius: 6pt; overflow: hidden; }
header { background: #1f6f4a; color: #fff; padding: 10pt 14pt; display: flex; justify-content: space-between; align-items: flex-end; }
header .issuer { font-size: 9pt; letter-spacing: .12em; text-transform: uppercase; opacity: .9; }
header h1 { margin: 2pt 0 0; font-size: 22pt; font-weight: 600; }
header .level { text-align: end; font-size: 12pt; font-weight: 600; }
header .level small { display: block; font-size: 9pt; font-weight: 400; opacity: .9; }
section { padding: 9pt 14pt; border-top: 1pt solid #d5ddd8; }
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
th { text-align: start; font-weight: 400; color: #5b6470; width: 34%; padding: 2.5pt 8pt 2.5pt 0; vertical-align: top; }
td { padding: 2.5pt 0; vertical-align: top; }
td[dir="auto"] { unicode-bidi: plaintext; text-align: start; }
h2 { margin: 0 0 6pt; font-size: 9pt; text-transform: uppercase; letter-spacing: .1em; color: #1f6f4a; }
.when strong { font-size: 13pt; }
.when small { font-size: 9pt; color: #5b6470; }
.centre .name { font-size: 12pt; margin: 0 0 2pt; }
ol { margin: 0; padding-inline-start: 16pt; }
li { margin: 0 0 2pt; }
.sign { display: flex; justify-content: space-between; gap: 30pt; padding-top: 26pt; }
.sign p { flex: 1; border-top: 1pt solid #1b1f24; padding-top: 4pt; font-size: 9pt; color: #5b6470; text-align: center; }
footer { margin-top: 8pt; font-size: 8pt; color: #5b6470; }
.page + .page { break-before: page; }
/* Spaced capitals are for Latin letters: spacing breaks the joins of Indic and Urdu scripts. */
.page:not(:lang(en)) :is(h2, .roll span, header .issuer) { letter-spacing: 0; }
`;

/**
 * Admit cards as one document, a page each (a school's cards print as one PDF: decision 050);
 * `fontCss` is the PDF service's @font-face rules (fontFaceCss()).
 */
export function admitCardsHtml(cards: readonly AdmitCardData[], fontCss: string): string {
  // plural-ok: one card is titled by its roll number
  const first = cards[0];
  const title =
    cards.length === 1 && first
      ? `${studentLanguage(first.language).words.admitCard} ${first.rollNumber}`
      : "Admit cards";
  return `<!doctype html>
<html lang="${cards.length === 1 && first ? studentLanguage(first.language).code : "en"}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>${STYLE(fontCss)}</style></head>
<body>
${cards.map(admitCardPage).join("\n")}
</body></html>`;
}

/** One student's admit card as a document. */
export const admitCardHtml = (card: AdmitCardData, fontCss: string): string => admitCardsHtml([card], fontCss);
