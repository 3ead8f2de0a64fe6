// Setup of vitest's "api" project (vitest.config.ts, decision 040). Its files share a worker
// without isolation, so the packages they import (Hono, drizzle, PGlite and its WebAssembly,
// zod, pdfkit…) are loaded once per worker; this drops the registry of the repository's own
// modules before each file, so every file still gets a fresh API (its module-level caches, such
// as the parsed mail content keyed by row id, assume one database per process).
import { vi } from "vitest";

vi.resetModules();
