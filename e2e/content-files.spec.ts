import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { pdfWithPages } from "../apps/api/test/pdfs";
import { expectAccessible, hydrated, pageUrl, signInTo } from "./support";

test.describe.configure({ mode: "serial" });

const RUN = Date.now().toString(36);
const BROCHURE = `VVM Brochure ${RUN}`;
const FLIPBOOK = `VVM Flipbook ${RUN}`;
const CLASS8 = `Class VIII practice ${RUN}`;
const CLASS9 = `Class IX practice ${RUN}`;
const PNG = readFileSync(new URL("./fixtures/photo.png", import.meta.url));

/** Fills and sends an editor's create dialog, then closes the success message. */
async function create(page: Page, dialogName: string, fill: (dialog: ReturnType<Page["getByRole"]>) => Promise<void>) {
  await page.getByRole("button", { name: "Create" }).click();
  const dialog = page.getByRole("dialog", { name: dialogName });
  await fill(dialog);
  await dialog.getByLabel("Published").check();
  await dialog.getByRole("button", { name: dialogName }).click();
  await expect(page.getByRole("alertdialog")).toContainText("created successfully");
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
}

const pdfFile = async (name: string, pages: number) => ({
  name,
  mimeType: "application/pdf",
  buffer: Buffer.from(await pdfWithPages(pages, name)),
});

test("content: LMS uploads a brochure, a flipbook and study material; a wrong file gets its message", async ({
  page,
}) => {
  await signInTo(page, pageUrl("coordinator", "brochure-download"), "lms");
  await expect(page.getByRole("table", { name: "Brochures" })).toBeVisible();
  await expectAccessible(page, "brochure list");
  // A PNG named .pdf is refused by its content, on the file field.
  await page.getByRole("button", { name: "Create" }).click();
  const dialog = page.getByRole("dialog", { name: "Create brochure" });
  await expect(dialog.getByText("A PDF, at most 25 MB")).toBeVisible();
  await dialog.getByLabel("Title").fill(BROCHURE);
  await dialog.getByLabel("Language").selectOption({ label: "English" });
  await dialog.getByLabel("PDF file").setInputFiles({ name: "brochure.pdf", mimeType: "application/pdf", buffer: PNG });
  await expectAccessible(page, "create brochure dialog");
  await dialog.getByRole("button", { name: "Create brochure" }).click();
  await expect(dialog.getByText("The brochure must be a PDF; this file is a PNG image.")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();

  await create(page, "Create brochure", async (form) => {
    await form.getByLabel("Title").fill(BROCHURE);
    await form.getByLabel("Language").selectOption({ label: "English" });
    await form.getByLabel("PDF file").setInputFiles(await pdfFile("vvm-brochure.pdf", 3));
  });
  await expect(page.getByRole("row", { name: new RegExp(BROCHURE) })).toContainText("3 pages");
  await page.screenshot({ path: "/tmp/files/coordinator-brochures.png" });

  await page.goto(pageUrl("coordinator", "brochure-flipbook"));
  await hydrated(page);
  await create(page, "Create flipbook", async (form) => {
    await expect(form.getByText("A PDF, at most 40 MB and 200 pages")).toBeVisible();
    await form.getByLabel("Title").fill(FLIPBOOK);
    await form.getByLabel("Language").selectOption({ label: "Hindi" });
    await form.getByLabel("PDF file").setInputFiles(await pdfFile("vvm-flipbook.pdf", 4));
  });
  await expectAccessible(page, "flipbook list");

  await page.goto(pageUrl("coordinator", "study-material"));
  await hydrated(page);
  for (const [title, level] of [
    [CLASS8, "Class VIII"],
    [CLASS9, "Class IX"],
  ] as const) {
    await create(page, "Create study material", async (form) => {
      await form.getByLabel("Title").fill(title);
      await form.getByLabel("Class").selectOption({ label: level });
      await form.getByLabel("Level", { exact: true }).selectOption({ label: "Mock exam" });
      await form.getByRole("button", { name: /Languages/ }).click();
      await page.getByRole("option", { name: "English" }).click();
      await page.keyboard.press("Escape");
      await form.getByLabel("PDF file").setInputFiles(await pdfFile(`${title}.pdf`, 2));
      await page.screenshot({ path: "/tmp/files/coordinator-study-dialog.png" });
    });
  }
  await expectAccessible(page, "study material list");
});

test("content: a school reads the flipbook page by page on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInTo(page, pageUrl("school", "brochure-flipbook"), "school");
  const book = page.getByRole("region", { name: `Read ${FLIPBOOK}` });
  await expect(book).toBeVisible();
  const status = book.getByText(/^Page \d+ of 4$/);
  await expect(status).toHaveText("Page 1 of 4");
  // pdf.js drew the page: the canvas has a size and ink on it.
  await expect(book).not.toHaveAttribute("data-drawn", "0");
  const inked = await book
    .locator("canvas")
    .first()
    .evaluate((canvas: HTMLCanvasElement) => {
      const context = canvas.getContext("2d");
      if (!context || canvas.width === 0) return 0;
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      let dark = 0;
      for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 255) < 128) dark++;
      return dark;
    });
  expect(inked).toBeGreaterThan(100);
  await expectAccessible(page, "flipbook reader");
  await page.screenshot({ path: "/tmp/files/flipbook-phone.png", fullPage: true });

  await book.focus();
  await page.keyboard.press("ArrowRight");
  await expect(status).toHaveText("Page 2 of 4");
  await book.getByRole("button", { name: "Next" }).click();
  await expect(status).toHaveText("Page 3 of 4");
  await expect(book.getByRole("img", { name: "Page 3 of 4" })).toBeVisible();
  await book.focus();
  await page.keyboard.press("End");
  await expect(status).toHaveText("Page 4 of 4");
  await expect(book.getByRole("button", { name: "Next" })).toBeDisabled();
  await page.keyboard.press("Home");
  await expect(status).toHaveText("Page 1 of 4");
});

test("content: a school downloads the brochure and filters study material by class", async ({ page }) => {
  await signInTo(page, pageUrl("school", "brochure-download"), "school");
  await expectAccessible(page, "brochure downloads");
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: `Download ${BROCHURE}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("vvm-brochure.pdf");
  const bytes = readFileSync((await download.path()) ?? "");
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");

  await page.goto(pageUrl("school", "study-material", { class_level: "8", search: RUN }));
  await hydrated(page);
  const table = page.getByRole("table", { name: "Study material" });
  await expect(table.getByText(CLASS8)).toBeVisible();
  await expect(table.getByText(CLASS9)).toHaveCount(0);
  await expectAccessible(page, "study material");
  await page.screenshot({ path: "/tmp/files/study-material.png", fullPage: true });

  await page.goto(pageUrl("school", "buy-study-material"));
  await hydrated(page);
  // For sale: ticked and paid for (e2e/purchases buys it); not open before it is bought.
  const forSale = page
    .getByRole("table", { name: "Study material for sale" })
    .getByRole("row", { name: /Level 2 preparation guide: Class X/ });
  await expect(forSale).toContainText("Tick to buy");
  await expect(forSale.getByRole("link")).toHaveCount(0);
  await expectAccessible(page, "buy study material");
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: "/tmp/files/buy-phone.png", fullPage: true });
});
