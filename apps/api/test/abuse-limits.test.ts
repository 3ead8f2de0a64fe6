import { hashPassword } from "@repo/auth/password";
import {
  OTP_FAILURES_PER_CLIENT,
  OTP_MAX_ATTEMPTS,
  OTP_SENDS_PER_ACCOUNT,
  OTP_SENDS_PER_CLIENT,
  USERNAMES_TAKEN_PER_CLIENT,
} from "@repo/contracts/auth";
import { queryRows } from "@repo/db";
import { smsOutbox, users } from "@repo/db/schema";
import { testDrivers } from "@repo/db/testing";
import { desc, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SIF_REGISTRATION_FAILURES_PER_CLIENT } from "../src/domains/institutes/sif";
import { SCHOOL_REGISTRATION_FAILURES_PER_CLIENT } from "../src/domains/schools/school-account";
import { DEMO_PASSWORD, startTestApi, type TestApi } from "./support";

/**
 * Public and per-user forms limited per client address the way schools use them (decision 027):
 * a lab's students share one address, so what counts is failures (and, for what costs, unused
 * sends or successes), not ordinary use. In-process requests all come from one address.
 */
for (const driver of testDrivers()) {
  describe(`limits that fit schools on ${driver}`, () => {
    let api: TestApi;
    let made = 0;
    beforeAll(async () => {
      api = await startTestApi(driver);
    });
    afterAll(async () => {
      await api?.close();
    });
    afterEach(async () => {
      await api.db.execute(sql`delete from rate_limits`);
    });

    /** `count` new student accounts, signed in: their tokens. */
    async function students(count: number): Promise<string[]> {
      const hash = await hashPassword(DEMO_PASSWORD);
      const names = Array.from({ length: count }, () => `labkid${++made}`);
      await api.db.insert(users).values(
        names.map((username) => ({
          username,
          email: `${username}@x.test`,
          name: username,
          roleId: 1,
          passwordHash: hash,
        })),
      );
      return Promise.all(names.map((name) => api.login(name)));
    }
    const mobileOf = (i: number) => `+9198${String(10_000_000 + i).padStart(8, "0")}`;
    const send = (token: string, mobile: string) =>
      api.call("POST", `/api/send-mobile-otp-after-login?mobile=${encodeURIComponent(mobile)}`, { token });
    const verify = (token: string, mobile: string, otp: string) =>
      api.call("POST", "/api/verify-mobile-otp-after-login", { token, json: { mobile, otp } });
    const lastCode = async (mobile: string) => {
      const [sms] = await api.db
        .select()
        .from(smsOutbox)
        .where(eq(smsOutbox.to, mobile))
        .orderBy(desc(smsOutbox.id))
        .limit(1);
      // The text shows the code masked; the message keeps it until the gateway has it.
      return sms?.variables.otp ?? "";
    };

    it("lets a lab's students each verify their mobile from one address; unused codes are limited", async () => {
      const lab = await students(OTP_SENDS_PER_CLIENT.max + 5);
      for (const [i, token] of lab.entries()) {
        expect((await send(token, mobileOf(i))).status).toBe(200);
        expect((await verify(token, mobileOf(i), await lastCode(mobileOf(i)))).status).toBe(200);
      }
      // Codes requested and never used are what the address is limited on.
      const idle = await students(Math.ceil(OTP_SENDS_PER_CLIENT.max / OTP_SENDS_PER_ACCOUNT.max) + 1);
      let sent = 0;
      for (const token of idle) {
        for (let i = 0; i < OTP_SENDS_PER_ACCOUNT.max && sent < OTP_SENDS_PER_CLIENT.max; i++, sent++) {
          expect((await send(token, mobileOf(1000 + sent))).status).toBe(200);
        }
      }
      const limited = await send(idle.at(-1) ?? "", mobileOf(2000));
      expect(limited.status).toBe(429);
      expect(limited.body.message).toMatch(
        /^Too many codes were requested from your network and not used\. Try again in \d+ minutes?, after \d\d:\d\d \(IST\)\.$/,
      );
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    }, 120_000);

    it("limits wrong codes from one address across accounts", async () => {
      const codesNeeded = OTP_FAILURES_PER_CLIENT.max / OTP_MAX_ATTEMPTS;
      const guessers = await students(Math.ceil(codesNeeded / OTP_SENDS_PER_ACCOUNT.max) + 1);
      let wrongs = 0;
      for (const [g, token] of guessers.entries()) {
        for (let c = 0; c < OTP_SENDS_PER_ACCOUNT.max && wrongs < OTP_FAILURES_PER_CLIENT.max; c++) {
          const mobile = mobileOf(5000 + g * 10 + c);
          expect((await send(token, mobile)).status).toBe(200);
          const wrong = (await lastCode(mobile)) === "000000" ? "111111" : "000000";
          for (let a = 0; a < OTP_MAX_ATTEMPTS; a++, wrongs++) {
            expect((await verify(token, mobile, wrong)).status).toBe(422);
          }
        }
      }
      const token = guessers.at(-1) ?? "";
      const mobile = mobileOf(6000);
      expect((await send(token, mobile)).status).toBe(200);
      // Even the right code waits: the address is guessing.
      const limited = await verify(token, mobile, await lastCode(mobile));
      expect(limited.status).toBe(429);
      expect(limited.body.message).toMatch(
        /^Too many wrong codes from your network\. Try again in \d+ minutes?, after \d\d:\d\d \(IST\)\.$/,
      );
    }, 120_000);

    it("answers a lab's many username checks, and limits the look-ups that find taken names", async () => {
      const check = (username: string) => api.call("POST", "/api/check-username", { json: { username } });
      for (let i = 0; i < 100; i++) {
        const free = await check(`newkid${i}`);
        expect(free.status).toBe(200);
        expect(free.body.data.available).toBe(true);
      }
      for (let i = 0; i < USERNAMES_TAKEN_PER_CLIENT.max; i++) {
        expect((await check("admin")).body.data.available).toBe(false);
      }
      const limited = await check("newkid0");
      expect(limited.status).toBe(429);
      expect(limited.body.message).toMatch(/^Too many taken usernames were looked up from your network/);
    });

    it("registers a lab's individual students from one address, and limits refused registrations", async () => {
      const [school] = await queryRows<{ id: number }>(
        api.db,
        sql`select sc.id from schools sc join users u on u.school_id = sc.id where u.username = 'school'`,
      );
      const student = (n: number) => ({
        first_name: `Lab${String.fromCharCode(65 + (n % 26))}${String.fromCharCode(65 + Math.floor(n / 26))}`,
        last_name: "Kid",
        class_level: 7,
        language: "en",
        gender: "male",
        date_of_birth: "2014-01-10",
        parent_name: "A Parent",
        phone: `96${String(44_000_000 + n).padStart(8, "0")}`,
        email: `labkid-sif${n}@example.org`,
        school_id: Number(school?.id),
      });
      const register = (body: unknown) => api.call("POST", "/api/sif/register/student", { json: body });
      for (let n = 0; n < 40; n++) {
        const done = await register(student(n));
        expect(done.status, JSON.stringify(done.body)).toBe(200);
      }
      for (let i = 0; i < SIF_REGISTRATION_FAILURES_PER_CLIENT.max; i++) {
        expect((await register(student(0))).status).toBe(409);
      }
      const limited = await register(student(99));
      expect(limited.status).toBe(429);
      expect(limited.body.message).toMatch(
        /^Too many failed registrations from your network\. Try again in \d+ minutes?, after/,
      );
    }, 120_000);

    it("does not spend a school's registrations on taken usernames, but limits those failures", async () => {
      // The demo school's place, all the way down to its city.
      const [place] = await queryRows<Record<string, number | null>>(
        api.db,
        sql`select sc.zone_id, sc.state_id, sc.prant_id, sc.district_id, sc.city_id
            from schools sc join users u on u.school_id = sc.id where u.username = 'school'`,
      );
      const ids = Object.fromEntries(
        Object.entries(place ?? {}).map(([key, id]) => [key, id === null ? undefined : Number(id)]),
      );
      const register = (n: number, username: string) =>
        api.call("POST", "/api/schools/school-register", {
          json: {
            school_name: `Lab Vidyalaya ${n}`,
            category_id: 2,
            board_id: 1,
            address: "1, Main Road",
            pincode: "411001",
            contact_name: "A Principal",
            contact_phone: "9876543210",
            email: `lab-office${n}@school.example.org`,
            username,
            password: DEMO_PASSWORD,
            confirm_password: DEMO_PASSWORD,
            ...ids,
          },
        });
      for (let n = 0; n < SCHOOL_REGISTRATION_FAILURES_PER_CLIENT.max; n++) {
        expect((await register(n, "admin")).status).toBe(409);
      }
      const limited = await register(100, "labschool100");
      expect(limited.status).toBe(429);
      expect(limited.body.message).toMatch(/^Too many failed registrations from your network/);
      await api.db.execute(sql`delete from rate_limits`);
      const done = await register(101, "labschool101");
      expect(done.status, JSON.stringify(done.body)).toBe(200);
    });
  });
}
