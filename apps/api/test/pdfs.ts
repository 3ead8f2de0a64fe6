import { PDFDocument, PDFName, PDFString, rgb, StandardFonts } from "pdf-lib";

/**
 * Small PDFs made at test time (no binaries in git): `pages` pages, each with its number drawn
 * large so a picture of a rendered page shows which page it is.
 */
export async function pdfWithPages(pages: number, title = "Test brochure"): Promise<Uint8Array<ArrayBuffer>> {
  const document = await PDFDocument.create();
  document.setTitle(title);
  const font = await document.embedFont(StandardFonts.HelveticaBold);
  for (let n = 1; n <= pages; n++) {
    const page = document.addPage([420, 595]);
    page.drawRectangle({ x: 20, y: 20, width: 380, height: 555, borderColor: rgb(0.2, 0.5, 0.3), borderWidth: 4 });
    page.drawText(title, { x: 40, y: 530, size: 18, font });
    page.drawText(String(n), { x: 140, y: 250, size: 160, font, color: rgb(0.1, 0.4, 0.25) });
  }
  return new Uint8Array(await document.save());
}

/** A one-page PDF that runs JavaScript when opened (an /OpenAction with /S /JavaScript). */
export async function pdfWithJavaScript(): Promise<Uint8Array<ArrayBuffer>> {
  const document = await PDFDocument.load(await pdfWithPages(1));
  const action = document.context.obj({ Type: "Action", S: "JavaScript", JS: PDFString.of("app.alert('hi')") });
  document.catalog.set(PDFName.of("OpenAction"), document.context.register(action));
  return new Uint8Array(await document.save());
}

/** A one-page PDF whose trailer says it is encrypted. */
export async function encryptedPdf(): Promise<Uint8Array<ArrayBuffer>> {
  const plain = Buffer.from(await (await PDFDocument.load(await pdfWithPages(1))).save({ useObjectStreams: false }));
  return new Uint8Array(Buffer.from(plain.toString("latin1").replace("/Root", "/Encrypt 1 0 R /Root"), "latin1"));
}

/** Starts like a PDF, then is nothing but noise. */
export const brokenPdf = (): Uint8Array<ArrayBuffer> =>
  new TextEncoder().encode(`%PDF-1.7\n${"garbage ".repeat(200)}\n%%EOF`);
