/**
 * Sign-in slips as an HTML document for the PDF service (issue 35 item 1, decision 050): up to
 * SLIP_LIMITS.perPage slips on an A4 page with dashed cut lines between them, each with the
 * student's name as written, class, school, username, one-time password and where to sign in.
 * The student reads it: its words are the student's exam language's (issue 35 item 1, decision
 * 056); the name, username, password and address as they are.
 * A pure function: the service gathers the data, this lays it out.
 */
import { SLIP_LIMITS } from "@repo/contracts/school-printouts-constants";
import { fill } from "@repo/contracts/student-words/fill";
import { classLabel } from "@repo/contracts/students-constants";
import { escapeHtml, PDF_FONT_STACK } from "../../../kernel/pdf";
import { studentLanguage } from "../../student-area/student-language";

export interface SlipData {
  studentName: string;
  classLevel: number;
  /** The student's exam language: the slip's words. */
  language: string;
  schoolName: string;
  username: string;
  password: string;
}

export interface SlipIssuer {
  name: string;
  /** Where to sign in (the school app's sign-in page). */
  signInUrl: string;
}

function slip(data: SlipData, issuer: SlipIssuer): string {
  const { code, dir, words } = studentLanguage(data.language);
  const w = words.slip;
  return `<div class="slip" lang="${code}" dir="${dir}">
  <p class="issuer"><bdi>${escapeHtml(issuer.name)}</bdi> · ${escapeHtml(w.title)}</p>
  <p class="name" dir="auto">${escapeHtml(data.studentName)}</p>
  <p class="meta">${escapeHtml(fill(words.classLabel, { class: classLabel(data.classLevel) }))} · <bdi>${escapeHtml(data.schoolName)}</bdi></p>
  <table>
    <tr><th>${escapeHtml(w.signInAt)}</th><td><bdi dir="ltr">${escapeHtml(issuer.signInUrl)}</bdi></td></tr>
    <tr><th>${escapeHtml(w.username)}</th><td class="code"><bdi dir="ltr">${escapeHtml(data.username)}</bdi></td></tr>
    <tr><th>${escapeHtml(w.password)}</th><td class="code"><bdi dir="ltr">${escapeHtml(data.password)}</bdi></td></tr>
  </table>
  <p class="note">${escapeHtml(w.note)}</p>
</div>`;
}

/** The whole document; `fontCss` is the PDF service's @font-face rules (fontFaceCss()). */
export function slipsHtml(slips: readonly SlipData[], issuer: SlipIssuer, fontCss: string): string {
  const pages: string[] = [];
  for (let at = 0; at < slips.length; at += SLIP_LIMITS.perPage) {
    const group = slips.slice(at, at + SLIP_LIMITS.perPage);
    pages.push(`<div class="page">${group.map((data) => slip(data, issuer)).join("")}</div>`);
  }
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign-in slips</title>
<style>
${fontCss}
* { box-sizing: border-box; }
body { font-family: ${PDF_FONT_STACK}; font-size: 10.5pt; color: #1b1f24; margin: 0; }
p { margin: 0; }
/* A4 within the PDF service's 12 mm margins. */
.page { height: 270mm; display: flex; flex-direction: column; }
.page + .page { break-before: page; }
.slip { height: 25%; padding: 6mm 4mm; border-bottom: 1pt dashed #5b6470; position: relative; }
.slip:last-child { border-bottom: 0; }
/* Scissors, not words: one page holds slips in several languages. */
.slip:not(:last-child)::after { content: "✂"; position: absolute; right: 4mm; bottom: -5pt; background: #fff;
  padding: 0 4pt; font-size: 7pt; color: #5b6470; }
.issuer { font-size: 8pt; letter-spacing: .1em; text-transform: uppercase; color: #1f6f4a; }
/* Spaced capitals are for Latin letters: spacing breaks the joins of Indic and Urdu scripts. */
.slip:not(:lang(en)) .issuer { letter-spacing: 0; }
.name { font-size: 14pt; font-weight: 600; margin-top: 2pt; unicode-bidi: plaintext; }
.meta { color: #5b6470; margin-bottom: 4pt; }
table { border-collapse: collapse; }
th { text-align: start; font-weight: 400; color: #5b6470; padding: 1.5pt 10pt 1.5pt 0; }
td { padding: 1.5pt 0; }
td.code { font-family: "DejaVu Sans Mono", monospace; font-size: 13pt; font-weight: 600; letter-spacing: .06em; }
.note { margin-top: 4pt; font-size: 8.5pt; }
</style></head>
<body>
${pages.join("\n")}
</body></html>`;
}
