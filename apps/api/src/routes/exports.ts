import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../context";

/** Routes for POST /api/export/{kind}: every list as XLSX or CSV. */
export function registerExportRoutes(_app: OpenAPIHono<AppEnv>) {}
