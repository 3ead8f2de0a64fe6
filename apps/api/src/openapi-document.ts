import { createApp } from "./app";
import type { Services } from "./context";
import { createLogger } from "./logger";
import { createServices } from "./services";

/**
 * The OpenAPI document as the running API serves it at /api/openapi.json, produced without a
 * database or a socket (used by `npm run generate` and the staleness test).
 */
export async function buildOpenApiDocument(): Promise<unknown> {
  const unavailable = () => Promise.reject(new Error("no database while generating"));
  const database = { db: undefined as never, driver: "pglite" as const, ping: unavailable, close: async () => {} };
  const services: Services = createServices(database, { uploadDir: "/nonexistent" });
  const app = createApp({ services, logger: createLogger("silent"), version: "openapi" });
  const response = await app.request("/api/openapi.json");
  return response.json();
}
