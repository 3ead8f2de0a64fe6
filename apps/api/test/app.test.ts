import { Writable } from "node:stream";
import { API_LIVE_PATH } from "@repo/contracts/health";
import { createTestDatabase, type TestDatabase, testDrivers } from "@repo/db/testing";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../src/app";
import { DATABASE_RETRY_AFTER_SECONDS } from "../src/kernel/http/errors";
import { createServices } from "../src/services";

/** A logger writing JSON lines into an array, so tests can read what the API logs. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level: "info" }, stream), lines };
}

for (const driver of testDrivers()) {
  describe(`API core on ${driver}`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(driver);
    });
    afterAll(async () => {
      await database?.close();
    });

    it("GET /api/health checks the database and answers 200", async () => {
      const app = createApp({
        services: createServices(database, { uploadDir: "/nonexistent" }),
        logger: capturingLogger().logger,
        version: "test",
      });
      const response = await app.request("/api/health");
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body).toMatchObject({
        status: true,
        message: "OK",
        data: { service: "api", version: "test", database: { ok: true, driver } },
      });
    });

    it("answers 503 in the envelope when the database does not answer", async () => {
      const broken = { ...database, ping: () => Promise.reject(new Error("connection refused at 10.0.0.1")) };
      const app = createApp({
        services: createServices(broken, { uploadDir: "/nonexistent" }),
        logger: capturingLogger().logger,
        version: "test",
      });
      const response = await app.request("/api/health");
      expect(response.status).toBe(503);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({ status: false, message: "Database unavailable", data: null });
      expect(text).not.toContain("connection refused");
      expect(response.headers.get("retry-after")).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      // The proxy's liveness check does not ask the database, so the instance stays in (decision 074).
      const live = await app.request(API_LIVE_PATH);
      expect(live.status).toBe(200);
      expect(await live.json()).toMatchObject({ status: true, data: { service: "api", version: "test" } });
    });

    it("gives every response a request id and puts it on every log line of that request", async () => {
      const { logger, lines } = capturingLogger();
      const app = createApp({
        services: createServices(database, { uploadDir: "/nonexistent" }),
        logger,
        version: "test",
      });
      const response = await app.request("/api/health");
      const id = response.headers.get("x-request-id");
      expect(id).toMatch(/\S{8,}/);
      const requestLines = lines.filter((line) => line.req_id === id);
      expect(requestLines).toHaveLength(1);
      expect(requestLines[0]).toMatchObject({ method: "GET", path: "/api/health", status: 200, msg: "request" });
      expect(lines.every((line) => typeof line.req_id === "string")).toBe(true);
    });

    it("keeps a caller's request id so logs can be joined across services", async () => {
      const { logger, lines } = capturingLogger();
      const app = createApp({
        services: createServices(database, { uploadDir: "/nonexistent" }),
        logger,
        version: "test",
      });
      const response = await app.request("/api/health", { headers: { "X-Request-Id": "abc-123-def" } });
      expect(response.headers.get("x-request-id")).toBe("abc-123-def");
      expect(lines[0]?.req_id).toBe("abc-123-def");
    });

    it("answers unknown paths with a 404 envelope", async () => {
      const app = createApp({
        services: createServices(database, { uploadDir: "/nonexistent" }),
        logger: capturingLogger().logger,
        version: "test",
      });
      const response = await app.request("/api/nothing-here", { method: "POST" });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        status: false,
        message: "No such endpoint: POST /api/nothing-here",
        data: null,
      });
    });

    it("hides the cause of an unexpected error from the caller but logs it", async () => {
      const { logger, lines } = capturingLogger();
      const app = createApp({
        services: createServices(database, { uploadDir: "/nonexistent" }),
        logger,
        version: "test",
      });
      app.get("/api/boom", () => {
        throw new Error('relation "secret_table" does not exist');
      });
      const response = await app.request("/api/boom");
      expect(response.status).toBe(500);
      const text = await response.text();
      expect(text).not.toContain("secret_table");
      expect(JSON.parse(text)).toMatchObject({ status: false, data: null });
      expect(lines.some((line) => line.level === 50 && JSON.stringify(line).includes("secret_table"))).toBe(true);
    });
  });
}

describe("GET /api/openapi.json", () => {
  it("describes the health endpoint from its zod schema", async () => {
    const app = createApp({
      services: createServices(
        { db: undefined as never, driver: "pglite", ping: async () => 0, close: async () => {} },
        { uploadDir: "/nonexistent" },
      ),
      logger: capturingLogger().logger,
      version: "test",
    });
    const response = await app.request("/api/openapi.json");
    expect(response.status).toBe(200);
    const doc = await response.json();
    expect(doc.openapi).toBe("3.0.3");
    expect(doc.paths["/api/health"].get.responses["200"]).toBeDefined();
    expect(doc.components.schemas.HealthResponse.properties.data).toBeDefined();
  });
});
