import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { API_NODE_FLAGS } from "../scripts/node-flags";

const file = (name: string) => readFileSync(new URL(`../${name}`, import.meta.url), "utf8");

describe("how Node runs the built API", () => {
  it("passes the same flags in the Dockerfile and npm start as the launchers import", () => {
    const dockerCmd = /^CMD (\[.*\])$/m.exec(file("Dockerfile"))?.[1];
    expect(JSON.parse(dockerCmd ?? "[]")).toEqual(["node", ...API_NODE_FLAGS, "dist/bin/server.mjs"]);
    const start = JSON.parse(file("package.json")).scripts.start as string;
    expect(start).toBe(["node", ...API_NODE_FLAGS, "dist/bin/server.mjs"].join(" "));
  });
});
