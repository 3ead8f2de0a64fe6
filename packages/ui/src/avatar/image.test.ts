import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AVATAR_LOAD_TIMEOUT_MS, type ImageLike, initialsOf, isValidImageAddress, loadImageWithin } from "./image";

describe("isValidImageAddress", () => {
  it.each(["jpg", "jpeg", "png", "gif", "bmp", "svg", "webp", "JPG", "PnG"])("accepts .%s", (extension) => {
    expect(isValidImageAddress(`https://cdn.example.org/photos/a.${extension}`)).toBe(true);
  });
  it("accepts relative addresses and ignores query and fragment", () => {
    expect(isValidImageAddress("/storage/profile/42.png?v=3#x")).toBe(true);
    expect(isValidImageAddress("storage/profile/42.webp")).toBe(true);
    expect(isValidImageAddress("https://x.in/a%20b.jpeg")).toBe(true);
  });
  it.each([
    ["", "empty"],
    ["   ", "blank"],
    [null, "null"],
    [undefined, "undefined"],
    [42, "a number"],
    ["null", "the string null"],
    ["https://x.in/photo", "no extension"],
    ["https://x.in/report.pdf", "another type"],
    ["https://x.in/image.png.exe", "a disguised type"],
    ["https://x.in/a.png/", "a folder"],
    ["javascript:alert(1)//.png", "a script address"],
    ["data:image/png;base64,AAAA", "a data address"],
    ["ftp://x.in/a.png", "ftp"],
    ["https://x.in/a b.png", "spaces"],
  ])("refuses %j (%s)", (address, _reason) => {
    expect(isValidImageAddress(address)).toBe(false);
  });
});

describe("loadImageWithin", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function fakeImage() {
    const image: ImageLike = { onload: null, onerror: null, src: "" };
    return image;
  }

  it("resolves true when the image loads in time", async () => {
    const image = fakeImage();
    const { promise } = loadImageWithin("/a.png", AVATAR_LOAD_TIMEOUT_MS, () => image);
    expect(image.src).toBe("/a.png");
    vi.advanceTimersByTime(4_999);
    image.onload?.(new Event("load"));
    await expect(promise).resolves.toBe(true);
  });

  it("resolves false after 5 s", async () => {
    const image = fakeImage();
    const { promise } = loadImageWithin("/a.png", AVATAR_LOAD_TIMEOUT_MS, () => image);
    vi.advanceTimersByTime(5_000);
    await expect(promise).resolves.toBe(false);
    expect(image.onload).toBeNull();
  });

  it("resolves false on an error or when cancelled", async () => {
    const failing = fakeImage();
    const first = loadImageWithin("/a.png", 5_000, () => failing);
    failing.onerror?.(new Event("error"));
    await expect(first.promise).resolves.toBe(false);
    const second = loadImageWithin("/b.png", 5_000, fakeImage);
    second.cancel();
    await expect(second.promise).resolves.toBe(false);
  });
});

describe("initialsOf", () => {
  it("takes the first and last initials", () => {
    expect(initialsOf("Anita Deshpande")).toBe("AD");
    expect(initialsOf("  anita  ")).toBe("A");
    expect(initialsOf("Anita M. Rao Deshpande")).toBe("AD");
    expect(initialsOf("")).toBe("");
  });
});
