// `npm start` (after the build) and `npm run dev`: runs the API and the four apps together,
// waits until each answers its health check, then prints where to open them and the demo logins.
// Ctrl-C (or SIGTERM) stops every process cleanly; if one of them dies, the rest are stopped too.
//
// Environment: PORT_OFFSET shifts every port (the end-to-end tests use 100), DATA_DIR picks the
// embedded database folder, DATABASE_URL switches the API to a PostgreSQL server.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { APP_IDS, type AppId, DEFAULT_APP_PORTS } from "@repo/auth/apps";
import { findRole } from "@repo/auth/roles";
import { demoLogins } from "@repo/db/seed";
import { FAKE_SMS_PORT, startFakeSmsGateway } from "../apps/api/scripts/fake-sms-gateway";
import { API_NODE_FLAGS } from "../apps/api/scripts/node-flags";

const root = fileURLToPath(new URL("..", import.meta.url));
const mode = process.argv[2] === "dev" ? "dev" : "start";
const offset = Number(process.env.PORT_OFFSET ?? 0);
if (!Number.isInteger(offset) || offset < 0 || offset > 60000) {
  console.error(
    `PORT_OFFSET is ${JSON.stringify(process.env.PORT_OFFSET)}: must be a whole number 0-60000 (the highest port, 4900 + offset, must stay under 65536)`,
  );
  process.exit(1);
}
const apiPort = 4000 + offset;
const appPort = (app: AppId) => DEFAULT_APP_PORTS[app] + offset;
// Ports that fetch (undici in the apps, the browser) refuses to reach (the Fetch standard's "bad
// ports" from 1024 up): with PORT_OFFSET=2000 the API sat on 6000 and every app read it as down.
const BAD_PORTS = new Set([
  1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);
const smsPort = FAKE_SMS_PORT + offset;
const blocked = [apiPort, smsPort, ...APP_IDS.map(appPort)].filter((port) => BAD_PORTS.has(port));
if (blocked.length > 0) {
  console.error(
    `PORT_OFFSET=${offset} puts a server on port ${blocked.join(", ")}, which fetch refuses: pick another offset`,
  );
  process.exit(1);
}
const origin = (app: AppId) => `http://localhost:${appPort(app)}`;

const sharedEnv: NodeJS.ProcessEnv = {
  ...process.env,
  API_URL: `http://127.0.0.1:${apiPort}`,
  SCHOOL_ORIGIN: origin("school"),
  COORDINATOR_ORIGIN: origin("coordinator"),
  PAPERSETTER_ORIGIN: origin("papersetter"),
  OUTBOX_ORIGIN: origin("outbox"),
  NODE_ENV: mode === "dev" ? "development" : (process.env.NODE_ENV ?? "production"),
};
// `npm start` is the local demo: production builds, but demo data and the development secret.
if (mode === "start" && !process.env.SESSION_SECRET) sharedEnv.NODE_ENV = "development";

// Texts go to the local fake SMS gateway unless a real one is configured; never in production,
// where the API refuses the fake (docs/decisions/051-sms-gateway.md).
const fakeSms =
  !process.env.SMS_GATEWAY_URL && sharedEnv.NODE_ENV !== "production"
    ? await startFakeSmsGateway({ port: smsPort }).catch((error: Error) => {
        console.error(
          `The fake SMS gateway cannot listen on port ${smsPort} (${error.message}): pick another PORT_OFFSET, or set SMS_GATEWAY_URL`,
        );
        process.exit(1);
      })
    : null;
if (fakeSms) Object.assign(sharedEnv, { SMS_PROVIDER: "fake", SMS_GATEWAY_URL: fakeSms.url });

interface Service {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  health: string;
}

const tsx = path.join(root, "node_modules", ".bin", "tsx");
const remix = path.join(root, "node_modules", ".bin", "remix");
const services: Service[] = [
  {
    name: "api",
    command: mode === "dev" ? tsx : process.execPath,
    args:
      mode === "dev"
        ? ["watch", "--clear-screen=false", "apps/api/src/server.ts"]
        : [...API_NODE_FLAGS, "apps/api/dist/bin/server.mjs"],
    cwd: root,
    env: {
      ...sharedEnv,
      API_PORT: String(apiPort),
      DATA_DIR: process.env.DATA_DIR ?? path.join(root, ".data", "pglite"),
    },
    health: `http://127.0.0.1:${apiPort}/api/health`,
  },
  ...APP_IDS.map((app) => ({
    name: app,
    command: mode === "dev" ? remix : process.execPath,
    args: mode === "dev" ? ["vite:dev"] : [path.join(root, "packages", "remix-app", "dist", "cli.mjs"), app],
    cwd: path.join(root, "apps", app),
    env: { ...sharedEnv, PORT: String(appPort(app)) },
    health: `http://127.0.0.1:${appPort(app)}/healthz`,
  })),
];

const colours = ["\x1b[36m", "\x1b[32m", "\x1b[33m", "\x1b[35m", "\x1b[34m"];
const children = new Map<string, ChildProcess>();
let stopping = false;

function prefixLines(name: string, colour: string, stream: NodeJS.ReadableStream, out: NodeJS.WritableStream) {
  let buffered = "";
  stream.on("data", (chunk: Buffer) => {
    buffered += chunk.toString("utf8");
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines) out.write(`${colour}${name.padEnd(11)}\x1b[0m ${line}\n`);
  });
}

services.forEach((service, index) => {
  const child = spawn(service.command, service.args, {
    cwd: service.cwd,
    env: service.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const colour = colours[index % colours.length] ?? "";
  if (child.stdout) prefixLines(service.name, colour, child.stdout, process.stdout);
  if (child.stderr) prefixLines(service.name, colour, child.stderr, process.stderr);
  child.on("exit", (code, signal) => {
    children.delete(service.name);
    if (!stopping) {
      console.error(`\n${service.name} exited (${signal ?? `code ${code}`}); stopping the portal.`);
      process.exitCode = 1;
      stopAll("SIGTERM");
    } else if (children.size === 0) {
      console.log("All services stopped.");
      process.exit(process.exitCode ?? 0);
    }
  });
  children.set(service.name, child);
});

function stopAll(signal: NodeJS.Signals) {
  stopping = true;
  for (const child of children.values()) child.kill(signal);
  if (children.size === 0) process.exit(process.exitCode ?? 0);
  setTimeout(() => {
    for (const child of children.values()) child.kill("SIGKILL");
    process.exit(1);
  }, 15_000).unref();
}
process.on("SIGINT", () => stopAll("SIGTERM"));
process.on("SIGTERM", () => stopAll("SIGTERM"));

async function waitFor(url: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !stopping) {
    try {
      const response = await fetch(url);
      if (response.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

const results = await Promise.all(services.map((s) => waitFor(s.health, 120_000)));
if (stopping) process.exit(1);
const failed = services.filter((_, i) => !results[i]).map((s) => s.name);
if (failed.length > 0) {
  console.error(`\nThese services did not become healthy within 2 minutes: ${failed.join(", ")}`);
  process.exitCode = 1;
  stopAll("SIGTERM");
} else {
  const password = process.env.DEMO_PASSWORD ?? "Demo@12345";
  const lines = [
    "",
    `Exam portal is running (${mode === "dev" ? "development, watching for changes" : "production build"}):`,
    ...APP_IDS.map((app) => `  ${app.padEnd(12)} ${origin(app)}`),
    `  ${"api".padEnd(12)} http://localhost:${apiPort}/api/health  (reference: http://localhost:${apiPort}/api/docs)`,
    ...(fakeSms
      ? [`  ${"sms inbox".padEnd(12)} ${fakeSms.url}/messages  (the fake SMS gateway: texts sent by the portal)`]
      : []),
    "",
    `Demo logins (password ${password}):`,
    ...demoLogins().map(
      (login) =>
        `  ${login.username.padEnd(16)} role ${String(login.roleId).padStart(2)}  ${login.roleName.padEnd(22)} → ${findRole(login.roleId)?.app ?? "?"}${login.note ? `  (${login.note})` : ""}`,
    ),
    "",
    "Press Ctrl-C to stop.",
    "",
  ];
  console.log(lines.join("\n"));
}
