import { describe, expect, it } from "vitest";
import { acceptsFile, formatFileSize, isImageFile, PROFILE_PHOTO_ACCEPT } from "./accept";

const file = (name: string, type: string) => ({ name, type });

describe("acceptsFile", () => {
  it("accepts profile photos of the allowed types only", () => {
    for (const [name, type] of [
      ["me.jpg", "image/jpeg"],
      ["me.JPEG", "image/jpeg"],
      ["me.gif", "image/gif"],
      ["me.png", "image/png"],
      ["me.bmp", "image/bmp"],
    ]) {
      expect(acceptsFile(file(name ?? "", type ?? ""), PROFILE_PHOTO_ACCEPT)).toBe(true);
    }
    expect(acceptsFile(file("me.webp", "image/webp"), PROFILE_PHOTO_ACCEPT)).toBe(false);
    expect(acceptsFile(file("me.pdf", "application/pdf"), PROFILE_PHOTO_ACCEPT)).toBe(false);
    expect(acceptsFile(file("me.svg", "image/svg+xml"), PROFILE_PHOTO_ACCEPT)).toBe(false);
  });
  it("understands wildcards, extensions and an empty list", () => {
    expect(acceptsFile(file("a.webp", "image/webp"), "image/*")).toBe(true);
    expect(acceptsFile(file("a.csv", ""), ".csv,.xlsx")).toBe(true);
    expect(acceptsFile(file("a.txt", "text/plain"), ".csv")).toBe(false);
    expect(acceptsFile(file("a.txt", "text/plain"), "")).toBe(true);
    expect(acceptsFile(file("a.txt", "text/plain"), undefined)).toBe(true);
  });
});

describe("helpers", () => {
  it("formats sizes", () => {
    expect(formatFileSize(512)).toBe("512 bytes");
    expect(formatFileSize(2048)).toBe("2 KB");
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe("1.5 MB");
  });
  it("knows images", () => {
    expect(isImageFile({ type: "image/png" })).toBe(true);
    expect(isImageFile({ type: "text/csv" })).toBe(false);
  });
});
