import { createApp } from "./app";
import type { Services } from "./context";
import { createLogger } from "./logger";

/**
 * The OpenAPI document as the running API serves it at /api/openapi.json, produced without a
 * database or a socket (used by `npm run generate` and the staleness test).
 */
export async function buildOpenApiDocument(): Promise<unknown> {
  const unavailable = () => Promise.reject(new Error("no database while generating"));
  const services = {
    database: { db: undefined as never, driver: "pglite", ping: unavailable, close: async () => {} },
  } satisfies Services;
  const app = createApp({ services, logger: createLogger("silent"), version: "openapi" });
  const response = await app.request("/api/openapi.json");
  return response.json();
}
