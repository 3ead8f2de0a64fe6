import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { unzipSync } from "fflate";
import { PDFDocument } from "pdf-lib";
import { appOrigin, expectAccessible, hydrated, pageUrl, pickFirst, signInTo } from "./support";

/**
 * Certificates (issue 15) on the demo's results: the school's Results page lists its students with
 * their awards, downloads one certificate and all of them (a job with a progress bar); a
 * certificate's code opens the public check, signed out, on a phone; a coordinator makes its
 * district's certificates as a zip.
 */

const pdfText = (file: string) => execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
const pdfPages = (file: string) =>
  Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file], { encoding: "utf8" }))?.[1]);

test("a school downloads a student's certificate and every certificate from its Results page", async ({ page }) => {
  test.setTimeout(180_000);
  await signInTo(page, pageUrl("school", "results"), "school");
  const table = page.getByRole("table", { name: "Level 1 results" });
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  const total = Number(
    /of ([\d,]+)/.exec((await page.getByText(/^Showing \d/).textContent()) ?? "")?.[1]?.replace(/,/g, ""),
  );
  expect(total).toBeGreaterThan(0);
  await expectAccessible(page, "results");
  await page.screenshot({ path: "e2e/artifacts/screens/school-results.png", fullPage: true });

  // One student's certificate: the name and the award of its row are printed on it.
  const first = table.locator("tbody tr").first();
  const name = ((await first.locator("strong").first().textContent()) ?? "").trim();
  const award = ((await first.locator("td").nth(3).textContent()) ?? "").trim();
  const [one] = await Promise.all([
    page.waitForEvent("download", { timeout: 60_000 }),
    page.getByRole("link", { name: `Download the PDF certificate of ${name}` }).click(),
  ]);
  expect(one.suggestedFilename()).toMatch(/^certificate-level1-\w+-[\w-]+\.pdf$/);
  const text = pdfText(await one.path());
  expect(text).toContain(name);
  expect(text).toContain(award === "Participation" ? "Certificate of Participation" : "Certificate of Merit");
  expect(pdfPages(await one.path())).toBe(1);

  // Every certificate: a job with a progress bar, then the file with a page per student.
  await page.getByRole("button", { name: "Download all certificates" }).click();
  const file = page.getByRole("link", { name: /Download the file/ });
  await expect(file).toBeVisible({ timeout: 120_000 });
  await expect(page.getByRole("status").filter({ hasText: "certificates are ready" })).toContainText(
    `${total.toLocaleString("en-IN")} certificates`,
  );
  await expectAccessible(page, "results with the certificates made");
  const [all] = await Promise.all([page.waitForEvent("download"), file.click()]);
  expect(all.suggestedFilename()).toMatch(/^certificates-level1-.*\.pdf$/);
  expect(pdfPages(await all.path())).toBe(total);
});

test("a certificate's code opens the public check, signed out, at 360 px", async ({ page, browser }) => {
  await signInTo(page, pageUrl("school", "results"), "school");
  const first = page.getByRole("table", { name: "Level 1 results" }).locator("tbody tr").first();
  const name = ((await first.locator("strong").first().textContent()) ?? "").trim();
  const check = page.getByRole("link", { name: `Check the certificate of ${name}` });
  const href = (await check.getAttribute("href")) ?? "";
  expect(href).toMatch(/^\/verify\/[A-Z0-9]{12}$/);

  // The QR code's address, opened by someone who is not signed in, on a phone.
  const visitor = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const phone = await visitor.newPage();
  await phone.goto(`${appOrigin("school")}${href}`);
  await hydrated(phone);
  await expect(phone.getByRole("heading", { name: "Certificate verified" })).toBeVisible();
  await expect(phone.getByText(name, { exact: true })).toBeVisible();
  await expect(phone.getByText("Jnana Prabodhini Prashala, Pune")).toBeVisible();
  await expect(phone.getByText(/^Level 1, /)).toBeVisible();
  // Nothing beyond what the certificate says: no roll number, no marks.
  await expect(phone.getByText(/Roll|marks/i)).toHaveCount(0);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(phone, "certificate check");
  await phone.screenshot({ path: "e2e/artifacts/screens/certificate-verified.png", fullPage: true });

  const unknown = await phone.goto(`${appOrigin("school")}/verify/ZZZZZZZZZZZZ`);
  expect(unknown?.status()).toBe(404);
  await hydrated(phone);
  await expect(phone.getByRole("heading", { name: "Certificate not found" })).toBeVisible();
  await expectAccessible(phone, "unknown certificate");
  await visitor.close();
});

test("a district coordinator makes its district's certificates, a zip with one PDF per school", async ({ page }) => {
  test.setTimeout(180_000);
  await signInTo(page, pageUrl("coordinator", "certificates"), "district");
  await expectAccessible(page, "certificates");
  await pickFirst(page, "State");
  await expect(page).toHaveURL(/state_id=/);
  await pickFirst(page, "District");
  await expect(page).toHaveURL(/district_id=/);
  await page.getByLabel("File").selectOption("zip");
  await page.getByRole("button", { name: "Make the certificates" }).click();
  const file = page.getByRole("link", { name: /Download the file/ });
  await expect(file).toBeVisible({ timeout: 120_000 });
  const made = Number(
    /([\d,]+) certificates are ready/
      .exec((await page.getByRole("status").filter({ hasText: "are ready" }).textContent()) ?? "")?.[1]
      ?.replace(/,/g, ""),
  );
  expect(made).toBeGreaterThan(0);
  await expectAccessible(page, "certificates made");
  await page.screenshot({ path: "e2e/artifacts/screens/coordinator-certificates.png", fullPage: true });
  const [zip] = await Promise.all([page.waitForEvent("download"), file.click()]);
  expect(zip.suggestedFilename()).toMatch(/^certificates-level1-.*\.zip$/);
  const entries = unzipSync(new Uint8Array(readFileSync(await zip.path())));
  const names = Object.keys(entries);
  expect(names.length).toBeGreaterThan(0);
  let pages = 0;
  for (const [name, bytes] of Object.entries(entries)) {
    expect(name).toMatch(/\.pdf$/);
    pages += (await PDFDocument.load(bytes)).getPageCount();
  }
  expect(pages).toBe(made);
});
