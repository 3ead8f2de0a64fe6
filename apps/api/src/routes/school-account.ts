import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../context";

/** Routes for school registration, e-mail verification, profile, password and bank details. */
export function registerSchoolAccountRoutes(_app: OpenAPIHono<AppEnv>) {}
