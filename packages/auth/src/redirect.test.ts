import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirect } from "./redirect";

const APP = "https://school.portal.example";
const FALLBACK = "/home";

/** Where a browser on the app's page `/a/b` goes with `Location: value`. */
const landsOn = (value: string) => new URL(value, `${APP}/a/b`);

/** Pieces that have led redirects off-site somewhere: slashes, dots, encodings, controls, schemes. */
const tricky = fc.constantFrom(
  "/",
  "//",
  "\\",
  "/\\",
  ".",
  "..",
  "./",
  "../",
  "%2f",
  "%2F",
  "%5c",
  "%2e",
  "%2e%2e",
  "\t",
  "\n",
  "\r",
  "\u0000",
  " ",
  "@",
  ":",
  "?",
  "#",
  "evil.example",
  "javascript:",
  "http:",
  "https://evil.example",
  "%09",
  "\u3002",
  "／",
);
const trickyPath = fc
  .array(fc.oneof(tricky, fc.string({ maxLength: 4 })), { maxLength: 12 })
  .map((parts) => parts.join(""));

describe("safeRedirect (property)", () => {
  it("never leaves the app's origin, whatever it is given", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          trickyPath,
          trickyPath.map((p) => `/${p}`),
        ),
        (input) => {
          const result = safeRedirect(input, FALLBACK);
          expect(landsOn(result).origin).toBe(APP);
          expect(result.startsWith("/")).toBe(true);
          expect(result[1] === "/" || result[1] === "\\").toBe(false);
          // Idempotent: what it lets through, it lets through unchanged.
          expect(safeRedirect(result, FALLBACK)).toBe(result);
        },
      ),
      { numRuns: 5000 },
    );
  });

  it("keeps ordinary paths of the app as they are", () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/);
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), fc.option(segment), (segments, page) => {
        const path = `/${segments.join("/")}${page ? `?page=${page}` : ""}`;
        expect(safeRedirect(path, FALLBACK)).toBe(path);
      }),
    );
  });
});

describe("safeRedirect (known attacks)", () => {
  it.each([
    "/.//evil.example/phish",
    "/..//evil.example",
    "/a/../..//evil.example",
    "/%2e//evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\\evil.example",
    "\\/evil.example",
    "//evil.example",
    "///evil.example",
    "https://evil.example",
    "javascript:alert(1)",
  ])("refuses %j", (input) => {
    expect(safeRedirect(input, FALLBACK)).toBe(FALLBACK);
  });
});
