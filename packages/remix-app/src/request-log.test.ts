import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { type LogLine, requestLog } from "./request-log";

/** An express server with the request log in front of a handler that echoes the load context's id. */
async function withServer(trustProxy: string, run: (base: string, lines: Record<string, unknown>[]) => Promise<void>) {
  const lines: Record<string, unknown>[] = [];
  const log: LogLine = (level, msg, extra) => lines.push({ level, msg, ...extra });
  const app = express();
  app.set("trust proxy", trustProxy);
  app.use(requestLog(log));
  app.get("/page", (_req, res) => {
    res.send(String(res.locals.requestId));
  });
  // A page that takes longer than its browser waits.
  app.get("/slow", (_req, res) => {
    setTimeout(() => res.send("too late"), 300);
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, lines);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe("the app server's request log", () => {
  it("gives each request an id, answers with it, and logs the path without its query", async () => {
    await withServer("loopback", async (base, lines) => {
      const response = await fetch(`${base}/page?code=secret-handoff-code`);
      const id = await response.text();
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.headers.get("x-request-id")).toBe(id);
      await expect.poll(() => lines.length).toBe(1);
      expect(lines[0]).toMatchObject({
        level: "info",
        msg: "request",
        req_id: id,
        method: "GET",
        path: "/page",
        status: 200,
      });
      expect(JSON.stringify(lines)).not.toContain("secret-handoff-code");
    });
  });

  it("logs a request whose browser gave up before the answer, as abandoned, with its time", async () => {
    await withServer("loopback", async (base, lines) => {
      await expect(fetch(`${base}/slow`, { signal: AbortSignal.timeout(100) })).rejects.toThrow();
      await expect.poll(() => lines.length).toBe(1);
      expect(lines[0]).toMatchObject({ level: "warn", method: "GET", path: "/slow", abandoned: true });
      expect(lines[0]?.duration_ms).toBeGreaterThan(0);
      expect(lines[0]).not.toHaveProperty("status");
    });
  });

  it("keeps an id from a trusted proxy, never one a browser made up", async () => {
    // Loopback is the trusted proxy here (TRUST_PROXY's default).
    await withServer("loopback", async (base) => {
      const kept = await fetch(`${base}/page`, { headers: { "X-Request-Id": "edge-4f2a" } });
      expect(await kept.text()).toBe("edge-4f2a");
      const malformed = await fetch(`${base}/page`, { headers: { "X-Request-Id": "x".repeat(65) } });
      expect(await malformed.text()).toMatch(/^[0-9a-f-]{36}$/);
    });
    // Only 10.9.9.9 is trusted: this connection is a browser's, and its id is replaced.
    await withServer("10.9.9.9", async (base) => {
      const replaced = await fetch(`${base}/page`, { headers: { "X-Request-Id": "forged-by-a-browser" } });
      expect(await replaced.text()).toMatch(/^[0-9a-f-]{36}$/);
    });
  });
});
