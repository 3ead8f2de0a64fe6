import { expect, type Page, test } from "@playwright/test";
import {
  API,
  DEMO_PASSWORD,
  demoSeason,
  expectAccessible,
  hydrated,
  pageUrl,
  seasonDay,
  signIn,
  signInTo,
} from "./support";

const SCREENS = "e2e/artifacts/screens";
const PHONE = { width: 390, height: 844 };

interface Counts {
  total: number;
  paid: number;
  pending: number;
  unpaid: number;
}

/** An API answer for `username`, read as the app would (a sign-in of its own, signed out after). */
async function apiGet<T>(username: string, path: string, password = DEMO_PASSWORD): Promise<T> {
  const login = await fetch(`${API}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const answer = await fetch(`${API}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  await fetch(`${API}/api/logout`, { method: "POST", headers: { Authorization: `Bearer ${token}` } });
  return ((await answer.json()) as { data: T }).data;
}

/** The figure of one stat card of the summary. */
const figure = (page: Page, label: string) =>
  page
    .getByRole("group", { name: "Summary" })
    .locator("dl")
    .filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) })
    .locator("dd");

const count = (n: number) => n.toLocaleString("en-IN");

/** Both widths, whole pages, each drawn afresh at its width (charts measure the page once drawn). */
async function shoot(page: Page, name: string) {
  const desktop = page.viewportSize();
  const drawn = async () => {
    await hydrated(page);
    for (const chart of await page.locator("figure [role=img]").all()) {
      await expect(chart.locator("svg").first()).toBeAttached({ timeout: 15_000 });
    }
    // nivo animates its bars into place; the shell's header sticks, so shoot from the top.
    await page.waitForTimeout(1200);
    await page.evaluate(() => window.scrollTo(0, 0));
  };
  await drawn();
  await page.screenshot({ path: `${SCREENS}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.reload();
  await drawn();
  await page.screenshot({ path: `${SCREENS}/${name}-phone.png`, fullPage: true });
  if (desktop) await page.setViewportSize(desktop);
}

/** React's complaints in the browser console: a server render the browser did not reproduce. */
function hydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat|did not match|Minified React error #(418|423|425)/i.test(message.text()))
      errors.push(message.text());
  });
  return errors;
}

test("a school sees its students, what is due, its dates and coordinators on the dashboard", async ({ page }) => {
  const errors = hydrationErrors(page);
  await signIn(page, "school", "school");
  expect(new URL(page.url()).pathname).toBe("/admin-dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();

  // Other tests add and remove this school's students meanwhile: compare with a fresh answer.
  await expect(async () => {
    const { students } = await apiGet<{ students: Counts }>("school", "/api/schools/dashboard");
    await page.reload();
    await hydrated(page);
    await expect(figure(page, "Students")).toHaveText(count(students.total), { timeout: 1000 });
    await expect(figure(page, "Paid")).toHaveText(count(students.paid), { timeout: 1000 });
    await expect(figure(page, "Unpaid")).toHaveText(count(students.unpaid), { timeout: 1000 });
    const banner = page.getByRole("region", { name: `${count(students.unpaid)} students are not paid yet` });
    await expect(banner.getByRole("link", { name: "Pay now" })).toHaveAttribute("href", "/payment/payment-student", {
      timeout: 1000,
    });
  }).toPass({ timeout: 30_000 });
  await expect(figure(page, "Amount due")).toHaveText(/^₹[\d,]+\.00$/);

  // The chart draws (nivo, loaded after the first view), and its figures are a table.
  const chart = page.getByRole("img", { name: /^Students by class\./ });
  await expect(chart.locator("svg rect").first()).toBeAttached({ timeout: 15_000 });
  const table = page.getByRole("table", { name: "Students by class: data" });
  await expect(table.getByRole("rowheader")).toHaveText(["VI", "VII", "VIII", "IX", "X", "XI"]);
  await expect(table.getByRole("columnheader")).toHaveText(["Class", "Paid", "Pending", "Unpaid"]);

  const year = page.getByRole("region", { name: "Exam year 2026-27" });
  await expect(year).toContainText("1 Apr 2026");
  await expect(year).toContainText("31 Mar 2027");
  // The demo's exam schedule: the mock exam and Level 1 for every class, in India's time.
  await expect(year).toContainText("Mock exam, class VI-XI");
  await expect(year).toContainText("Level 1, class VI-XI");
  await expect(year).toContainText(`${seasonDay(demoSeason().level1At)}, 10:00`);
  await expect(year.getByRole("link", { name: "See the important dates" })).toHaveAttribute(
    "href",
    "/student/important-dates",
  );
  const coordinators = page.getByRole("region", { name: "Your coordinators" });
  await expect(coordinators.getByRole("listitem")).toHaveCount(4);
  await expect(coordinators.getByRole("listitem").nth(1)).toContainText("State Coordinator, Maharashtra");
  await expect(coordinators.getByRole("link", { name: /E-mail Demo State Coordinator/ })).toHaveAttribute(
    "href",
    "mailto:state@demo.example.org",
  );
  await expect(page.getByRole("region", { name: "Recent activity" })).toBeVisible();

  await expectAccessible(page, "school dashboard");
  await shoot(page, "school-dashboard");
  expect(errors).toEqual([]);
});

test("the statistics page shows a chart and a table for class, language, gender and payment", async ({ page }) => {
  const errors = hydrationErrors(page);
  await signInTo(page, pageUrl("school", "statistics"), "school");
  await expect(page.getByRole("heading", { name: "Statistics", level: 1 })).toBeVisible();
  for (const title of [
    "Students by class",
    "Students by exam language",
    "Students by gender",
    "Students by payment status",
  ]) {
    await expect(page.getByRole("table", { name: `${title}: data` })).toBeAttached();
    await expect(
      page
        .getByRole("img", { name: new RegExp(`^${title}\\.`) })
        .locator("svg")
        .first(),
    ).toBeAttached({
      timeout: 15_000,
    });
  }
  const { students } = await apiGet<{ students: Counts }>("school", "/api/schools/statistics");
  const payment = page.getByRole("table", { name: "Students by payment status: data" });
  await expect(payment.getByRole("row", { name: /^Paid / })).toBeAttached();
  expect(students.total).toBeGreaterThan(0);

  // Anyone may read a chart's figures as a visible table instead.
  const language = page.getByRole("figure", { name: "Students by exam language" });
  await language.getByRole("button", { name: "Show table" }).click();
  await expect(language.getByRole("table")).toBeVisible();
  await expect(language.getByRole("columnheader")).toHaveText(["Language", "Students"]);
  await language.getByRole("button", { name: "Show chart" }).click();

  await expectAccessible(page, "statistics");
  await shoot(page, "school-statistics");
  expect(errors).toEqual([]);
});

test("a master institute sees its schools together, and an institute has no per-student payment", async ({ page }) => {
  await signIn(page, "school", "masterinstitute");
  expect(new URL(page.url()).pathname).toBe("/admin-dashboard");
  const { students } = await apiGet<{ students: Counts }>("masterinstitute", "/api/schools/dashboard");
  await expect(figure(page, "Students")).toHaveText(count(students.total));
  await expect(page.getByRole("link", { name: "Pay now" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Your coordinators" }).getByRole("listitem").first()).toBeVisible();
  await expectAccessible(page, "master institute dashboard");
  await shoot(page, "school-dashboard-master-institute");

  await page.context().clearCookies();
  await signIn(page, "school", "institute");
  expect(new URL(page.url()).pathname).toBe("/admin-dashboard");
  await expect(page.getByRole("region", { name: /not paid yet$/ })).toBeVisible();
  await expect(page.getByRole("link", { name: "Pay now" })).toHaveCount(0);
});

test("a new school without students sees empty states that lead to adding them", async ({ page }) => {
  const stamp = Date.now().toString(36);
  const regions = async (query: string) =>
    (
      (await (await fetch(`${API}/api/schools/register/regions?${query}`)).json()) as {
        data: { id: number; name: string }[];
      }
    ).data;
  let place: { zone: number; state: number } | undefined;
  for (const zone of await regions("level=zone&country_id=1")) {
    const state = (await regions(`level=state&parent_id=${zone.id}`)).find((s) => s.name === "Maharashtra");
    if (state) place = { zone: zone.id, state: state.id };
  }
  const password = "Vidya@2026";
  const username = `e2edash${stamp}`;
  const registered = await fetch(`${API}/api/schools/school-register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      school_name: `Dashboard Test School ${stamp}`,
      category_id: 2,
      board_id: 1,
      zone_id: place?.zone,
      state_id: place?.state,
      address: "1, Test Road, Pune",
      pincode: "411001",
      contact_name: "Test Principal",
      contact_phone: "9876500000",
      email: `dash-${stamp}@e2e.example.org`,
      username,
      password,
      confirm_password: password,
    }),
  });
  expect(registered.ok, await registered.clone().text()).toBe(true);

  await signIn(page, "school", username, password);
  expect(new URL(page.url()).pathname).toBe("/admin-dashboard");
  await expect(figure(page, "Students")).toHaveText("0");
  await expect(page.getByText("No students yet")).toBeVisible();
  await expect(page.getByRole("link", { name: "Add students" })).toHaveAttribute("href", "/student/Add-students");
  await expect(page.getByRole("link", { name: "Pay now" })).toHaveCount(0);
  // Its own registration is its first activity.
  await expect(page.getByRole("region", { name: "Recent activity" })).toContainText("Registered the school");
  await expectAccessible(page, "empty dashboard");
  await shoot(page, "school-dashboard-empty");

  await page.goto(pageUrl("school", "statistics"));
  await expect(page.getByText("No students yet")).toBeVisible();
  await expectAccessible(page, "empty statistics");
});

test("a role without the dashboard gets the 403 page", async ({ page }) => {
  await signIn(page, "school", "student");
  for (const id of ["dashboard", "statistics"] as const) {
    const response = await page.goto(pageUrl("school", id));
    expect(response?.status(), id).toBe(403);
    await expect(page.getByText("You do not have permission to open this page")).toBeVisible();
  }
  await expectAccessible(page, "403");
});
