import { createApiClient } from "@repo/api-client";
import { createTestDatabase, type TestDatabase } from "@repo/db/testing";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../src/app";
import { createServices } from "../src/services";

describe("the generated API client against the real API", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
  });
  afterAll(async () => {
    await database?.close();
  });

  it("calls /api/health with typed data and forwards the request id", async () => {
    const app = createApp({
      services: createServices(database, { uploadDir: "/nonexistent" }),
      logger: pino({ level: "silent" }),
      version: "test",
    });
    const seen: string[] = [];
    const client = createApiClient({
      baseUrl: "http://api.internal",
      requestId: "req-from-app-1",
      fetch: async (input) => {
        const request = input instanceof Request ? input : new Request(input);
        seen.push(request.headers.get("x-request-id") ?? "");
        return app.fetch(request);
      },
    });
    const { data, response } = await client.GET("/api/health");
    expect(response.status).toBe(200);
    expect(data?.data.database.ok).toBe(true);
    expect(data?.data.database.driver).toBe("pglite");
    expect(seen).toEqual(["req-from-app-1"]);
    expect(response.headers.get("x-request-id")).toBe("req-from-app-1");
  });
});
