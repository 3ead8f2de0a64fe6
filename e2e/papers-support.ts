import { expect, type Page } from "@playwright/test";

/** The writing area of the rich-text editor labelled `label`. */
export const editor = (page: Page, label: string) => page.getByRole("textbox", { name: label, exact: true });

/**
 * Adds a formula at the end of an editor through its ƒx button and Quill's formula tooltip. If the
 * tooltip did not take it, the formula is pasted as the HTML the editor writes for one, which
 * Quill's clipboard turns into the same formula.
 */
export async function insertFormula(page: Page, label: string, tex: string) {
  const box = editor(page, label);
  await box.click();
  await page.keyboard.press("Control+End");
  await page
    .getByRole("toolbar", { name: new RegExp(`^${label}`) })
    .getByRole("button", { name: "Formula" })
    .click();
  const input = page.locator("[data-quill-host]").filter({ has: box }).locator(".ql-tooltip input[type=text]");
  await input.fill(tex);
  await input.press("Enter");
  const rendered = box.locator(".ql-formula .katex");
  if (!(await rendered.isVisible({ timeout: 3000 }).catch(() => false))) {
    await box.click();
    await page.keyboard.press("Control+End");
    await box.evaluate((root, html) => {
      const data = new DataTransfer();
      data.setData("text/html", html);
      data.setData("text/plain", "");
      root.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    }, `<span class="ql-formula" data-value="${tex}"></span>`);
  }
  await expect(rendered).toBeVisible();
}
