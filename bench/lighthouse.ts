// Lighthouse (mobile, the default config: a mid-range phone on a slow 4G link, simulated) on the
// pages whose speed an issue sets a target for: the content issue's reading pages (performance ≥ 90)
// and the student area's home (issue 16: performance ≥ 95, LCP ≤ 1.5 s, as the demo student).
// `npm run bench -- --only lighthouse`. It builds everything, starts the production portal on its
// own ports with a fresh embedded database (demo data), signs in as each page's demo user in
// Debian's Chromium, and runs Lighthouse in that browser so the session cookie comes along. A 40-page
// flipbook is published first, so the flipbook page is measured drawing a PDF.
// Scores depend on the machine's speed (Lighthouse simulates the throttling from a real trace), so
// they are a benchmark's figures, not a test's pass/fail.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type AppId, DEFAULT_APP_PORTS } from "@repo/auth/apps";
import { pagePath } from "@repo/auth/menus";
import { BROCHURE_FLIPBOOK_PATHS } from "@repo/contracts/content-constants";
import lighthouse from "lighthouse";
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";
import { chromium } from "playwright-core";
import { DEBIAN_CHROMIUM, HEADLESS_CHROMIUM_ARGS } from "../apps/api/src/kernel/chromium";

const root = fileURLToPath(new URL("..", import.meta.url));
const PASSWORD = "Demo@12345";
export const LIGHTHOUSE_TARGET = 90;
const CHROMIUM = process.env.CHROMIUM_PATH ?? DEBIAN_CHROMIUM;

/**
 * The pages with a speed target, by their app and page-tree ids, and who is signed in: the reading
 * pages of the content issue (performance ≥ 90), the student area's home (issue 16: performance
 * ≥ 95, LCP ≤ 1.5 s) as the demo student, who has its results and certificate, and the signed-in
 * pages of issue 17 (performance ≥ 95, LCP ≤ 1.5 s): the admin's districts list and the school's
 * and the admin's dashboards.
 */
const PAGES = [
  {
    app: "school",
    id: "study-material",
    label: "Study material",
    user: "school",
    target: LIGHTHOUSE_TARGET,
    lcpTargetMs: null,
  },
  {
    app: "school",
    id: "brochure-flipbook",
    label: "Brochure flipbook",
    user: "school",
    target: LIGHTHOUSE_TARGET,
    lcpTargetMs: null,
  },
  { app: "school", id: "student-home", label: "Student area", user: "student", target: 95, lcpTargetMs: 1500 },
  { app: "school", id: "dashboard", label: "School dashboard", user: "school", target: 95, lcpTargetMs: 1500 },
  { app: "coordinator", id: "dashboard", label: "Admin dashboard", user: "admin", target: 95, lcpTargetMs: 1500 },
  { app: "coordinator", id: "districts", label: "Districts (admin)", user: "admin", target: 95, lcpTargetMs: 1500 },
] as const satisfies readonly {
  app: AppId;
  id: string;
  label: string;
  user: string;
  target: number;
  lcpTargetMs: number | null;
}[];

export interface LighthouseFigures {
  page: string;
  path: string;
  performance: number;
  first_contentful_paint_ms: number;
  largest_contentful_paint_ms: number;
  total_blocking_time_ms: number;
  cumulative_layout_shift: number;
  speed_index_ms: number;
  target: number;
  /** The largest contentful paint the page must stay within, when its issue sets one. */
  lcp_target_ms: number | null;
}

/** A brochure-like PDF of `pages` A5 pages, each with a heading, text lines and its number. */
async function brochurePdf(pages: number): Promise<Uint8Array<ArrayBuffer>> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n++) {
    const page = document.addPage([420, 595]);
    page.drawText(`Vidyarthi Vigyan Manthan, page ${n}`, { x: 30, y: 550, size: 16, font });
    for (let line = 0; line < 30; line++) {
      page.drawText("Science for every student: mock exams, Level 1 and Level 2.", {
        x: 30,
        y: 500 - line * 15,
        size: 10,
        font,
      });
    }
    page.drawText(String(n), { x: 190, y: 30, size: 14, font, color: rgb(0.2, 0.5, 0.3) });
  }
  return new Uint8Array(await document.save());
}

/** Publishes a 40-page flipbook as the demo LMS user, so the reader page draws a real PDF. */
async function publishFlipbook(api: string): Promise<void> {
  const login = await fetch(`${api}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "lms", password: PASSWORD, app: "coordinator" }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const form = new FormData();
  form.append("title", "VVM brochure");
  form.append("language", "en");
  form.append("is_published", "true");
  form.append("file", new File([await brochurePdf(40)], "vvm-brochure.pdf", { type: "application/pdf" }));
  const created = await fetch(`${api}${BROCHURE_FLIPBOOK_PATHS.collection}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  if (!created.ok) throw new Error(`publishing the flipbook answered ${created.status}: ${await created.text()}`);
}

async function waitForPortal(portal: ChildProcess): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`the portal did not start in 180 s:\n${output}`)), 180_000);
    portal.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Exam portal is running")) {
        clearTimeout(timer);
        resolve();
      }
    });
    portal.once("exit", (code) => reject(new Error(`the portal exited with ${code}:\n${output}`)));
  });
}

async function waitForDebugger(DEBUG_PORT: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const up = await fetch(`http://127.0.0.1:${DEBUG_PORT}/json/version`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("Chromium's debugging port did not open");
}

/**
 * `portOffset` shifts the portal's ports (700 by default) and Chromium's debugging port
 * (9000 + offset), so that two runs on one machine do not meet.
 */
export async function runLighthouseBench({ portOffset = 700 } = {}): Promise<LighthouseFigures[]> {
  const OFFSET = portOffset;
  const DEBUG_PORT = 9000 + portOffset;
  const build = spawnSync("npx", ["turbo", "run", "build", "--output-logs=errors-only"], {
    cwd: root,
    stdio: "inherit",
  });
  if (build.status !== 0) throw new Error("the build failed");
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-lighthouse-"));
  const profile = mkdtempSync(path.join(tmpdir(), "bench-lighthouse-chromium-"));
  let portal: ChildProcess | undefined;
  let browser: ChildProcess | undefined;
  try {
    portal = spawn(path.join(root, "node_modules", ".bin", "tsx"), ["scripts/portal.ts", "start"], {
      cwd: root,
      env: { ...process.env, PORT_OFFSET: String(OFFSET), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "inherit"],
      detached: true,
    });
    await waitForPortal(portal);
    await publishFlipbook(`http://127.0.0.1:${4000 + OFFSET}`);
    browser = spawn(
      CHROMIUM,
      [
        "--headless=new",
        `--remote-debugging-port=${DEBUG_PORT}`,
        `--user-data-dir=${profile}`,
        ...HEADLESS_CHROMIUM_ARGS,
        "about:blank",
      ],
      { stdio: "ignore" },
    );
    await waitForDebugger(DEBUG_PORT);

    // Sign in in the browser's default context; Lighthouse's tabs share its cookies.
    const originOf = (app: AppId) => `http://localhost:${DEFAULT_APP_PORTS[app] + OFFSET}`;
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${DEBUG_PORT}`);
    const context = cdp.contexts()[0];
    if (!context) throw new Error("Chromium has no default context");
    let signedIn: string | null = null;
    const signIn = async (app: AppId, username: string) => {
      if (signedIn === `${app}:${username}`) return;
      // One session per app: the next user's sign-in starts without the last one's cookie.
      await context.clearCookies();
      const page = await context.newPage();
      await page.goto(`${originOf(app)}/login`);
      await page.getByLabel("Username").fill(username);
      await page.locator(`input[name="password"]`).fill(PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL((url) => !url.pathname.startsWith("/login") && !url.pathname.startsWith("/auth/"));
      await page.close();
      signedIn = `${app}:${username}`;
    };

    const figures: LighthouseFigures[] = [];
    for (const { app, id, label, user, target: scoreTarget, lcpTargetMs } of PAGES) {
      await signIn(app, user);
      const target = pagePath(app, id);
      // One warm-up run (the server's first render of a route is slower), then the measured run.
      const run = () =>
        lighthouse(`${originOf(app)}${target}`, {
          port: DEBUG_PORT,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
          disableStorageReset: true,
        });
      await run();
      const result = await run();
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse gave no result for ${target}`);
      if (new URL(lhr.finalDisplayedUrl).pathname !== target) {
        throw new Error(`${target} ended at ${lhr.finalDisplayedUrl}: the session did not reach Lighthouse's tab`);
      }
      const metric = (name: string) => Math.round(Number(lhr.audits[name]?.numericValue ?? 0));
      const entry: LighthouseFigures = {
        page: label,
        path: target,
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        first_contentful_paint_ms: metric("first-contentful-paint"),
        largest_contentful_paint_ms: metric("largest-contentful-paint"),
        total_blocking_time_ms: metric("total-blocking-time"),
        cumulative_layout_shift: Number((lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
        speed_index_ms: metric("speed-index"),
        target: scoreTarget,
        lcp_target_ms: lcpTargetMs,
      };
      console.log(
        `lighthouse: ${label} (${target}): performance ${entry.performance} (target ${scoreTarget}), LCP ${entry.largest_contentful_paint_ms} ms${lcpTargetMs ? ` (target ${lcpTargetMs} ms)` : ""}`,
      );
      figures.push(entry);
    }
    await cdp.close();
    return figures;
  } finally {
    browser?.kill("SIGTERM");
    // The portal runs its services in its own process group: stop them all.
    if (portal?.pid && portal.exitCode === null) {
      process.kill(-portal.pid, "SIGTERM");
      await new Promise((resolve) => portal?.once("exit", resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(profile, { recursive: true, force: true });
  }
}
