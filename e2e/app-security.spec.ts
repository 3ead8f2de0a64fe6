import { connect } from "node:net";
import { expect, test } from "@playwright/test";
import { DEFAULT_APP_PORTS } from "@repo/auth/apps";
import { appOf, appOrigin, DEMO_PASSWORD, hydrated, PORT_OFFSET, signInWithForm } from "./support";

// The apps' own defences (docs/decisions/028-app-request-checks.md), seen from a browser and
// from raw HTTP against the real production build.

const byAddress = (app: "school" | "coordinator") => `http://127.0.0.1:${DEFAULT_APP_PORTS[app] + PORT_OFFSET}`;
const STACK = /\n\s+at .+\(|node_modules|Error:/;

test("the app opened by its address instead of its name moves to the configured origin, and sign-in works", async ({
  page,
}) => {
  await page.goto(`${byAddress("coordinator")}/login?redirectTo=%2Fregions%2Fstates`);
  expect(new URL(page.url()).origin).toBe(appOrigin("coordinator"));
  await hydrated(page);
  await page.getByLabel("Username").fill("subadmin");
  await page.locator(`input[name="password"]`).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/regions\/states$/);
});

test("a form from another site or of the wrong type gets a plain 403/415 page, never a stack", async ({ request }) => {
  const login = `${appOrigin("school")}/login`;
  const foreign = await request.post(login, {
    headers: { Origin: "https://evil.example" },
    form: { username: "school", password: DEMO_PASSWORD },
    maxRedirects: 0,
  });
  expect(foreign.status()).toBe(403);
  const foreignText = await foreign.text();
  expect(foreignText).toContain("sent from another site");
  expect(foreignText).not.toMatch(STACK);

  const json = await request.post(login, {
    headers: { Origin: appOrigin("school"), "Content-Type": "application/json" },
    data: JSON.stringify({ username: "school" }),
    maxRedirects: 0,
  });
  expect(json.status()).toBe(415);
  expect(await json.text()).not.toMatch(STACK);

  // An oversized body is refused from its declared length, before any of it is read: only the
  // head is sent. (Sending the whole body raced the server's early close: EPIPE, not an answer.)
  expect(await statusOfHead(login, { Origin: appOrigin("school"), "Content-Length": String(5 * 1024 * 1024) })).toBe(
    413,
  );
});

/** Sends a form post's head without its body over a raw socket and reads the answer's status. */
function statusOfHead(address: string, headers: Record<string, string>): Promise<number> {
  const url = new URL(address);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => {
      const lines = Object.entries({ Host: url.host, "Content-Type": "application/x-www-form-urlencoded", ...headers });
      socket.write(`POST ${url.pathname} HTTP/1.1\r\n${lines.map(([k, v]) => `${k}: ${v}\r\n`).join("")}\r\n`);
    });
    let head = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      head += chunk;
      const status = /^HTTP\/1\.1 (\d{3})/.exec(head);
      if (status) {
        socket.destroy();
        resolve(Number(status[1]));
      }
    });
    socket.on("error", reject);
    socket.setTimeout(20_000, () => reject(new Error("no answer to the head within 20 s")));
  });
}

test("redirectTo cannot lead off the site after sign-in", async ({ page }) => {
  await page.goto(`${appOrigin("coordinator")}/login?redirectTo=${encodeURIComponent("/.//evil.example/phish")}`);
  await hydrated(page);
  await page.getByLabel("Username").fill("subadmin");
  await page.locator(`input[name="password"]`).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  expect(new URL(page.url()).origin).toBe(appOrigin("coordinator"));
});

test("a handoff link made in one browser does not sign another browser in (login CSRF)", async ({ browser }) => {
  // The attacker signs in at the wrong app and stops at the handoff link instead of following it.
  const attacker = await browser.newContext();
  const attackerPage = await attacker.newPage();
  let link = "";
  await attackerPage.route("**/auth/handoff?**", (route) => {
    link = route.request().url();
    return route.abort();
  });
  await attackerPage.goto(`${appOrigin("coordinator")}/login`);
  await hydrated(attackerPage);
  await attackerPage.getByLabel("Username").fill("school");
  await attackerPage.locator(`input[name="password"]`).fill(DEMO_PASSWORD);
  await attackerPage.getByRole("button", { name: "Sign in" }).click();
  await expect.poll(() => link).toContain("/auth/handoff?code=");
  await attacker.close();

  // The victim opens the fresh, unused link: it leads to the login page, signed in as nobody.
  const victim = await browser.newContext();
  const victimPage = await victim.newPage();
  await victimPage.goto(link.replace(/to=[^&]*/, `to=${encodeURIComponent("/..//evil.example")}`));
  expect(new URL(victimPage.url()).pathname).toBe("/login");
  expect(appOf(victimPage.url())).toBe("school");
  await expect(victimPage.getByText("That sign-in link has expired or was already used")).toBeVisible();
  await victim.close();
});

test("a handoff still moves a sign-in between apps in the browser that asked, ending on the site", async ({ page }) => {
  await signInWithForm(page, "coordinator", "school");
  expect(appOf(page.url())).toBe("school");
  // The session cookie carries no readable token.
  const cookies = await page.context().cookies(appOrigin("school"));
  const session = cookies.find((c) => c.name === "school_session");
  expect(session?.httpOnly).toBe(true);
  expect(Buffer.from(decodeURIComponent(session?.value ?? ""), "base64").toString("utf8")).not.toContain("token");
});
