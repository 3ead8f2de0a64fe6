import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { API, appOrigin, DEMO_PASSWORD, expectAccessible, hydrated } from "./support";

// A signed-in person while the API cannot answer (docs/decisions/045-sessions-survive-api-outages.md).
// The browser cannot cut the app server off from the API (route interception sees the browser's
// requests only), and the e2e API has no switch that fails it. So this spec runs a second server
// of the school app's build whose API_URL is a proxy of its own in front of the e2e API: the
// proxy passes requests on, refuses connections (the API process down) or answers 503 as the API
// does while its database restarts (decision 032).

type Mode = "up" | "refuse" | "database-down";

const root = fileURLToPath(new URL("..", import.meta.url));
const api = new URL(API);

/** A free port on this machine (the e2e portal's own ports are taken). */
async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The proxy in front of the e2e API; `set` switches what it does with the next connection. */
async function startProxy() {
  let mode: Mode = "up";
  const server = http.createServer((req, res) => {
    if (mode === "database-down") {
      res.writeHead(503, { "Content-Type": "application/json", "Retry-After": "5" });
      res.end(JSON.stringify({ status: false, message: "The service is briefly unavailable." }));
      return;
    }
    const upstream = http.request(
      { host: api.hostname, port: api.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  const port = await freePort();
  const listen = () => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  await listen();
  return {
    url: `http://127.0.0.1:${port}`,
    async set(next: Mode) {
      if (next === "refuse" && mode !== "refuse") {
        // Nothing listens any more, and the app's kept-alive connections are cut: ECONNREFUSED.
        const closed = new Promise((resolve) => server.close(resolve));
        server.closeAllConnections();
        await closed;
      } else if (next !== "refuse" && mode === "refuse") {
        await listen();
      }
      mode = next;
    },
    async stop() {
      if (mode !== "refuse") await this.set("refuse");
    },
  };
}

/** The school app's production build on its own port, with the API at `apiUrl`. */
async function startSchoolApp(apiUrl: string): Promise<{ origin: string; child: ChildProcess }> {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const child = spawn(process.execPath, [path.join(root, "packages", "remix-app", "dist", "cli.mjs"), "school"], {
    cwd: path.join(root, "apps", "school"),
    env: {
      ...process.env,
      NODE_ENV: "development",
      LOG_LEVEL: "warn",
      PORT: String(port),
      API_URL: apiUrl,
      SCHOOL_ORIGIN: origin,
      COORDINATOR_ORIGIN: appOrigin("coordinator"),
      PAPERSETTER_ORIGIN: appOrigin("papersetter"),
      OUTBOX_ORIGIN: appOrigin("outbox"),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { origin, child };
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill("SIGTERM");
  throw new Error("the second school app did not start");
}

let proxy: Awaited<ReturnType<typeof startProxy>>;
let school: { origin: string; child: ChildProcess };

test.beforeAll(async () => {
  proxy = await startProxy();
  school = await startSchoolApp(proxy.url);
});

test.afterAll(async () => {
  school?.child.kill("SIGTERM");
  await proxy?.stop();
});

const sessionCookie = async (context: BrowserContext) =>
  (await context.cookies(school.origin)).find((cookie) => cookie.name === "school_session")?.value;

/** The "back in a moment" page: 503, Retry-After, what happened in words, a retry link to here. */
async function expectBackInAMoment(page: Page, response: Awaited<ReturnType<Page["goto"]>>, here: string) {
  expect(response?.status()).toBe(503);
  expect(response?.headers()["retry-after"]).toBe("5");
  await expect(page.getByText("Back in a moment")).toBeVisible();
  await expect(page.getByText("The portal cannot reach its service right now")).toBeVisible();
  await expect(page.getByText("If you were signed in, you still are.")).toBeVisible();
  const retry = page.getByRole("link", { name: "Try again" });
  expect(new URL((await retry.getAttribute("href")) ?? "", school.origin).href).toBe(here);
}

test("a signed-in person keeps the session while the API is down or its database restarts", async ({
  page,
  context,
}, testInfo) => {
  await page.goto(`${school.origin}/login`);
  await hydrated(page);
  await page.getByLabel("Username").fill("school");
  await page.locator(`input[name="password"]`).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  await hydrated(page);
  const home = page.url();
  const cookie = await sessionCookie(context);
  expect(cookie).toBeTruthy();

  // The API process is down: connection refused.
  await proxy.set("refuse");
  await expectBackInAMoment(page, await page.reload(), home);
  await page.screenshot({ path: testInfo.outputPath("back-in-a-moment.png"), fullPage: true });
  await expectAccessible(page, "the back-in-a-moment page");
  expect(await sessionCookie(context)).toBe(cookie);

  // The API answers 503 (its database restarts).
  await proxy.set("database-down");
  await expectBackInAMoment(page, await page.reload(), home);
  expect(await sessionCookie(context)).toBe(cookie);

  // Back: "Try again" opens the same page, signed in with the same cookie.
  await proxy.set("up");
  const [again] = await Promise.all([
    page.waitForResponse((r) => r.url() === home && r.request().resourceType() === "document"),
    page.getByRole("link", { name: "Try again" }).click(),
  ]);
  expect(again.status()).toBe(200);
  await hydrated(page);
  expect(page.url()).toBe(home);
  await expect(page.getByText("Back in a moment")).toHaveCount(0);
});

test("the sign-in form answers 503 with the username kept while the API is down, without JavaScript", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto(`${school.origin}/login`);
    await proxy.set("refuse");
    await page.getByLabel("Username").fill("school");
    await page.locator(`input[name="password"]`).fill(DEMO_PASSWORD);
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/login"),
      page.getByRole("button", { name: "Sign in" }).click(),
    ]);
    expect(answer.status()).toBe(503);
    await expect(page.getByRole("alert")).toContainText("The portal cannot reach its service right now");
    await expect(page.getByLabel("Username")).toHaveValue("school");
  } finally {
    await proxy.set("up");
    await context.close();
  }
});
