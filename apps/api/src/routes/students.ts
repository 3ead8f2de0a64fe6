import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../context";

/** Routes for students (list, create, update, delete, credentials, summary). */
export function registerStudentRoutes(_app: OpenAPIHono<AppEnv>) {}
