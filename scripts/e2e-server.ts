// The portal as the end-to-end tests see it: production build, ports shifted by 100, and a
// freshly created embedded database (demo data included) so every run starts from the same state.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startMailSink } from "./mail-sink";

const root = fileURLToPath(new URL("..", import.meta.url));
// E2E_PORT_OFFSET (default 100) shifts every port, the mail sink's too (e2e/support.ts reads it),
// and names the database folder, so two runs with different offsets never wipe each other's data.
const offset = Number(process.env.E2E_PORT_OFFSET ?? 100);
const dataDir = path.join(root, ".data", `e2e-pglite${offset === 100 ? "" : `-${offset}`}`);
rmSync(dataDir, { recursive: true, force: true });
process.env.PORT_OFFSET = String(offset);
process.env.LOG_LEVEL ??= "warn";

// The built API and what its first start on an empty folder depends on: its migrations, seeds
// and mail templates are in the bundle, PGlite is not. The day is in it because the seeded rows
// take their creation times from the clock.
const api = path.join(root, "apps", "api", "dist");
function firstStartKey(): string {
  const hash = createHash("sha256");
  const add = (file: string) => hash.update(path.relative(root, file)).update(readFileSync(file));
  add(path.join(api, "bin", "server.mjs"));
  const migrations = path.join(api, "migrations");
  for (const entry of readdirSync(migrations, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) add(path.join(entry.parentPath, entry.name));
  }
  add(path.join(root, "node_modules", "@electric-sql", "pglite", "package.json"));
  hash.update(process.env.DEMO_PASSWORD ?? "").update(new Date().toISOString().slice(0, 10));
  return hash.digest("hex").slice(0, 16);
}

/** Starts the built API alone on `folder`, waits until it answers, and stops it cleanly. */
async function firstStart(folder: string) {
  const port = 4000 + offset;
  const { SMTP_URL: _noMailYet, ...env } = process.env;
  const child = spawn(process.execPath, [path.join(api, "bin", "server.mjs")], {
    cwd: root,
    env: { ...env, DATA_DIR: folder, API_PORT: String(port), SEED_DEMO: "true" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  let up = false;
  const deadline = Date.now() + 170_000;
  while (!up && child.exitCode === null && Date.now() < deadline) {
    up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (!up) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill("SIGTERM");
  const code = await exited;
  if (!up || code !== 0) throw new Error(`the API's first start on ${folder} failed (exit ${code})`);
}

// Migrating and seeding an empty PGlite folder is most of the portal's start (over a minute when
// the machine is busy): the folder the API leaves after its first start is kept in node_modules'
// cache and copied for each run. Every run still gets a fresh copy, so no run sees another's data.
const cache = path.join(root, "node_modules", ".cache", "portal-e2e");
const template = path.join(cache, `pglite-${firstStartKey()}`);
if (!existsSync(template)) {
  const building = `${template}.${process.pid}.tmp`;
  rmSync(building, { recursive: true, force: true });
  await firstStart(building);
  rmSync(`${building}.lock`, { force: true });
  renameSync(building, template); // atomic: a run never copies a half-made template
  // Yesterday's or an older build's templates are of no further use.
  for (const old of readdirSync(cache)) {
    if (old.startsWith("pglite-") && !old.endsWith(".tmp") && path.join(cache, old) !== template) {
      rmSync(path.join(cache, old), { recursive: true, force: true });
    }
  }
}
cpSync(template, dataDir, { recursive: true });
process.env.DATA_DIR = dataDir;

// Every test signs in from this machine's one address, a few with wrong passwords: lift the
// per-client limit on wrong passwords (the limits themselves are covered by the API's tests).
process.env.LOGIN_LIMIT_PER_CLIENT ??= "100000";
// Mail goes to a local sink the tests can read (e2e/support.ts: MAIL_SINK), retried quickly.
const sink = await startMailSink({ smtpPort: 2525 + offset, httpPort: 2526 + offset });
process.env.SMTP_URL = sink.smtpUrl;
process.env.MAIL_RETRY_BASE_SECONDS ??= "1";
// Texts go to the fake SMS gateway that portal.ts starts (e2e/support.ts: SMS_INBOX), retried quickly.
process.env.SMS_RETRY_BASE_SECONDS ??= "1";
await import("./portal");
