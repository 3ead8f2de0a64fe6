/**
 * Certificates as an HTML document for the PDF service (issue 15): one A4 landscape page per
 * certificate, so that a bulk job prints hundreds in one render. Names print as their owners wrote
 * them in any script (`dir="auto"` runs an Urdu name right to left); the QR code is an inline SVG
 * (vector, sharp at any printer resolution) of the public verification address.
 * Pure functions: the service gathers the data, this lays it out.
 */
import { awardName, type CertificateLevel } from "@repo/contracts/certificates-constants";
import { PORTAL_LOCALE, PORTAL_TIME_ZONE } from "@repo/contracts/locale";
import { examLevelLabel } from "@repo/contracts/papers-constants";
import { AWARDS, type AwardCode } from "@repo/contracts/results-constants";
import { classLabel } from "@repo/contracts/students-constants";
import QRCode from "qrcode";
import { escapeHtml, PDF_FONT_STACK } from "../../kernel/pdf";

export interface CertificateData {
  /** First and last name as written. */
  studentName: string;
  rollNumber: string;
  schoolName: string;
  classLevel: number;
  level: CertificateLevel;
  examYear: string;
  /** The highest award, null for participation. */
  award: AwardCode | null;
  /** Where the award was won: the state (camps) or the district; null for a school topper. */
  awardPlace: string | null;
  verifyCode: string;
}

export interface CertificateIssuer {
  /** The body that issues the certificate (the programme office). */
  name: string;
  /** The school app's origin: the QR code points at its /verify/{code} page. */
  verifyUrl(code: string): string;
  issuedAt: Date;
}

/** The QR code of `url` as an SVG element (what the certificate prints; tests compare it). */
export function qrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { type: "svg", margin: 0, errorCorrectionLevel: "M", color: { dark: "#14331f" } });
}

/** The sentence under the name: what the student did. */
export function achievement(data: CertificateData): string {
  const exam = `the ${examLevelLabel(data.level)} examination ${data.examYear}`;
  const award = AWARDS.find((a) => a.code === data.award);
  if (!award) return `for taking part in ${exam}.`;
  const within = data.awardPlace ? ` in ${data.awardPlace}` : "";
  const group = `the top ${award.places} of Class\u00a0${classLabel(data.classLevel)}${within}`;
  switch (award.code) {
    case "national_camp":
      return `for being selected for the National Camp, placing among ${group}, in ${exam}.`;
    case "state_camp":
      return `for being selected for the State Camp, placing among ${group}, in ${exam}.`;
    case "district_winner":
      return `as a District Winner, placing among ${group}, in ${exam}.`;
    default:
      return `as a School Topper, placing among the top ${award.places} of Class\u00a0${classLabel(data.classLevel)} in the school, in ${exam}.`;
  }
}

/** A long name gets a smaller size so that it stays on one or two lines. */
const nameSize = (name: string) => {
  const length = [...name].length;
  if (length > 48) return "20pt";
  if (length > 34) return "24pt";
  if (length > 24) return "28pt";
  return "32pt";
};

/** The points of the seal's serrated edge: 32 teeth between two radii around (50, 50). */
const SEAL_EDGE = Array.from({ length: 64 }, (_, i) => {
  const radius = i % 2 === 0 ? 49 : 45;
  const angle = (Math.PI * i) / 32;
  return `${(50 + radius * Math.sin(angle)).toFixed(2)},${(50 - radius * Math.cos(angle)).toFixed(2)}`;
}).join(" ");

/**
 * The round seal between the signatures, gold on merit and green on participation: an image made
 * once per document (an <img> of one data URL is laid out once and drawn on each page, where the
 * same SVG inline on every page cost Chromium a third of a bulk run's time). No text in it: an
 * image cannot use the page's web fonts.
 */
function sealImage(merit: boolean): string {
  const [edge, ink] = merit ? ["#c49a3e", "#fff8e6"] : ["#1f6f4a", "#fffdf7"];
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><polygon fill="${edge}" points="${SEAL_EDGE}"/>` +
    `<circle cx="50" cy="50" r="38" fill="none" stroke="${ink}" stroke-width="1.4"/>` +
    `<circle cx="50" cy="50" r="33" fill="none" stroke="${ink}" stroke-width=".6"/>` +
    `<path fill="${ink}" transform="translate(0 5)" d="M50 27l5.9 12 13.2 1.9-9.6 9.3 2.3 13.1L50 57.1l-11.8 6.2 2.3-13.1-9.6-9.3 13.2-1.9z"/></svg>`;
  return `<img class="seal" alt="" src="data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}">`;
}

const date = (value: Date) =>
  new Intl.DateTimeFormat(PORTAL_LOCALE, { dateStyle: "long", timeZone: PORTAL_TIME_ZONE }).format(value);

/** One certificate's page. */
export async function certificatePage(
  data: CertificateData,
  issuer: CertificateIssuer,
  seals: (merit: boolean) => string = sealImage,
): Promise<string> {
  const url = issuer.verifyUrl(data.verifyCode);
  const merit = data.award !== null;
  const title = merit ? "Certificate of Merit" : "Certificate of Participation";
  const ribbon = merit ? awardName(data.award) : examLevelLabel(data.level);
  return `<section class="page${merit ? " merit" : ""}">
<div class="frame"><div class="inner">
  <span class="corner tl"></span><span class="corner tr"></span><span class="corner bl"></span><span class="corner br"></span>
  <p class="issuer">${escapeHtml(issuer.name)}</p>
  <h1>${escapeHtml(title)}</h1>
  <p class="ribbon"><span>${escapeHtml(ribbon)}</span></p>
  <p class="certify">This is to certify that</p>
  <p class="name" dir="auto" style="font-size:${nameSize(data.studentName)}">${escapeHtml(data.studentName)}</p>
  <p class="of">a student of Class&nbsp;${escapeHtml(classLabel(data.classLevel))} at <strong dir="auto">${escapeHtml(data.schoolName)}</strong></p>
  <p class="what">is awarded this certificate ${escapeHtml(achievement(data))}</p>
  <div class="foot">
    <div class="facts">
      <p><span>Roll number</span> ${escapeHtml(data.rollNumber)}</p>
      <p><span>Exam year</span> ${escapeHtml(data.examYear)}</p>
      <p><span>Issued</span> ${escapeHtml(date(issuer.issuedAt))}</p>
    </div>
    <div class="sign"><span class="line"></span><p>Principal</p></div>
    ${seals(merit)}
    <div class="sign"><span class="line"></span><p>For ${escapeHtml(issuer.name)}</p></div>
    <div class="qr">
      ${await qrSvg(url)}
      <p>Scan to verify, or open</p>
      <p class="url">${escapeHtml(url.replace(/^https?:\/\//, ""))}</p>
    </div>
  </div>
</div></div>
</section>`;
}

/** A whole document of certificates, one page each; `fontCss` is the PDF service's @font-face rules. */
export async function certificatesHtml(
  certificates: readonly CertificateData[],
  issuer: CertificateIssuer,
  fontCss: string,
): Promise<string> {
  const pages: string[] = [];
  // Every page of a run shares one data URL per kind of seal.
  const made = [sealImage(false), sealImage(true)] as const;
  const seals = (merit: boolean) => made[merit ? 1 : 0];
  for (const data of certificates) pages.push(await certificatePage(data, issuer, seals));
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Certificates</title>
<style>
${fontCss}
@page { size: A4 landscape; margin: 0; }
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; }
body { font-family: ${PDF_FONT_STACK}; color: #1b2a22; }
p { margin: 0; }
.page { width: 297mm; height: 209.9mm; padding: 9mm; overflow: hidden; background: #fffdf7; position: relative; }
.page + .page { break-before: page; }
.frame { height: 100%; border: 2.2mm solid #1f6f4a; padding: 1.6mm; }
.merit .frame { border-color: #14532d; }
.inner { height: 100%; border: 0.5mm solid #b8913a; position: relative; padding: 11mm 18mm 9mm; text-align: center;
  display: flex; flex-direction: column; align-items: center; }
.corner { position: absolute; width: 5mm; height: 5mm; border: 0.5mm solid #b8913a; background: #fffdf7; }
.corner.tl { top: -2.75mm; left: -2.75mm; } .corner.tr { top: -2.75mm; right: -2.75mm; }
.corner.bl { bottom: -2.75mm; left: -2.75mm; } .corner.br { bottom: -2.75mm; right: -2.75mm; }
.issuer { font-size: 10.5pt; font-weight: 600; letter-spacing: .28em; text-transform: uppercase; color: #1f6f4a; }
h1 { margin: 6mm 0 0; font-size: 36pt; font-weight: 600; letter-spacing: .04em; color: #14331f; line-height: 1.1; }
.ribbon { margin-top: 4mm; }
.ribbon span { display: inline-block; padding: 1.6mm 9mm; border-radius: 999px; background: #1f6f4a; color: #fff;
  font-size: 11pt; font-weight: 600; letter-spacing: .16em; text-transform: uppercase; }
.merit .ribbon span { background: linear-gradient(90deg, #a57c2a, #d8b25a 50%, #a57c2a); color: #1b1405; }
.certify { margin-top: 9mm; font-size: 12.5pt; color: #4a5a51; font-style: italic; }
.name { margin-top: 3mm; font-weight: 600; color: #14331f; line-height: 1.35; max-width: 235mm; unicode-bidi: plaintext;
  padding: 0 8mm 2mm; border-bottom: 0.4mm solid #b8913a; }
.of { margin-top: 6mm; font-size: 13.5pt; }
.of strong { font-weight: 600; unicode-bidi: isolate; }
.what { margin-top: 3mm; font-size: 13pt; max-width: 215mm; line-height: 1.5; color: #2b3a32; }
.foot { margin-top: auto; width: 100%; display: flex; align-items: flex-end; justify-content: space-between; gap: 5mm; text-align: left; }
.facts { font-size: 9pt; color: #4a5a51; line-height: 1.6; width: 54mm; white-space: nowrap; align-self: flex-end; }
.facts span { display: inline-block; min-width: 22mm; color: #7a877f; text-transform: uppercase; font-size: 7.5pt; letter-spacing: .08em; }
.sign { width: 46mm; text-align: center; }
.sign .line { display: block; border-top: 0.35mm solid #1b2a22; margin-bottom: 1.5mm; }
.sign p { font-size: 9pt; color: #4a5a51; min-height: 2.8em; }
.seal { width: 27mm; height: 27mm; flex: none; align-self: center; }
.qr { width: 50mm; text-align: center; }
.qr svg { width: 26mm; height: 26mm; display: block; margin: 0 auto 1.5mm; }
.qr p { font-size: 7pt; color: #4a5a51; }
.qr .url { font-size: 6.5pt; overflow-wrap: anywhere; color: #1f6f4a; }
</style></head>
<body>
${pages.join("\n")}
</body></html>`;
}
