import { expect, type Page } from "@playwright/test";
import { APP_IDS, type AppId, DEFAULT_APP_PORTS } from "@repo/auth/apps";
import { type PageId, pagePath } from "@repo/auth/menus";
import { demoSeason } from "@repo/db/seed/season";
import { FAKE_SMS_PORT, type FakeSms } from "../apps/api/scripts/fake-sms-gateway";
import { BLOCKING_IMPACTS, blockingAxe } from "../packages/ui/test/axe";

/** 100 unless E2E_PORT_OFFSET says otherwise (two checkouts can then run their e2e at once). */
export const PORT_OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 100);
export const DEMO_PASSWORD = "Demo@12345";
/** The demo's dates, as the server seeded them today (packages/db/src/seed/season.ts). */
export { demoSeason };
/** A seeded moment's day as the school screens write it ("13 Dec 2026"). */
export const seasonDay = (moment: Date) =>
  new Intl.DateTimeFormat("en-IN", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "Asia/Kolkata",
  }).format(moment);
export const API = `http://127.0.0.1:${4000 + PORT_OFFSET}`;

/**
 * The stand-in for Razorpay's API that e2e/razorpay.spec.ts starts, and the keys the portal is
 * started with for it (scripts/e2e-razorpay.ts).
 */
export const RAZORPAY_STAND_IN = {
  port: 4900 + PORT_OFFSET,
  keyId: "rzp_test_e2e",
  keySecret: "rzp_test_e2e_secret",
  webhookSecret: "whsec_e2e_12345",
};
/** The mail sink of scripts/e2e-server.ts: every mail the portal sent during the run. */
export const MAIL_SINK = `http://127.0.0.1:${2526 + PORT_OFFSET}`;
/** The fake SMS gateway that scripts/portal.ts starts: every text the portal sent during the run. */
export const SMS_INBOX = `http://127.0.0.1:${FAKE_SMS_PORT + PORT_OFFSET}`;
export const appOrigin = (app: AppId) => `http://localhost:${DEFAULT_APP_PORTS[app] + PORT_OFFSET}`;
export { APP_IDS };

/** The full address of a page of the tree (packages/auth/src/menus.ts), with extra query parameters. */
export function pageUrl<A extends AppId>(app: A, id: PageId<A>, query?: Record<string, string>): string {
  const url = new URL(pagePath(app, id), appOrigin(app));
  for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, value);
  return url.toString();
}

/** Which app an URL belongs to, by its port. */
export function appOf(url: string): AppId | undefined {
  const port = Number(new URL(url).port);
  return APP_IDS.find((app) => DEFAULT_APP_PORTS[app] + PORT_OFFSET === port);
}

/** Waits until React has hydrated the page (clicks before that would be lost). */
export async function hydrated(page: Page) {
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
}

/**
 * Waits until a lazily loaded form has hydrated: its empty form's submit button is then disabled
 * (before, the server's form takes typing, which its chunk adopts; decision 053).
 */
export async function formHydrated(page: Page, submit: string) {
  await expect(page.getByRole("button", { name: submit, exact: true })).toBeDisabled();
}

/** A run's stamp with its digits as letters, for names a run makes its own ("Aarav" + "mxbfk"). */
export const lettersOf = (stamp: string): string => stamp.replace(/\d/g, (d) => "abcdefghij"[Number(d)] ?? "x");

/**
 * Signs in through the login form of `app`, in the browser, and waits for the page it ends on.
 * Only e2e/signin.spec.ts and tests of the form itself need this; others use `signIn`.
 */
export async function signInWithForm(page: Page, app: AppId, username: string, password = DEMO_PASSWORD) {
  await page.goto(`${appOrigin(app)}/login`);
  await hydrated(page);
  await page.getByLabel("Username").fill(username);
  await page.locator(`input[name="password"]`).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login") && !url.pathname.startsWith("/auth/"));
  await hydrated(page);
}

/**
 * Posts the login form of `app` as a browser without script would (its Origin, the same route,
 * the same cookies: the sealed session, the handoff nonce) and answers where the app sends the
 * browser next. Skips loading and hydrating the login page, which e2e/signin.spec.ts covers.
 */
async function postLogin(page: Page, app: AppId, username: string, password: string, redirectTo = "") {
  const origin = appOrigin(app);
  const answer = await page.request.post(`${origin}/login`, {
    form: { username, password, redirectTo },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  const location = answer.headers().location;
  if (answer.status() < 300 || answer.status() > 399 || !location) {
    throw new Error(`signing in as ${username} at ${app} answered ${answer.status()}: ${await answer.text()}`);
  }
  return new URL(location, origin).href;
}

/** Signs in at `app` and opens the page the sign-in leads to (the landing page, or a handoff to it). */
export async function signIn(page: Page, app: AppId, username: string, password = DEMO_PASSWORD) {
  const response = await page.goto(await postLogin(page, app, username, password));
  await hydrated(page);
  return response;
}

/**
 * Signs in at the app of `url` and opens `url` straight after (the login form's redirectTo),
 * without rendering the landing page first. Answers the page's response (a 403 page, say).
 */
export async function signInTo(page: Page, url: string, username: string, password = DEMO_PASSWORD) {
  const app = appOf(url);
  if (!app) throw new Error(`${url} is no app's address`);
  const { pathname, search } = new URL(url);
  const response = await page.goto(await postLogin(page, app, username, password, `${pathname}${search}`));
  // A refusal (403) is a page of its own that tests read as served.
  if (response?.ok()) await hydrated(page);
  return response;
}

/**
 * Waits (at most 2 s) until the page has drawn a few frames and no finite animation or transition
 * runs: after a resize (the shell moves to its drawer layout) or an opening dialog, before a
 * screenshot or an axe check looks at it.
 */
export async function settled(page: Page) {
  await page.evaluate(async () => {
    for (let frame = 0; frame < 3; frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
  });
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
      undefined,
      { timeout: 2000 },
    )
    .catch(() => undefined);
}

/** Zero serious or critical accessibility violations on the page as it is now. */
export async function expectAccessible(page: Page, context = page.url()) {
  // A dialog fading in has, for a moment, text blended with the page behind it: axe then reports
  // contrast that no user sees settled.
  await settled(page);
  // A sandboxed frame (a rendered mail, a certificate) runs nothing and is opaque to the page: its
  // document is not the portal's, and axe cannot enter it.
  const results = await blockingAxe(page).exclude("iframe[sandbox]").analyze();
  const serious = results.violations
    .filter((v) => (BLOCKING_IMPACTS as readonly (string | undefined | null)[]).includes(v.impact))
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    );
  expect(serious, `accessibility violations on ${context}`).toEqual([]);
}

/** An API token of a user, for setting up or reading what a test needs through the API. */
export async function apiToken(username: string, app?: AppId, password = DEMO_PASSWORD): Promise<string> {
  const login = await fetch(`${API}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username, password, ...(app ? { app } : {}) }),
  });
  return ((await login.json()) as { data: { token: string } }).data.token;
}

/** The subject the permission table is evaluated for, read from the API as the app would. */
export async function subjectOf(username: string) {
  const token = await apiToken(username);
  const me = await fetch(`${API}/api/user`, { headers: { Authorization: `Bearer ${token}` } });
  const user = (
    (await me.json()) as { data: { role_id: number; zone: string | null; user_detail: { referred_student: number } } }
  ).data;
  await fetch(`${API}/api/logout`, { method: "POST", headers: { Authorization: `Bearer ${token}` } });
  return { roleId: user.role_id, isGcc: user.zone === "GCC", referredStudents: user.user_detail.referred_student };
}

/** The mails the portal sent to `address` so far (newest last). */
export async function mailsTo(address: string): Promise<{ subject: string; text: string; html: string }[]> {
  const response = await fetch(`${MAIL_SINK}/messages?to=${encodeURIComponent(address)}`);
  return (await response.json()) as { subject: string; text: string; html: string }[];
}

/** The texts the portal sent to `mobile` so far (oldest first), from the fake gateway's inbox. */
export async function textsTo(mobile: string): Promise<FakeSms[]> {
  const response = await fetch(`${SMS_INBOX}/messages?to=${encodeURIComponent(mobile)}`);
  return (await response.json()) as FakeSms[];
}

/**
 * Makes the fake gateway refuse the next `times` texts to `mobile`: 503, retried by the portal, or
 * (`permanent`) 400, failed until a person retries it.
 */
export async function failTextsTo(mobile: string, times = 1, permanent = false): Promise<void> {
  await fetch(`${SMS_INBOX}/fail`, { method: "POST", body: JSON.stringify({ to: mobile, times, permanent }) });
}

/** The zone that holds Maharashtra, as the registration pickers list it. */
export async function maharashtraZone(): Promise<string> {
  const get = async (query: string) =>
    (
      (await (await fetch(`${API}/api/schools/register/regions?${query}`)).json()) as {
        data: { id: number; name: string }[];
      }
    ).data;
  for (const zone of await get("level=zone&country_id=1")) {
    if ((await get(`level=state&parent_id=${zone.id}`)).some((state) => state.name === "Maharashtra")) return zone.name;
  }
  throw new Error("no zone holds Maharashtra");
}

/** Picks the first real option of a picker once its options have loaded. */
export async function pickFirst(page: Page, label: string) {
  const select = page.getByLabel(label, { exact: true });
  await expect(select.locator("option:not([value=''])").first()).toBeAttached();
  const value = await select.locator("option:not([value=''])").first().getAttribute("value");
  await select.selectOption(value ?? "");
}

/** The verification link of the newest mail to `address`, once `count` mails have arrived. */
export async function verificationLink(address: string, count = 1): Promise<string> {
  await expect.poll(async () => (await mailsTo(address)).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(count);
  const html = (await mailsTo(address)).at(-1)?.html ?? "";
  const href = html.match(/href="([^"]*verify-school-email\?token=[^"]+)"/)?.[1];
  if (!href) throw new Error(`no verification link in ${html}`);
  return href.replace(/&amp;/g, "&");
}

/**
 * Fills the school part of /register (name, category, board, a Maharashtra address down to the
 * city, contact and e-mail); the account fields are left to the test.
 */
export async function fillSchoolDetails(page: Page, school: { name: string; email: string }) {
  await page.getByLabel("School name").fill(school.name);
  await page.getByLabel("Category").selectOption({ label: "Private" });
  await page.getByLabel("Board").selectOption({ label: "CBSE" });
  const zone = await maharashtraZone();
  await expect(page.getByLabel("Zone").locator("option", { hasText: zone })).toBeAttached();
  await page.getByLabel("Zone").selectOption({ label: zone });
  await expect(page.getByLabel("State", { exact: true }).locator("option", { hasText: "Maharashtra" })).toBeAttached();
  await page.getByLabel("State", { exact: true }).selectOption({ label: "Maharashtra" });
  await pickFirst(page, "Prant");
  await pickFirst(page, "District");
  await pickFirst(page, "City");
  await page.getByLabel("Address").fill("12, Station Road");
  await page.getByLabel("PIN or postal code").fill("411001");
  await page.getByLabel("Principal or contact name").fill("S. Deshpande");
  await page.getByLabel("Phone").fill("9876543210");
  await page.getByLabel("School e-mail").fill(school.email);
}

/**
 * Registers a school through the API and verifies its e-mail with the token of the mail the portal
 * sent: the school the form of /register makes with fillSchoolDetails (a Maharashtra address, the first prant, district
 * and city), for tests whose subject comes after registration. Filling /register and following the
 * link in the browser is e2e/school-account.spec.ts's subject (and master-institutes' for an
 * institute's school).
 */
export async function registerSchoolByApi(username: string, email: string, name: string) {
  const password = "Vidya@2026";
  const regions = async (query: string) =>
    (
      (await (await fetch(`${API}/api/schools/register/regions?${query}`)).json()) as {
        data: { id: number; name: string }[];
      }
    ).data;
  const first = async (query: string) => {
    const id = (await regions(query))[0]?.id;
    if (!id) throw new Error(`no region for ${query}`);
    return id;
  };
  const zoneName = await maharashtraZone();
  const zone = (await regions("level=zone&country_id=1")).find((z) => z.name === zoneName);
  const state = (await regions(`level=state&parent_id=${zone?.id}`)).find((s) => s.name === "Maharashtra");
  if (!zone || !state) throw new Error("no Maharashtra in the registration pickers");
  const prant = await first(`level=prant&parent_id=${state.id}`);
  const district = await first(`level=district&parent_id=${prant}`);
  const city = await first(`level=city&parent_id=${district}`);
  const response = await fetch(`${API}/api/schools/school-register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      school_name: name,
      category_id: 2, // Private
      board_id: 1, // CBSE
      zone_id: zone.id,
      state_id: state.id,
      prant_id: prant,
      district_id: district,
      city_id: city,
      address: "12, Station Road",
      pincode: "411001",
      contact_name: "S. Deshpande",
      contact_phone: "9876543210",
      email,
      username,
      password,
      confirm_password: password,
    }),
  });
  expect(response.ok, await response.clone().text()).toBe(true);
  const token = new URL(await verificationLink(email)).searchParams.get("token");
  const verified = await fetch(`${API}/api/school/verify-school-email`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ token }),
  });
  expect(verified.ok, await verified.clone().text()).toBe(true);
  return { username, password };
}

/** Adds students to the signed-in school through the API (setup; adding by hand is e2e/students). */
export async function addStudents(username: string, password: string, names: string[], phoneBase: number) {
  const token = await apiToken(username, "school", password);
  const ids: number[] = [];
  for (const [i, first] of names.entries()) {
    const response = await fetch(`${API}/api/schools/student/create`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({
        first_name: first,
        last_name: "Pay",
        class_level: 8,
        language: "en",
        gender: "female",
        date_of_birth: `2013-05-0${i + 1}`,
        parent_name: "Parent Pay",
        phone: `97${phoneBase + i}`,
        email: `${first.toLowerCase()}@e2e.example.org`,
      }),
    });
    expect(response.ok, await response.clone().text()).toBe(true);
    ids.push(((await response.json()) as { data: { id: number } }).data.id);
  }
  return { token, ids };
}

/**
 * Setup of a payment journey: a newly registered, verified school (`label` names it: "Desk" gives
 * e2edesk<stamp> and "E2E Desk School <stamp>") with one student per first name, each made unique
 * with the stamp's letters. Phones start at `phoneBase` plus a random offset.
 */
export async function schoolWithStudents(label: string, firstNames: string[], phoneBase: number) {
  const stamp = Date.now().toString(36);
  const letters = lettersOf(stamp);
  const key = label.toLowerCase();
  const account = await registerSchoolByApi(
    `e2e${key}${stamp}`,
    `${key}-${stamp}@e2e.example.org`,
    `E2E ${label} School ${stamp}`,
  );
  const names = firstNames.map((first) => `${first}${letters}`);
  const added = await addStudents(
    account.username,
    account.password,
    names,
    phoneBase + Math.floor(Math.random() * 9_000_000),
  );
  return { stamp, account, names, ...added };
}
