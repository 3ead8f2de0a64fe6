import { hashPassword } from "@repo/auth/password";
import {
  LOGIN_FAILURES_PER_CLIENT,
  LOGIN_LIMIT_PER_ACCOUNT,
  LOGIN_LOCKOUT,
  LOGIN_SLOWDOWN,
  PASSWORD_RECHECKS_PER_ACCOUNT,
} from "@repo/contracts/auth";
import { users } from "@repo/db/schema";
import { testDrivers } from "@repo/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, startTestApi, type TestApi } from "./support";

const WRONG = "Wrong@12345";
/** "until 14:35 (IST)": the hour and minute the lock ends, India Standard Time. */
const UNTIL = /(until|after) ([01]\d|2[0-3]):[0-5]\d \(IST\)/;

/**
 * Sign-in limits (docs/decisions/027-limits-that-fit-schools.md), over a real socket: the API
 * trusts 127.0.0.1 as a proxy, so X-Forwarded-For names the browser's address as the school
 * app's server would.
 */
for (const driver of testDrivers()) {
  describe(`sign-in limits on ${driver}`, () => {
    let api: TestApi;
    let server: Awaited<ReturnType<TestApi["listen"]>>;
    beforeAll(async () => {
      api = await startTestApi(driver);
      server = await api.listen();
    });
    afterAll(async () => {
      await server?.close();
      await api?.close();
    });
    afterEach(async () => {
      await api.db.execute(sql`delete from rate_limits`);
    });

    async function signIn(username: string, password: string, from: string) {
      const response = await fetch(`${server.url}/api/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": from },
        body: JSON.stringify({ username, password }),
      });
      return { status: response.status, retryAfter: response.headers.get("retry-after"), body: await response.json() };
    }

    it("lets 200 students of one school sign in together from its one address", async () => {
      const hash = await hashPassword(DEMO_PASSWORD);
      await api.db.insert(users).values(
        Array.from({ length: 200 }, (_, i) => ({
          username: `labstudent${i}`,
          email: `labstudent${i}@school.example.org`,
          name: `Lab Student ${i}`,
          roleId: 1,
          passwordHash: hash,
        })),
      );
      const statuses: number[] = [];
      // Ten at a time, as a lab's students press "Sign in" together.
      for (let batch = 0; batch < 20; batch++) {
        const answers = await Promise.all(
          Array.from({ length: 10 }, (_, i) => signIn(`labstudent${batch * 10 + i}`, DEMO_PASSWORD, "203.0.113.50")),
        );
        statuses.push(...answers.map((a) => a.status));
      }
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
    }, 180_000);

    it("limits many wrong passwords from one address across accounts, and only that address", async () => {
      const max = LOGIN_FAILURES_PER_CLIENT.max;
      // Spread over accounts so that no per-account limit is reached first.
      for (let i = 0; i < max; i++) {
        const failed = await signIn(`nobody${i % 50}-${Math.floor(i / 50)}`, WRONG, "198.51.100.7");
        expect(failed.status).toBe(401);
      }
      const limited = await signIn("school", DEMO_PASSWORD, "198.51.100.7");
      expect(limited.status).toBe(429);
      expect(limited.body.message).toMatch(/^Too many failed sign-ins from your network\. Try again after/);
      expect(limited.body.message).toMatch(UNTIL);
      expect(Number(limited.retryAfter)).toBeGreaterThan(0);
      expect((await signIn("school", DEMO_PASSWORD, "198.51.100.8")).status).toBe(200);
    }, 120_000);

    it("slows down, then locks an account for the guessing address only, saying until when", async () => {
      const attacker = "192.0.2.66";
      for (let i = 0; i < LOGIN_SLOWDOWN.max; i++) {
        expect((await signIn("orgteam", WRONG, attacker)).status).toBe(401);
      }
      // A pause after a few wrong passwords in a row: even the right one waits.
      const paused = await signIn("orgteam", DEMO_PASSWORD, attacker);
      expect(paused.status).toBe(429);
      expect(paused.body.message).toMatch(/^Too many wrong passwords in a row\. Wait until/);
      expect(Number(paused.retryAfter)).toBeLessThanOrEqual(LOGIN_SLOWDOWN.windowSeconds);
      // The owner, elsewhere, signs in meanwhile.
      expect((await signIn("orgteam", DEMO_PASSWORD, "203.0.113.9")).status).toBe(200);

      // Past the pause (its window is forgotten here instead of waited for) the guesses go on
      // until the lock.
      await api.db.execute(sql`delete from rate_limits where key like 'login-fail:slow:%'`);
      for (let i = LOGIN_SLOWDOWN.max; i < LOGIN_LOCKOUT.max; i++) {
        await api.db.execute(sql`delete from rate_limits where key like 'login-fail:slow:%'`);
        expect((await signIn("ORGTEAM", WRONG, attacker)).status).toBe(401);
      }
      await api.db.execute(sql`delete from rate_limits where key like 'login-fail:slow:%'`);
      const locked = await signIn("orgteam", DEMO_PASSWORD, attacker);
      expect(locked.status).toBe(429);
      expect(locked.body.message).toMatch(
        /^Too many wrong passwords for this account\. Signing in to it from here is locked/,
      );
      expect(locked.body.message).toMatch(UNTIL);
      expect(Number(locked.retryAfter)).toBeGreaterThan(LOGIN_LOCKOUT.windowSeconds - 120);
      // The owner is not locked out; other accounts from the attacker's address are not either.
      expect((await signIn("orgteam", DEMO_PASSWORD, "203.0.113.9")).status).toBe(200);
      expect((await signIn("orgteam", DEMO_PASSWORD, "203.0.113.10")).status).toBe(200);
      expect((await signIn("school", DEMO_PASSWORD, attacker)).status).toBe(200);
    });

    it("stops a guesser with many addresses at new addresses, not at the owner's known one", async () => {
      // The owner has signed in from home before.
      expect((await signIn("lms", DEMO_PASSWORD, "203.0.113.20")).status).toBe(200);
      for (let i = 0; i < LOGIN_LIMIT_PER_ACCOUNT.max; i++) {
        expect((await signIn("lms", WRONG, `10.9.${Math.floor(i / 200)}.${i % 200}`)).status).toBe(401);
      }
      const fresh = await signIn("lms", DEMO_PASSWORD, "10.9.99.1");
      expect(fresh.status).toBe(429);
      expect(fresh.body.message).toMatch(/from a new network is paused until/);
      expect(fresh.body.message).toMatch(UNTIL);
      expect((await signIn("lms", DEMO_PASSWORD, "203.0.113.20")).status).toBe(200);
    });

    it("limits guesses of the current password when changing it", async () => {
      const token = await api.login("paysupport", "coordinator");
      const change = (old_password: string) =>
        api.call("POST", "/api/change-password", {
          token,
          json: { old_password, new_password: "Better#2026", confirm_password: "Better#2026" },
        });
      for (let i = 0; i < PASSWORD_RECHECKS_PER_ACCOUNT.max; i++) {
        const wrong = await change(`Guess#${i}abc`);
        expect(wrong.status).toBe(422);
        expect(wrong.body.errors).toEqual([{ field: "old_password", message: "The current password is not correct" }]);
      }
      const limited = await change(DEMO_PASSWORD);
      expect(limited.status).toBe(429);
      expect(limited.body.message).toMatch(/^Too many wrong passwords\. You can try again after/);
      expect(limited.body.message).toMatch(UNTIL);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    });
  });
}
