import { existsSync, mkdtempSync, openAsBlob, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildOnce, publishOnce } from "@repo/db/testing";
import { describe, expect, it } from "vitest";

describe("publishing a test template", () => {
  it("keeps the first worker's file, so a blob opened on it still reads after a second worker finishes", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "portal-template-"));
    const file = path.join(dir, "template.tar");
    writeFileSync(`${file}.1.tmp`, "first");
    publishOnce(`${file}.1.tmp`, file);
    const blob = await openAsBlob(file);
    // A second worker built the same template at the same time and publishes it a moment later.
    await new Promise((resolve) => setTimeout(resolve, 20));
    writeFileSync(`${file}.2.tmp`, "second");
    publishOnce(`${file}.2.tmp`, file);
    expect(await blob.text()).toBe("first");
    expect(readFileSync(file, "utf8")).toBe("first");
    expect(() => readFileSync(`${file}.2.tmp`)).toThrow(/ENOENT/);
  });
});

describe("building a test template", () => {
  it("builds it once when several workers ask for it at the same time; the others wait for the file", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "portal-template-")), "template.tar");
    let builds = 0;
    const build = async () => {
      builds += 1;
      await new Promise((resolve) => setTimeout(resolve, 300));
      writeFileSync(file, "built");
    };
    await Promise.all([buildOnce(file, build), buildOnce(file, build), buildOnce(file, build)]);
    expect(builds).toBe(1);
    expect(readFileSync(file, "utf8")).toBe("built");
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it("takes over the lock of a builder that died", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "portal-template-")), "template.tar");
    writeFileSync(`${file}.lock`, "");
    const anHourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(`${file}.lock`, anHourAgo, anHourAgo);
    await buildOnce(file, async () => writeFileSync(file, "built"));
    expect(readFileSync(file, "utf8")).toBe("built");
  });
});
