import { parseEnv } from "@repo/contracts/env";
import { describe, expect, it } from "vitest";
import { appEnvSchema, sharedCookieDomain } from "./env";

describe("app configuration", () => {
  it("defaults to the local ports and origins", () => {
    const env = parseEnv("coordinator", appEnvSchema("coordinator"), {});
    expect(env.PORT).toBe(3002);
    expect(env.API_URL).toBe("http://127.0.0.1:4000");
    expect(env.appOrigins).toEqual({
      school: "http://localhost:3001",
      coordinator: "http://localhost:3002",
      papersetter: "http://localhost:3003",
      outbox: "http://localhost:3004",
    });
  });

  it("refuses the development session secret in production, naming the variable", () => {
    expect(() => parseEnv("school", appEnvSchema("school"), { NODE_ENV: "production" })).toThrow(
      /SESSION_SECRET is not set: must be set to a private value in production/,
    );
    const env = parseEnv("school", appEnvSchema("school"), {
      NODE_ENV: "production",
      SESSION_SECRET: "a-long-private-secret-1, an-older-secret-still-valid",
    });
    expect(env.SESSION_SECRETS).toEqual(["a-long-private-secret-1", "an-older-secret-still-valid"]);
  });

  it("refuses short secrets and malformed origins", () => {
    expect(() => parseEnv("outbox", appEnvSchema("outbox"), { SESSION_SECRET: "short" })).toThrow(
      /SESSION_SECRET is "short": each secret must be at least 16 characters/,
    );
    expect(() => parseEnv("outbox", appEnvSchema("outbox"), { OUTBOX_ORIGIN: "outbox.example.org" })).toThrow(
      /OUTBOX_ORIGIN is "outbox.example.org": must be an origin/,
    );
  });

  it("puts the handoff cookie where every app can read it", () => {
    expect(parseEnv("school", appEnvSchema("school"), {}).HANDOFF_COOKIE_DOMAIN).toBeUndefined();
    const deployed = parseEnv("school", appEnvSchema("school"), {
      SCHOOL_ORIGIN: "https://school.portal.example.org",
      COORDINATOR_ORIGIN: "https://coordinator.portal.example.org",
      PAPERSETTER_ORIGIN: "https://papersetter.portal.example.org",
      OUTBOX_ORIGIN: "https://outbox.portal.example.org",
    });
    expect(deployed.HANDOFF_COOKIE_DOMAIN).toBe("portal.example.org");
    expect(sharedCookieDomain(["portal.example.org", "coordinator.portal.example.org"])).toBe("portal.example.org");
    expect(sharedCookieDomain(["school.example.org", "school.example.net"])).toBeNull();
    expect(sharedCookieDomain(["10.0.0.1", "10.0.0.2"])).toBeNull();
    expect(() => parseEnv("school", appEnvSchema("school"), { SCHOOL_ORIGIN: "https://school.example.net" })).toThrow(
      /SCHOOL_ORIGIN .*one host or subdomains of one domain/,
    );
  });
});
