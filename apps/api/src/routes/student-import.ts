import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../context";

/** Routes for the students spreadsheet import (template, preview, job, errors file). */
export function registerStudentImportRoutes(_app: OpenAPIHono<AppEnv>) {}
