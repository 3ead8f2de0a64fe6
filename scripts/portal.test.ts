import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));

/** `npm start`'s own refusal of a PORT_OFFSET, before it builds or starts anything. */
const start = (offset: string) =>
  spawnSync(process.execPath, ["--import", "tsx", "scripts/portal.ts", "start"], {
    cwd: root,
    env: { ...process.env, PORT_OFFSET: offset },
    encoding: "utf8",
    timeout: 30_000,
  });

describe("npm start's PORT_OFFSET", () => {
  it("refuses an offset that puts a server on a port fetch will not reach, naming the port", () => {
    // 2000: the API on 6000 (X11), which the apps' fetch refused, so every app read the API as down.
    const result = start("2000");
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("PORT_OFFSET=2000 puts a server on port 6000, which fetch refuses");
  });

  it("refuses an offset that is no whole number or runs past the last port", () => {
    for (const offset of ["-1", "1.5", "61000"]) {
      const result = start(offset);
      expect(result.status, offset).toBe(1);
      expect(result.stderr).toContain("must be a whole number 0-60000");
    }
  });
});
