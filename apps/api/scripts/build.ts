// Bundles the API into dist/bin/server.mjs and copies the SQL migrations to dist/migrations, which
// is where @repo/db looks for them relative to the bundle ("../migrations").
import { execFileSync } from "node:child_process";
import { cpSync, readFileSync, rmSync } from "node:fs";

const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
  version: string;
};
rmSync("dist", { recursive: true, force: true });
execFileSync(
  "tsx",
  [
    "../../scripts/bundle-node.ts",
    "src/server.ts",
    "dist/bin/server.mjs",
    "--define",
    `__API_VERSION__=${JSON.stringify(version)}`,
  ],
  { stdio: "inherit" },
);
cpSync("../../packages/db/migrations", "dist/migrations", { recursive: true });
