import { expect, type Page, test } from "@playwright/test";
import { appOrigin, expectAccessible, hydrated, mailsTo, pageUrl, signInTo } from "./support";

const SCREENS = "e2e/artifacts/screens";
const shot = async (page: Page, name: string, fullPage = true) => {
  if (!fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SCREENS}/sif-${name}.png`, fullPage });
};

/** The demo school (Jnana Prabodhini Prashala, Pune) and its referral code from the demo data. */
const DEMO_SCHOOL = "Jnana Prabodhini Prashala, Pune";
const DEMO_CODE = "VVM1001";

test("a student registers alone with a school's referral link, gets the mail, and a coordinator finds it", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const firstName = `Kavya${stamp.replace(/\d/g, "")}`;
  const email = `kavya-${stamp}@e2e.example.org`;

  // From the sign-in page, then through the school's share link (it pre-fills the code).
  await page.goto(`${appOrigin("school")}/login`);
  await hydrated(page);
  await page.getByRole("link", { name: "Register as a student" }).click();
  await expect(page).toHaveURL(/\/sif\/register$/);
  await page.goto(`${appOrigin("school")}/sif/register?ref=${DEMO_CODE.toLowerCase()}`);
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Register as a student" })).toBeVisible();
  const code = page.getByLabel("Referral code");
  await expect(code).toHaveValue(DEMO_CODE);
  await expect(page.getByText(`Referral code of ${DEMO_SCHOOL}`)).toBeVisible();

  // A wrong code is refused as it is typed; the right one names the school again.
  await code.fill("VVMNOSUCH1");
  await expect(page.getByText("No school has this referral code")).toBeVisible();
  await code.fill(DEMO_CODE);
  await expect(page.getByText(`Referral code of ${DEMO_SCHOOL}`)).toBeVisible();

  await page.getByLabel("First name").fill(firstName);
  await page.getByLabel("Last name").fill("Kulkarni");
  await page.getByLabel("Date of birth").fill("2013-08-15");
  await page.getByLabel("Gender").selectOption({ label: "Female" });
  await page.getByLabel("Parent's name").fill("Sunita Kulkarni");
  await page.getByLabel("Phone").fill(`98${String(Date.now()).slice(-8)}`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Class").selectOption({ label: "Class VIII" });
  await page.getByLabel("Exam language").selectOption("mr");
  await page.getByLabel("Find your school").fill("Jnana Prabodhini");
  const school = page.getByLabel("School", { exact: true });
  await expect(school.locator("option", { hasText: "Jnana Prabodhini Prashala" })).toBeAttached();
  await school.selectOption({ index: 1 });
  await expectAccessible(page, "/sif/register");
  await shot(page, "register");

  await page.getByRole("button", { name: "Register", exact: true }).click();
  await expect(page.getByRole("heading", { name: "You are registered" })).toBeVisible();
  const username = (await page.getByTestId("sif-username").textContent()) ?? "";
  expect(username).toMatch(/^stu\d{6}/);
  await expect(page.getByText(`Referred by: ${DEMO_SCHOOL}`)).toBeVisible();
  await expect(page.getByText(/Next step: sign in/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in to pay the fee" })).toBeVisible();
  await expectAccessible(page, "/sif/register (done)");
  await shot(page, "registered");

  // The credentials mail arrives with the username (and a password).
  await expect.poll(async () => (await mailsTo(email)).length, { timeout: 20_000 }).toBe(1);
  const [mail] = await mailsTo(email);
  expect(mail?.subject).toContain(firstName);
  expect(mail?.text).toContain(username);
  expect(mail?.text).toMatch(/Password: \S{8,}/);

  // A coordinator of the school's district finds the student in the individual-students list.
  await signInTo(page, pageUrl("coordinator", "individual-students"), "district");
  await expect(page.getByRole("heading", { name: "Individual students" }).first()).toBeVisible();
  await page.getByRole("searchbox").fill(firstName);
  await page.getByRole("searchbox").press("Enter");
  const row = page.getByRole("row", { name: new RegExp(firstName) });
  await expect(row).toBeVisible();
  await expect(row.getByText(DEMO_SCHOOL).first()).toBeVisible();
  // Coordinators read the list; importing and deleting are for Admin and Sub Admin.
  await expect(page.getByRole("button", { name: "Import" })).toHaveCount(0);
  await expectAccessible(page, "/individual-student");
  await shot(page, "coordinator-list", false);
});

test("an admin sees the Import and Delete actions of the individual-students list", async ({ page }) => {
  await signInTo(page, pageUrl("coordinator", "individual-students"), "admin");
  await expect(page.getByRole("button", { name: "Import" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Delete / }).first()).toBeVisible();
  await page.getByRole("button", { name: "Import" }).click();
  const dialog = page.getByRole("dialog", { name: "Import individual students" });
  await expect(dialog.getByRole("link", { name: "Download the template" })).toBeVisible();
  await expectAccessible(page, "/individual-student import dialog");
  await shot(page, "import-dialog", false);
});
