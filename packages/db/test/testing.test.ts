import { mkdtempSync, openAsBlob, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { publishOnce } from "@repo/db/testing";
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
