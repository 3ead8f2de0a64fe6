import { createCookieSessionStorage } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { createSessionStorage, sessionCookieName } from "./session.server";

const SECRET = "a-long-private-secret-1";
const TOKEN = "api-bearer-token-0123456789abcdefghijklmnopqrstuvwxyz";

async function cookieOf(storage: ReturnType<typeof createSessionStorage>, data: { token: string }) {
  const session = await storage.getSession(null);
  session.set("token", data.token);
  session.set("csrf", "c5rf");
  return (await storage.commitSession(session)).split(";")[0] ?? "";
}

/** Everything a browser (or a script reading its cookie jar) could make of the cookie's value. */
function readable(cookie: string): string {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1));
  const views = [value, Buffer.from(value, "base64").toString("utf8")];
  try {
    const inner = JSON.parse(Buffer.from(value, "base64").toString("utf8")) as unknown;
    if (typeof inner === "string") views.push(inner, Buffer.from(inner, "base64url").toString("utf8"));
  } catch {
    // not JSON inside
  }
  return views.join("\n");
}

describe("the app's session cookie", () => {
  it("carries the API token only encrypted", async () => {
    const storage = createSessionStorage("school", { secrets: [SECRET], production: false });
    const cookie = await cookieOf(storage, { token: TOKEN });
    expect(cookie.startsWith(`${sessionCookieName("school", false)}=`)).toBe(true);
    expect(readable(cookie)).not.toContain(TOKEN);
    expect(readable(cookie)).not.toContain("c5rf");
    // And the server reads it back.
    expect((await storage.getSession(cookie)).get("token")).toBe(TOKEN);
  });

  it("opens with any secret of the rotation list, and only in its own app", async () => {
    const old = createSessionStorage("school", { secrets: ["an-older-secret-still-valid"], production: false });
    const cookie = await cookieOf(old, { token: TOKEN });
    const rotated = createSessionStorage("school", {
      secrets: [SECRET, "an-older-secret-still-valid"],
      production: false,
    });
    expect((await rotated.getSession(cookie)).get("token")).toBe(TOKEN);
    const stranger = createSessionStorage("school", { secrets: [SECRET], production: false });
    expect((await stranger.getSession(cookie)).get("token")).toBeUndefined();
    // The coordinator's cookie of the same name and secret does not open as the school's.
    const coordinator = createSessionStorage("coordinator", { secrets: [SECRET], production: false });
    const renamed = (await cookieOf(coordinator, { token: TOKEN })).replace(
      /^[^=]+/,
      sessionCookieName("school", false),
    );
    expect((await stranger.getSession(renamed)).get("token")).toBeUndefined();
  });

  it("treats a tampered cookie and an older signed-only cookie as no session", async () => {
    const storage = createSessionStorage("school", { secrets: [SECRET], production: false });
    const cookie = await cookieOf(storage, { token: TOKEN });
    const flipped = `${cookie.slice(0, -3)}${cookie.slice(-3) === "AAA" ? "BBB" : "AAA"}`;
    expect((await storage.getSession(flipped)).get("token")).toBeUndefined();
    const signedOnly = createCookieSessionStorage({
      cookie: { name: sessionCookieName("school", false), secrets: [SECRET], path: "/" },
    });
    const legacy = await signedOnly.getSession(null);
    legacy.set("token", TOKEN);
    const legacyCookie = (await signedOnly.commitSession(legacy)).split(";")[0] ?? "";
    expect((await storage.getSession(legacyCookie)).get("token")).toBeUndefined();
  });
});
