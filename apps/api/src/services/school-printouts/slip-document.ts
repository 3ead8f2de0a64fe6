/**
 * Sign-in slips as an HTML document for the PDF service (issue 35 item 1, decision 050): up to
 * SLIP_LIMITS.perPage slips on an A4 page with dashed cut lines between them, each with the
 * student's name as written, class, school, username, one-time password and where to sign in.
 * A pure function: the service gathers the data, this lays it out.
 */
import { SLIP_LIMITS } from "@repo/contracts/school-printouts-constants";
import { classLabel } from "@repo/contracts/students-constants";
import { escapeHtml, PDF_FONT_STACK } from "../pdf";

export interface SlipData {
  studentName: string;
  classLevel: number;
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
  return `<div class="slip">
  <p class="issuer" dir="auto">${escapeHtml(issuer.name)} · Sign-in slip</p>
  <p class="name" dir="auto">${escapeHtml(data.studentName)}</p>
  <p class="meta">Class ${escapeHtml(classLabel(data.classLevel))} · <span dir="auto">${escapeHtml(data.schoolName)}</span></p>
  <table>
    <tr><th>Sign in at</th><td>${escapeHtml(issuer.signInUrl)}</td></tr>
    <tr><th>Username</th><td class="code">${escapeHtml(data.username)}</td></tr>
    <tr><th>One-time password</th><td class="code">${escapeHtml(data.password)}</td></tr>
  </table>
  <p class="note">This password works once: at your first sign-in you must choose your own password. Keep this slip private.</p>
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
.slip:not(:last-child)::after { content: "✂ cut here"; position: absolute; right: 4mm; bottom: -5pt; background: #fff;
  padding: 0 4pt; font-size: 7pt; color: #5b6470; }
.issuer { font-size: 8pt; letter-spacing: .1em; text-transform: uppercase; color: #1f6f4a; }
.name { font-size: 14pt; font-weight: 600; margin-top: 2pt; unicode-bidi: plaintext; }
.meta { color: #5b6470; margin-bottom: 4pt; }
table { border-collapse: collapse; }
th { text-align: left; font-weight: 400; color: #5b6470; padding: 1.5pt 10pt 1.5pt 0; }
td { padding: 1.5pt 0; }
td.code { font-family: "DejaVu Sans Mono", monospace; font-size: 13pt; font-weight: 600; letter-spacing: .06em; }
.note { margin-top: 4pt; font-size: 8.5pt; }
</style></head>
<body>
${pages.join("\n")}
</body></html>`;
}
