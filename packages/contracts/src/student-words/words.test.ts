import { describe, expect, it } from "vitest";
import { LANGUAGE_CODES } from "../languages";
import { en } from "./en";
import { WORDS } from "./index";

/** Every word of a dictionary by its path ("steps.paid.title"), as a list of [path, text]. */
function entries(words: unknown, prefix = ""): [string, string][] {
  if (typeof words === "string") return [[prefix, words]];
  return Object.entries(words as Record<string, unknown>).flatMap(([key, value]) =>
    entries(value, prefix ? `${prefix}.${key}` : key),
  );
}
const places = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("the student area's dictionaries (issue 35 item 7)", () => {
  const english = new Map(entries(en));

  it("has one for each of the 14 exam languages", () => {
    expect(Object.keys(WORDS).sort()).toEqual([...LANGUAGE_CODES].sort());
  });

  for (const code of LANGUAGE_CODES) {
    it(`${code}: has every word English has, and no other, each with the same {places}`, () => {
      const words = new Map(entries(WORDS[code]));
      const missing = [...english.keys()].filter((path) => !words.has(path));
      const extra = [...words.keys()].filter((path) => !english.has(path));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
      for (const [path, text] of words) {
        expect(text.trim(), `${code} ${path} is empty`).not.toBe("");
        expect(places(text), `${code} ${path}`).toEqual(places(english.get(path) ?? ""));
      }
    });

    if (code !== "en") {
      it(`${code}: is translated, not English left in place`, () => {
        const same = entries(WORDS[code]).filter(
          ([path, text]) => text === english.get(path) && /[a-z]{3}/i.test(text.replace(/\{\w+\}/g, "")),
        );
        expect(same.map(([path]) => path)).toEqual([]);
      });
    }
  }
});
