import { readFileSync } from "node:fs";
import { hashPassword } from "@repo/auth/password";
import {
  LOGIN_FAILURES_PER_CLIENT,
  LOGIN_LIMIT_PER_ACCOUNT,
  LOGIN_PAUSES,
  loginPauseMinutes,
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
 * Sign-in limits (docs/decisions/027-limits-that-fit-schools.md and
 * 048-sign-in-limits-that-spare-honest-people.md), over a real socket: the API
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

    async function signIn(username: string, password: string, from: string, device?: string) {
      const response = await fetch(`${server.url}/api/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": from },
        body: JSON.stringify({ username, password, ...(device ? { device } : {}) }),
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

    /** `count` new student accounts named `${prefix}N`, with the demo password. */
    async function students(prefix: string, count: number): Promise<string[]> {
      const hash = await hashPassword(DEMO_PASSWORD);
      const names = Array.from({ length: count }, (_, i) => `${prefix}${i}`);
      await api.db.insert(users).values(
        names.map((username) => ({
          username,
          email: `${username}@school.example.org`,
          name: username,
          roleId: 1,
          passwordHash: hash,
        })),
      );
      return names;
    }

    /** A browser's device id, as the apps keep it in their device cookie. */
    const deviceOf = (name: string) => `device-${name}-`.padEnd(43, "x");
    /** Waiting out a pause, without the wait. */
    const pauseEnds = () => api.db.execute(sql`delete from rate_limits where key like 'login-pause:%'`);

    it("lets the students who signed in at a lab before in after a stranger's 100 wrong passwords there", async () => {
      const lab = "203.0.113.60";
      const names = await students("labtwo", 40);
      for (const name of names) expect((await signIn(name, DEMO_PASSWORD, lab)).status).toBe(200);
      // A student who signed in at home on the laptop she brings.
      const [traveller = ""] = await students("traveller", 1);
      const laptop = deviceOf("laptop");
      expect((await signIn(traveller, DEMO_PASSWORD, "198.51.100.30", laptop)).status).toBe(200);

      for (let i = 0; i < LOGIN_FAILURES_PER_CLIENT.max; i++) {
        expect((await signIn(`nobody${i}`, WRONG, lab)).status).toBe(401);
      }
      // The lab's address is limited for anyone it is new to…
      const limited = await signIn("school", DEMO_PASSWORD, lab);
      expect(limited.status).toBe(429);
      expect(limited.body.message).toMatch(
        /^Too many failed sign-ins from your network\. Try again in \d+ minutes?, after/,
      );
      expect(limited.body.message).toMatch(UNTIL);
      expect(Number(limited.retryAfter)).toBeGreaterThan(0);
      expect((await signIn(traveller, DEMO_PASSWORD, lab)).status).toBe(429);
      // …but every student who signed in there before gets in, as does the known laptop.
      const statuses: number[] = [];
      for (let batch = 0; batch < names.length; batch += 10) {
        const answers = await Promise.all(names.slice(batch, batch + 10).map((n) => signIn(n, DEMO_PASSWORD, lab)));
        statuses.push(...answers.map((a) => a.status));
      }
      expect(statuses).toEqual(names.map(() => 200));
      expect((await signIn(traveller, DEMO_PASSWORD, lab, laptop)).status).toBe(200);
      // Elsewhere nothing changed.
      expect((await signIn("school", DEMO_PASSWORD, "198.51.100.8")).status).toBe(200);
    }, 180_000);

    it("counts an IPv6 /64 and the spellings of an IPv4 address as one address", async () => {
      const max = LOGIN_FAILURES_PER_CLIENT.max;
      const statuses: number[] = [];
      for (let i = 1; i <= 150; i++) {
        statuses.push((await signIn(`sprayed${i}`, WRONG, `2001:db8:7:7::${i.toString(16)}`)).status);
      }
      expect(statuses.slice(0, max)).toEqual(Array(max).fill(401));
      expect(statuses.slice(max)).toEqual(Array(150 - max).fill(429));
      expect((await signIn("school", DEMO_PASSWORD, "2001:db8:7:7:ffff::1")).status).toBe(429);
      expect((await signIn("school", DEMO_PASSWORD, "2001:db8:7:8::1")).status).toBe(200);

      for (let i = 0; i < max; i++) {
        const from = i % 2 ? "198.51.100.9" : "::FFFF:C633:6409";
        expect((await signIn(`mapped${i}`, WRONG, from)).status).toBe(401);
      }
      expect((await signIn("school", DEMO_PASSWORD, "::ffff:198.51.100.9")).status).toBe(429);
    }, 180_000);

    it("does not lock an account for its owner elsewhere after 31 wrong passwords from one /64", async () => {
      const statuses: number[] = [];
      for (let i = 1; i <= 31; i++) statuses.push((await signIn("lms", WRONG, `2001:db8:66:1::${i}`)).status);
      // The guesser's network is paused after its free tries…
      expect(statuses.slice(0, LOGIN_PAUSES.free + 1)).toEqual(Array(LOGIN_PAUSES.free + 1).fill(401));
      expect(statuses.slice(LOGIN_PAUSES.free + 1)).toEqual(Array(31 - LOGIN_PAUSES.free - 1).fill(429));
      expect((await signIn("lms", DEMO_PASSWORD, "2001:db8:66:1::99")).status).toBe(429);
      // …the owner, at an address the account never used, is not.
      expect((await signIn("lms", DEMO_PASSWORD, "203.0.113.77")).status).toBe(200);
    });

    it("pauses the owner's own wrong passwords for the minutes the message and the docs name", async () => {
      const home = "192.0.2.66";
      for (let i = 0; i < LOGIN_PAUSES.free; i++) expect((await signIn("orgteam", WRONG, home)).status).toBe(401);
      // The next wrong one starts a pause: even the right password waits, and is told how long.
      expect((await signIn("orgteam", WRONG, home)).status).toBe(401);
      const paused = await signIn("orgteam", DEMO_PASSWORD, home);
      expect(paused.status).toBe(429);
      const first = loginPauseMinutes(LOGIN_PAUSES.free + 1);
      expect(paused.body.message).toMatch(
        new RegExp(`^Too many wrong passwords for this account from here\\. Try again in ${first} minutes?, after`),
      );
      expect(paused.body.message).toMatch(UNTIL);
      expect(Number(paused.retryAfter)).toBeLessThanOrEqual(first * 60);
      // Another place is not held up.
      expect((await signIn("orgteam", DEMO_PASSWORD, "203.0.113.9")).status).toBe(200);

      // Ten wrong passwords in all, each after the pause before it.
      for (let failures = LOGIN_PAUSES.free + 2; failures <= 10; failures++) {
        await pauseEnds();
        expect((await signIn("orgteam", WRONG, home)).status).toBe(401);
      }
      const after10 = await signIn("orgteam", DEMO_PASSWORD, home);
      expect(after10.status).toBe(429);
      expect(after10.body.message).toContain(`Try again in ${loginPauseMinutes(10)} minutes`);
      expect(Number(after10.retryAfter)).toBeGreaterThan((loginPauseMinutes(10) - 1) * 60);

      // The docs give the same schedule.
      const pauses = [...new Set(Array.from({ length: 20 }, (_, i) => loginPauseMinutes(LOGIN_PAUSES.free + 1 + i)))];
      const schedule = `${pauses.slice(0, -1).join(", ")}, then ${pauses.at(-1)} minutes`;
      const domain = readFileSync(new URL("../../../docs/domain.md", import.meta.url), "utf8").replace(/\s+/g, " ");
      expect(domain).toContain(`after ${LOGIN_PAUSES.free} wrong passwords in a row`);
      expect(domain).toContain(schedule);

      // Past the pause the right password signs in and forgets the run.
      await pauseEnds();
      expect((await signIn("orgteam", DEMO_PASSWORD, home)).status).toBe(200);
      expect((await signIn("orgteam", WRONG, home)).status).toBe(401);
    });

    it("keeps a known device signing in where a stranger paused the account", async () => {
      const [owner = ""] = await students("deviceowner", 1);
      const phone = deviceOf("phone");
      const cafe = "198.51.100.44";
      expect((await signIn(owner, DEMO_PASSWORD, "203.0.113.30", phone)).status).toBe(200);
      for (let i = 0; i <= LOGIN_PAUSES.free; i++) expect((await signIn(owner, WRONG, cafe)).status).toBe(401);
      expect((await signIn(owner, DEMO_PASSWORD, cafe)).status).toBe(429);
      expect((await signIn(owner, DEMO_PASSWORD, cafe, deviceOf("stranger"))).status).toBe(429);
      expect((await signIn(owner, DEMO_PASSWORD, cafe, phone)).status).toBe(200);
    });

    it("counts every spelling of a username that reaches the account together (İ, i̇, I, full width)", async () => {
      const from = "192.0.2.70";
      const spellings = ["admin", "ADM\u0130N", "adm\u0130n", "admi\u0307n", "ADMIN", "\uff41\uff44\uff4d\uff49\uff4e"];
      for (let i = 0; i <= LOGIN_PAUSES.free; i++) {
        expect((await signIn(spellings[i % spellings.length] ?? "", WRONG, from)).status).toBe(401);
      }
      for (const spelling of spellings) {
        const paused = await signIn(spelling, DEMO_PASSWORD, from);
        expect(paused.status, spelling).toBe(429);
        expect(paused.body.message).toMatch(/^Too many wrong passwords for this account from here/);
      }
      await pauseEnds();
      expect((await signIn("ADM\u0130N", DEMO_PASSWORD, from)).status).toBe(200);
    });

    it("stops a guesser with many networks at new ones, not at the owner's known network or device", async () => {
      // The owner has signed in from home before, and on a phone.
      const phone = deviceOf("lms-phone");
      expect((await signIn("lms", DEMO_PASSWORD, "203.0.113.20", phone)).status).toBe(200);
      const guesses = Array.from({ length: LOGIN_LIMIT_PER_ACCOUNT.max }, (_, i) => `10.9.${i >> 8}.${i & 255}`);
      for (let batch = 0; batch < guesses.length; batch += 10) {
        const answers = await Promise.all(guesses.slice(batch, batch + 10).map((from) => signIn("lms", WRONG, from)));
        expect(answers.map((a) => a.status)).toEqual(answers.map(() => 401));
      }
      const fresh = await signIn("lms", DEMO_PASSWORD, "10.9.99.1");
      expect(fresh.status).toBe(429);
      expect(fresh.body.message).toMatch(
        /from a device or network it was not used from before is paused\. Try again in/,
      );
      expect(fresh.body.message).toMatch(UNTIL);
      expect((await signIn("lms", DEMO_PASSWORD, "203.0.113.20")).status).toBe(200);
      expect((await signIn("lms", DEMO_PASSWORD, "10.9.99.2", phone)).status).toBe(200);
    }, 180_000);

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
      expect(limited.body.message).toMatch(/^Too many wrong passwords\. Try again in \d+ minutes?, after/);
      expect(limited.body.message).toMatch(UNTIL);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    });
  });
}
