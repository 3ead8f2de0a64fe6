import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import type { Driver } from "@repo/db";
import type { ReadReplica } from "@repo/db/read-replica";
import { createTestDatabase, type TestDatabase } from "@repo/db/testing";
import type { FileStorage } from "@repo/storage";
import pino from "pino";
import { createApp } from "../src/app";
import { ensureBuiltInTemplates } from "../src/domains/mail/index";
import { createServices, type ServicesConfig } from "../src/services";

export const DEMO_PASSWORD = "Demo@12345";

export interface CallOptions {
  token?: string | undefined;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary response shapes
  body: any;
}

/**
 * The real API app over a fresh database holding the demo data, called in-process (no socket).
 * Uploads go to a temporary folder that `close()` removes.
 */
export async function startTestApi(
  driver: Driver,
  config: ServicesConfig = {},
  /** Another database than a fresh one with the demo data (an embedded one on disk, as the API opens it). */
  given?: TestDatabase,
  /** Another file store than a temporary folder (an S3 bucket shared by instances, decision 065). */
  storage?: FileStorage,
  /** Where reports read (a streaming replica, decision 067); the primary when absent. */
  readReplica?: ReadReplica,
) {
  const database: TestDatabase = given ?? (await createTestDatabase(driver, { demo: true }));
  // What server.ts does at start: the built-in mail templates are there.
  await ensureBuiltInTemplates(database.db);
  const uploadDir = mkdtempSync(path.join(tmpdir(), "portal-uploads-"));
  const services = createServices(database, { uploadDir, storage, readReplica, config });
  const app = createApp({ services, logger: pino({ level: "silent" }), version: "test" });

  async function call(method: string, url: string, options: CallOptions = {}): Promise<CallResult> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    let body = options.body;
    if (options.json !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(options.json);
    }
    const response = await app.request(url, { method, headers, body });
    const type = response.headers.get("content-type") ?? "";
    const parsed = type.includes("json") ? await response.json() : await response.arrayBuffer();
    return { status: response.status, headers: response.headers, body: parsed };
  }

  const tokens = new Map<string, string>();
  /** Signs in a demo user (cached per username and app) and returns the bearer token. */
  async function login(username: string, app = "school"): Promise<string> {
    const key = `${username}@${app}`;
    const cached = tokens.get(key);
    if (cached) return cached;
    const result = await call("POST", "/api/login", { json: { username, password: DEMO_PASSWORD, app } });
    if (result.status !== 200) throw new Error(`login ${username} failed: ${JSON.stringify(result.body)}`);
    tokens.set(key, result.body.data.token);
    return result.body.data.token;
  }

  /**
   * The same app on a real socket (127.0.0.1, a free port): for what needs one, such as the
   * caller's address (a trusted proxy's X-Forwarded-For) and streamed request bodies.
   */
  async function listen(): Promise<{ url: string; close(): Promise<void> }> {
    return new Promise((resolve) => {
      const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => {
        resolve({
          url: `http://127.0.0.1:${info.port}`,
          close: () =>
            new Promise<void>((done) => {
              if ("closeAllConnections" in server) server.closeAllConnections();
              server.close(() => done());
            }),
        });
      });
    });
  }

  return {
    app,
    listen,
    database,
    db: database.db,
    services,
    uploadDir,
    call,
    login,
    async close() {
      await services.pdf.close();
      await readReplica?.close();
      await database.close();
      rmSync(uploadDir, { recursive: true, force: true });
    },
  };
}

export type TestApi = Awaited<ReturnType<typeof startTestApi>>;
