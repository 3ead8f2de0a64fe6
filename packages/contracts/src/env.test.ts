import { describe, expect, it } from "vitest";
import { z } from "zod";
import { EnvError, originVar, parseEnv, portVar } from "./env";

const schema = z.object({ PORT: portVar(4000), APP_ORIGIN: originVar("http://localhost:3001") });

describe("parseEnv", () => {
  it("applies defaults and converts types", () => {
    expect(parseEnv("api", schema, {})).toEqual({ PORT: 4000, APP_ORIGIN: "http://localhost:3001" });
    expect(parseEnv("api", schema, { PORT: "4100", APP_ORIGIN: "https://school.example.org/" })).toEqual({
      PORT: 4100,
      APP_ORIGIN: "https://school.example.org",
    });
  });

  it("names every bad variable, its value and the fix", () => {
    let caught: unknown;
    try {
      parseEnv("api", schema, { PORT: "eighty", APP_ORIGIN: "school.example.org/login" });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EnvError);
    const message = (caught as EnvError).message;
    expect(message).toContain("api cannot start");
    expect(message).toContain('PORT is "eighty": must be a whole number');
    expect(message).toContain('APP_ORIGIN is "school.example.org/login": must be an origin');
    expect((caught as EnvError).problems).toHaveLength(2);
  });

  it("rejects ports out of range", () => {
    expect(() => parseEnv("api", schema, { PORT: "70000" })).toThrow(/PORT is "70000": must be 1-65535/);
  });
});
