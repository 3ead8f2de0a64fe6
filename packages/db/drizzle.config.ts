import { defineConfig } from "drizzle-kit";

// `npm run migrations:generate -w @repo/db` writes a new SQL migration from schema changes.
// Migrations are committed and run unchanged on PGlite and on PostgreSQL 15+.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/schema/index.ts",
  out: "./migrations",
});
