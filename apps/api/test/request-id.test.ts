import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import { Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { type ServerType, serve } from "@hono/node-server";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../src/app";
import { DEMO_PASSWORD, startTestApi, type TestApi } from "./support";

const root = fileURLToPath(new URL("../../..", import.meta.url));

type Line = Record<string, unknown>;

/** A free TCP port on this machine. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function waitFor(url: string, child: ChildProcess, output: () => string) {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`the app server exited: ${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} never answered: ${output()}`);
}

// One driver is enough: the id travels over HTTP and through the logs, not through the database.
describe("request ids from an app's server to the API", () => {
  let api: TestApi;
  let server: ServerType;
  let app: ChildProcess | undefined;
  let appOrigin: string;
  const apiLines: Line[] = [];
  let appOutput = "";

  beforeAll(async () => {
    api = await startTestApi("pglite");
    // The real app over the test's services, logging into memory.
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const text of chunk.toString("utf8").split("\n").filter(Boolean)) apiLines.push(JSON.parse(text));
        done();
      },
    });
    const logged = createApp({ services: api.services, logger: pino({ level: "info" }, logStream), version: "test" });
    server = serve({ fetch: logged.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => server.once("listening", resolve));
    const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    // The school app's production server (its build comes from `npm run build`).
    const appDir = `${root}apps/school`;
    if (!existsSync(`${appDir}/build/server/index.js`)) throw new Error("Build the apps first: npx turbo run build");
    const port = await freePort();
    // The configured origin: the app answers other host names with a redirect to it.
    appOrigin = `http://localhost:${port}`;
    app = spawn(`${root}node_modules/.bin/tsx`, [`${root}packages/remix-app/src/cli.ts`, "school"], {
      cwd: appDir,
      env: {
        ...process.env,
        NODE_ENV: "development",
        PORT: String(port),
        API_URL: apiUrl,
        SCHOOL_ORIGIN: appOrigin,
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    app.stdout?.on("data", (chunk: Buffer) => {
      appOutput += chunk.toString("utf8");
    });
    app.stderr?.on("data", (chunk: Buffer) => {
      appOutput += chunk.toString("utf8");
    });
    await waitFor(`${appOrigin}/healthz`, app, () => appOutput);
  }, 120_000);
  afterAll(async () => {
    app?.kill("SIGTERM");
    await new Promise((resolve) => server?.close(resolve));
    await api?.close();
  });

  const appLines = (): Line[] =>
    appOutput
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Line);

  it("logs a sign-in at the app and at the API under one request id", async () => {
    const response = await fetch(`${appOrigin}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: appOrigin, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username: "school", password: DEMO_PASSWORD }),
    });
    expect(response.status).toBe(302);
    const id = response.headers.get("x-request-id") ?? "";
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    // The app's line for the page request, and the API's for the call it made, share the id.
    await expect
      .poll(() => appLines().find((line) => line.req_id === id))
      .toMatchObject({
        service: "school",
        msg: "request",
        method: "POST",
        path: "/login",
        status: 302,
      });
    expect(apiLines.filter((line) => line.req_id === id && line.msg === "request")).toEqual([
      expect.objectContaining({ method: "POST", path: "/api/login", route: "/api/login", status: 200 }),
    ]);
    // Another page request gets another id.
    const again = await fetch(`${appOrigin}/login`);
    expect(again.headers.get("x-request-id")).not.toBe(id);
  });

  it("the API keeps a well-formed incoming id and replaces anything else", async () => {
    const sent = async (value: string) =>
      (await api.app.request("/api/health", { headers: { "X-Request-Id": value } })).headers.get("x-request-id");
    expect(await sent("app-7f3c9a_01=")).toBe("app-7f3c9a_01=");
    for (const bad of ["a".repeat(65), "two words", "line\r\nbreak", "<script>", "%0d%0a"]) {
      const given = await sent(bad).catch(() => "refused by fetch");
      expect(given).not.toBe(bad);
    }
  });
});
