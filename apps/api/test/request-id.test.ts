import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { type ServerType, serve } from "@hono/node-server";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SchoolServer, startSchoolServer } from "../../../packages/remix-app/src/testing/app-server";
import { createApp } from "../src/app";
import { DEMO_PASSWORD, startTestApi, type TestApi } from "./support";

type Line = Record<string, unknown>;

// One driver is enough: the id travels over HTTP and through the logs, not through the database.
describe("request ids from an app's server to the API", () => {
  let api: TestApi;
  let server: ServerType;
  let app: SchoolServer | undefined;
  let appOrigin: string;
  const apiLines: Line[] = [];

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
    app = await startSchoolServer({ NODE_ENV: "development", API_URL: apiUrl, LOG_LEVEL: "info" });
    appOrigin = app.origin;
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
    await new Promise((resolve) => server?.close(resolve));
    await api?.close();
  });

  const appLines = (): Line[] =>
    (app?.output() ?? "")
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
