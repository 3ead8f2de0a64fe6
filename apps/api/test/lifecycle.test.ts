import { Agent, get } from "node:http";
import { createTestDatabase } from "@repo/db/testing";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { createApp } from "../src/app";
import { startServer } from "../src/lifecycle";
import { createServices } from "../src/services";

describe("graceful shutdown", () => {
  it("lets an in-flight request finish, refuses new connections, then closes the database", async () => {
    const database = await createTestDatabase("pglite");
    let databaseClosed = false;
    const app = createApp({
      services: createServices(database, { uploadDir: "/nonexistent" }),
      logger: pino({ level: "silent" }),
      version: "test",
    });
    let release: () => void = () => {};
    app.get("/api/slow", async (c) => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return c.json({ status: true, message: "OK", data: "finished" });
    });
    const server = await startServer({
      fetch: app.fetch,
      port: 0,
      hostname: "127.0.0.1",
      logger: pino({ level: "silent" }),
      graceMs: 5_000,
      onClosed: async () => {
        await database.close();
        databaseClosed = true;
      },
    });
    const base = `http://127.0.0.1:${server.port}`;

    const inFlight = fetch(`${base}/api/slow`);
    await new Promise((resolve) => setTimeout(resolve, 100)); // the request is now being handled
    const stopped = server.stop("SIGTERM");

    await expect(fetch(`${base}/api/health`)).rejects.toThrow(); // no new connections
    expect(databaseClosed).toBe(false); // still serving the slow request

    release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ data: "finished" });
    await expect(stopped).resolves.toBe(true);
    expect(databaseClosed).toBe(true);
  });
});

describe("keep-alive", () => {
  it("keeps an idle connection open longer than the apps' clients do, so a reused one is never closed under them", async () => {
    const database = await createTestDatabase("pglite");
    const app = createApp({
      services: createServices(database, { uploadDir: "/nonexistent" }),
      logger: pino({ level: "silent" }),
      version: "test",
    });
    const server = await startServer({
      fetch: app.fetch,
      port: 0,
      hostname: "127.0.0.1",
      logger: pino({ level: "silent" }),
      graceMs: 1_000,
      onClosed: () => database.close(),
    });
    // One socket, kept alive, idle between two requests for longer than Node's default (5 s, closed
    // a second later).
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const request = () =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const req = get(`http://127.0.0.1:${server.port}/api/health`, { agent }, (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
        });
        req.on("error", reject);
      });
    expect(await request()).toEqual({ status: 200, reused: false });
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    expect(await request()).toEqual({ status: 200, reused: true });
    agent.destroy();
    await server.stop("test over");
  }, 20_000);
});
