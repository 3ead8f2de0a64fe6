import { existsSync } from "node:fs";
import path from "node:path";
import { ROLE } from "@repo/auth/roles";
import {
  activityLog,
  bankDetails,
  rateLimits,
  schoolEmailVerifications,
  schools,
  states,
  users,
} from "@repo/db/schema";
import { testDrivers } from "@repo/db/testing";
import { and, eq, inArray, isNull, like, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailWorker, type MailWorker } from "../src/domains/mail/index";
import { EMAIL_TAKEN } from "../src/domains/schools/school-account";
import { maskAccountNumber } from "../src/domains/schools/school-account-bank";
import { pdfWithPages } from "./pdfs";
import { startSmtp, type TestSmtp } from "./smtp";
import { DEMO_PASSWORD, startTestApi, type TestApi } from "./support";

const SCHOOL_ORIGIN = "https://school.example.org";
const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0,
  0, 0, 0x1f, 0x15, 0xc4, 0x89,
]);

describe("masking account numbers", () => {
  it("keeps only the last four digits", () => {
    expect(maskAccountNumber("123456789012")).toBe("XXXXXXXX9012");
    expect(maskAccountNumber("1234")).toBe("1234");
  });
});

for (const driver of testDrivers()) {
  describe(`school account on ${driver}`, () => {
    let api: TestApi;
    let smtp: TestSmtp;
    let worker: MailWorker;
    let place: { zone_id: number; state_id: number; prant_id: number; district_id: number; city_id: number };
    let counter = 0;

    beforeAll(async () => {
      smtp = await startSmtp();
      api = await startTestApi(driver, {
        schoolOrigin: SCHOOL_ORIGIN,
        // Many sign-ins from one (in-process) client address.
        loginLimitPerClient: 10_000,
        mail: { smtpUrl: smtp.url, ratePerMinute: 100_000 },
      });
      worker = createMailWorker(api.services, { logger: pino({ level: "silent" }), pollMs: 20 });
      // A path down the tree through the public pickers, as the registration form walks it.
      const pick = async (level: string, query: Record<string, number>, name?: string) => {
        const params = new URLSearchParams({
          level,
          ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
        });
        const result = await api.call("GET", `/api/schools/register/regions?${params}`);
        expect(result.status).toBe(200);
        const items = result.body.data as { id: number; name: string }[];
        const found = name ? items.find((item) => item.name === name) : items[0];
        if (!found) throw new Error(`no ${level} ${name ?? ""} in ${JSON.stringify(items.slice(0, 5))}`);
        return found.id;
      };
      const india = await pick("country", {}, "India");
      const zones = (await api.call("GET", `/api/schools/register/regions?level=zone&country_id=${india}`)).body.data;
      let zone_id = 0;
      let state_id = 0;
      for (const zone of zones as { id: number }[]) {
        const states = (await api.call("GET", `/api/schools/register/regions?level=state&parent_id=${zone.id}`)).body
          .data as { id: number; name: string }[];
        const maharashtra = states.find((s) => s.name === "Maharashtra");
        if (maharashtra) {
          zone_id = zone.id;
          state_id = maharashtra.id;
        }
      }
      const prant_id = await pick("prant", { parent_id: state_id });
      const district_id = await pick("district", { parent_id: prant_id });
      const city_id = await pick("city", { parent_id: district_id });
      place = { zone_id, state_id, prant_id, district_id, city_id };
    });
    afterAll(async () => {
      await worker?.stop();
      await api?.close();
      await smtp?.close();
    });

    const registration = (overrides: Record<string, unknown> = {}) => {
      counter += 1;
      return {
        school_name: `Test Vidyalaya ${counter}`,
        category_id: 2,
        board_id: 1,
        address: "12, Station Road",
        pincode: "411001",
        contact_name: "S. Deshpande",
        contact_phone: "9876543210",
        email: `office${counter}-${driver}@school.example.org`,
        username: `testschool${counter}`,
        password: DEMO_PASSWORD,
        confirm_password: DEMO_PASSWORD,
        ...place,
        ...overrides,
      };
    };
    const register = (body: unknown) => api.call("POST", "/api/schools/school-register", { json: body });
    const signIn = async (username: string, password = DEMO_PASSWORD) => {
      const result = await api.call("POST", "/api/login", { json: { username, password, app: "school" } });
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      return result.body.data.token as string;
    };
    /** Delivers queued mail to the SMTP server and answers the newest mail to `address`. */
    const mailTo = async (address: string) => {
      for (let i = 0; i < 100; i++) {
        await worker.tick();
        const mails = smtp.received.filter((mail) => JSON.stringify(mail.to).includes(address));
        const last = mails.at(-1);
        if (last) return { mail: last, count: mails.length };
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`no mail reached ${address}`);
    };
    const tokenIn = (html: string) => {
      const match = html.match(/href="([^"]+verify-school-email\?token=[^"]+)"/);
      if (!match?.[1]) throw new Error(`no verification link in ${html}`);
      const url = new URL(match[1].replace(/&amp;/g, "&"));
      return { url, token: url.searchParams.get("token") ?? "" };
    };
    const verify = (token: string) => api.call("POST", "/api/school/verify-school-email", { json: { token } });
    /** A registered school with its token and id. */
    const newSchool = async (overrides: Record<string, unknown> = {}) => {
      const body = registration(overrides);
      const result = await register(body);
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      return { body, id: result.body.data.school_id as number, token: await signIn(body.username) };
    };

    describe("registration and verification", () => {
      it("registers one school when two registrations with one e-mail arrive at once", async () => {
        const email = `same-${driver}-${Date.now()}@school.example.org`;
        const answers = await Promise.all([register(registration({ email })), register(registration({ email }))]);
        expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
        const refused = answers.find((a) => a.status === 409);
        expect(refused?.body.errors).toEqual([{ field: "email", message: EMAIL_TAKEN }]);
      });

      it("creates the active, unverified school and its role-2 account, and mails a working link once", async () => {
        const body = registration();
        const result = await register(body);
        expect(result.status, JSON.stringify(result.body)).toBe(200);
        expect(result.body.data).toEqual({
          school_id: expect.any(Number),
          username: body.username,
          email: body.email,
        });
        const id = result.body.data.school_id;
        const [school] = await api.db.select().from(schools).where(eq(schools.id, id));
        expect(school).toMatchObject({ isActive: true, emailVerifiedAt: null, boardId: 1, cityId: place.city_id });
        expect(school?.referralCode).toMatch(/^VVM[2-9A-Z]{6}$/);
        const [user] = await api.db.select().from(users).where(eq(users.schoolId, id));
        expect(user).toMatchObject({
          roleId: ROLE.school,
          username: body.username,
          email: body.email,
          zoneId: place.zone_id,
        });

        const { mail } = await mailTo(body.email);
        expect(mail.subject).toBe(`Verify the e-mail address of ${body.school_name}`);
        const { url, token } = tokenIn(String(mail.html));
        expect(url.origin + url.pathname).toBe(`${SCHOOL_ORIGIN}/verify-school-email`);
        // Only a hash of the token is kept.
        const stored = await api.db
          .select()
          .from(schoolEmailVerifications)
          .where(eq(schoolEmailVerifications.schoolId, id));
        expect(stored).toHaveLength(1);
        expect(stored[0]?.tokenHash).not.toContain(token);
        const hours = ((stored[0]?.expiresAt.getTime() ?? 0) - Date.now()) / 3_600_000;
        expect(hours).toBeGreaterThan(47.9);
        expect(hours).toBeLessThanOrEqual(48);

        // An unverified school can sign in.
        const signedIn = await signIn(body.username);
        expect((await api.call("GET", "/api/schools/profile", { token: signedIn })).body.data.email_verified).toBe(
          false,
        );
        // The user record carries it too: the app's shell shows the banner from it.
        expect((await api.call("GET", "/api/user", { token: signedIn })).body.data.user_detail.school_email).toEqual({
          address: body.email,
          verified: false,
        });

        const first = await verify(token);
        expect(first.status).toBe(200);
        expect(first.body).toMatchObject({ status: true, data: { school_id: id, email: body.email } });
        const [after] = await api.db.select().from(schools).where(eq(schools.id, id));
        expect(after?.emailVerifiedAt).toBeInstanceOf(Date);
        expect((await api.call("GET", "/api/user", { token: signedIn })).body.data.user_detail.school_email).toEqual({
          address: body.email,
          verified: true,
        });

        const again = await verify(token);
        expect(again.status).toBe(409);
        expect(again.body.message).toMatch(/already used/);

        const log = await api.db
          .select({ action: activityLog.action, after: activityLog.after })
          .from(activityLog)
          .where(and(eq(activityLog.entity, "schools"), eq(activityLog.entityId, String(id))));
        expect(log.map((l) => l.action)).toEqual(["school.register", "school.verify-email"]);
        expect(JSON.stringify(log[0]?.after)).not.toContain(DEMO_PASSWORD);
      });

      it("tells unknown, incomplete and expired links apart", async () => {
        const unknown = await verify("x".repeat(43));
        expect(unknown.status).toBe(404);
        expect(unknown.body.message).toMatch(/not valid/);
        const short = await verify("abc");
        expect(short.status).toBe(400);
        expect(short.body.errors).toEqual([{ field: "token", message: "This verification link is incomplete." }]);

        const body = registration();
        const { school_id } = (await register(body)).body.data;
        const { token } = tokenIn(String((await mailTo(body.email)).mail.html));
        await api.db
          .update(schoolEmailVerifications)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(eq(schoolEmailVerifications.schoolId, school_id));
        const expired = await verify(token);
        expect(expired.status).toBe(422);
        expect(expired.body.message).toMatch(/expired/);
        const [school] = await api.db.select().from(schools).where(eq(schools.id, school_id));
        expect(school?.emailVerifiedAt).toBeNull();
      });

      it("answers every bad field with its own message", async () => {
        const empty = await register({});
        expect(empty.status).toBe(400);
        const fields = Object.fromEntries(
          (empty.body.errors as { field: string; message: string }[]).map((e) => [e.field, e.message]),
        );
        expect(fields).toMatchObject({
          school_name: "Enter the school name",
          board_id: "Choose the board",
          category_id: "Choose the category",
          zone_id: "Choose the zone",
          state_id: "Choose the state",
          password: "Password is required",
        });
        const bad = await register(
          registration({
            email: "not-an-address",
            password: "short",
            confirm_password: "other",
            pincode: "!!",
            contact_phone: "12",
            username: "a b",
            category_id: 9,
          }),
        );
        const messages = Object.fromEntries(
          (bad.body.errors as { field: string; message: string }[]).map((e) => [e.field, e.message]),
        );
        expect(messages).toMatchObject({
          email: "Enter the school's e-mail address, e.g. office@school.edu.in",
          password: "Password should have at least one uppercase, one lowercase, one special character, one number",
          confirm_password: "Password do not match",
          pincode: "Enter the PIN or postal code, e.g. 110001",
          contact_phone: "Enter a phone number of 10 to 15 digits, e.g. 9876543210",
          username: "username may contain only letters, digits and . _ @ -",
        });
        expect(messages.category_id).toBeTruthy();
        expect(bad.body.errors).toContainEqual({
          field: "password",
          message: "Password should have at least 8 symbols",
        });
      });

      it("takes a 6-digit PIN code for an Indian school only, and a Gulf school's shorter postal code", async () => {
        const short = await register(registration({ pincode: "4110" }));
        expect(short.status).toBe(422);
        expect(short.body.errors).toEqual([{ field: "pincode", message: "Enter the 6-digit PIN code, e.g. 110001" }]);
        const [gulf] = await api.db
          .select({ zoneId: states.zoneId, stateId: states.id })
          .from(states)
          .where(eq(states.name, "Bahrain"));
        if (!gulf) throw new Error("no Bahrain in the seed");
        const bahrain = await register(
          registration({
            pincode: "1001",
            zone_id: gulf.zoneId,
            state_id: gulf.stateId,
            prant_id: undefined,
            district_id: undefined,
            city_id: undefined,
          }),
        );
        expect(bahrain.status, JSON.stringify(bahrain.body)).toBe(200);
      });

      it("refuses a taken username or e-mail address with 409 on the field, whatever the case", async () => {
        const taken = await register(registration({ username: "SCHOOL" }));
        expect(taken.status).toBe(409);
        expect(taken.body.errors).toEqual([{ field: "username", message: "This username is already taken" }]);
        const email = await register(registration({ email: "School1@Demo.Example.org" }));
        expect(email.status).toBe(409);
        expect(email.body.errors).toEqual([
          { field: "email", message: "A school with this e-mail address is already registered" },
        ]);
      });

      it("refuses regions that are not one path down the tree (422 on the field), and saves nothing", async () => {
        const before = (await api.db.select({ n: sql<number>`count(*)` }).from(schools))[0]?.n;
        const wrongState = await register(registration({ zone_id: 13 }));
        expect(wrongState.status).toBe(422);
        expect(wrongState.body.errors).toEqual([{ field: "state_id", message: "Choose a state of the chosen zone" }]);
        const orphanCity = await register(registration({ district_id: undefined }));
        expect(orphanCity.status).toBe(422);
        expect(orphanCity.body.errors?.[0]?.field).toBe("district_id");
        const after = (await api.db.select({ n: sql<number>`count(*)` }).from(schools))[0]?.n;
        expect(Number(after)).toBe(Number(before));
      });

      it("limits registrations per client address (429 with Retry-After)", async () => {
        await api.db.update(rateLimits).set({ hits: 1000 }).where(like(rateLimits.key, "school-register:ip:%"));
        const limited = await register(registration());
        expect(limited.status).toBe(429);
        expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
        await api.db.delete(rateLimits).where(like(rateLimits.key, "school-register:ip:%"));
      });

      it("offers the registration pickers to anyone: zones of a Gulf country lead to GCC", async () => {
        const countries = (await api.call("GET", "/api/schools/register/regions?level=country")).body.data;
        const uae = countries.find((c: { name: string }) => c.name === "United Arab Emirates");
        const zones = (await api.call("GET", `/api/schools/register/regions?level=zone&country_id=${uae.id}`)).body
          .data;
        expect(zones.map((z: { id: number }) => z.id)).toEqual([13]);
        const states = await api.call(
          "GET",
          `/api/schools/register/regions?level=state&parent_id=13&country_id=${uae.id}`,
        );
        expect(states.body.data.map((s: { name: string }) => s.name)).toEqual(["United Arab Emirates"]);
        expect((await api.call("GET", "/api/schools/register/regions?level=planet")).status).toBe(400);
      });
    });

    describe("sending the link again", () => {
      it("mails a new link that replaces the old one, and refuses once verified", async () => {
        const school = await newSchool();
        const first = tokenIn(String((await mailTo(school.body.email)).mail.html)).token;
        const resent = await api.call("POST", "/api/school/verify-school-email/resend", { token: school.token });
        expect(resent.status).toBe(200);
        expect(resent.body.data).toEqual({ email: school.body.email });
        let second = first;
        for (let i = 0; i < 50 && second === first; i++)
          second = tokenIn(String((await mailTo(school.body.email)).mail.html)).token;
        expect(second).not.toBe(first);
        // The older link says why it no longer works: not "expired", a newer one was sent.
        const older = await verify(first);
        expect(older.status).toBe(410);
        expect(older.body.message).toBe(
          "A newer verification link was sent to this address. Open the link in the latest e-mail.",
        );
        expect((await verify(second)).status).toBe(200);
        const done = await api.call("POST", "/api/school/verify-school-email/resend", { token: school.token });
        expect(done.status).toBe(409);
        expect(done.body.message).toBe("Your school's e-mail address is already verified.");
      });

      it("allows 5 links an hour", async () => {
        const school = await newSchool();
        for (let i = 0; i < 5; i++) {
          expect(
            (await api.call("POST", "/api/school/verify-school-email/resend", { token: school.token })).status,
          ).toBe(200);
        }
        const limited = await api.call("POST", "/api/school/verify-school-email/resend", { token: school.token });
        expect(limited.status).toBe(429);
      });

      it("is for signed-in school accounts only", async () => {
        expect((await api.call("POST", "/api/school/verify-school-email/resend")).status).toBe(401);
        for (const username of ["admin", "state", "student"]) {
          const result = await api.call("POST", "/api/school/verify-school-email/resend", {
            token: await api.login(username),
          });
          expect(result.status, username).toBe(403);
        }
        // A master institute has no school of its own.
        const master = await api.call("POST", "/api/school/verify-school-email/resend", {
          token: await api.login("masterinstitute"),
        });
        expect(master.status).toBe(404);
      });
    });

    describe("the school's own profile", () => {
      const profileBody = {
        board_id: 3,
        address: "5, New Road",
        pincode: "411002",
        contact_name: "A. Joshi",
        contact_phone: "+919812345678",
      };

      it("shows the school with its regions and lets it change only its contact details", async () => {
        const school = await newSchool();
        const profile = await api.call("GET", "/api/schools/profile", { token: school.token });
        expect(profile.status).toBe(200);
        expect(profile.body.data).toMatchObject({
          id: school.id,
          name: school.body.school_name,
          state: "Maharashtra",
          email_verified: false,
          is_active: true,
        });
        expect(profile.body.data.city).toBeTruthy();

        const updated = await api.call("POST", `/api/schools/update/${school.id}`, {
          token: school.token,
          json: profileBody,
        });
        expect(updated.status, JSON.stringify(updated.body)).toBe(200);
        expect(updated.body).toMatchObject({ message: "School profile updated successfully", data: profileBody });
        const [log] = await api.db
          .select()
          .from(activityLog)
          .where(and(eq(activityLog.action, "school.update-profile"), eq(activityLog.entityId, String(school.id))));
        expect(log?.before).toMatchObject({ board_id: 1, address: "12, Station Road" });
        expect(log?.after).toMatchObject(profileBody);
        const shortPin = await api.call("POST", `/api/schools/update/${school.id}`, {
          token: school.token,
          json: { ...profileBody, pincode: "4110" },
        });
        expect(shortPin.status).toBe(422);
        expect(shortPin.body.errors).toEqual([
          { field: "pincode", message: "Enter the 6-digit PIN code, e.g. 110001" },
        ]);
      });

      it("refuses read-only fields and bad values with field messages", async () => {
        const school = await newSchool();
        const readOnly = await api.call("POST", `/api/schools/update/${school.id}`, {
          token: school.token,
          json: { ...profileBody, school_name: "Renamed", email: "x@example.org" },
        });
        expect(readOnly.status).toBe(400);
        expect(readOnly.body.errors).toEqual([
          { field: "school_name", message: "school_name is not an accepted field" },
          { field: "email", message: "email is not an accepted field" },
        ]);
        const bad = await api.call("POST", `/api/schools/update/${school.id}`, {
          token: school.token,
          json: { ...profileBody, address: " ", board_id: 0 },
        });
        expect(bad.body.errors).toEqual(
          expect.arrayContaining([
            { field: "address", message: "Enter the address" },
            { field: "board_id", message: "Choose the board" },
          ]),
        );
      });

      it("answers 404 for any school but its own, and 403 to roles without the page", async () => {
        const school = await newSchool();
        const [demo] = await api.db.select({ id: users.schoolId }).from(users).where(eq(users.username, "school"));
        const other = await api.call("POST", `/api/schools/update/${demo?.id}`, {
          token: school.token,
          json: profileBody,
        });
        expect(other.status).toBe(404);
        expect(
          (await api.call("POST", "/api/schools/update/999999", { token: school.token, json: profileBody })).status,
        ).toBe(404);
        for (const username of ["admin", "state", "district", "student"]) {
          const token = await api.login(username);
          expect((await api.call("GET", "/api/schools/profile", { token })).status, username).toBe(403);
          const update = await api.call("POST", `/api/schools/update/${school.id}`, { token, json: profileBody });
          expect(update.status, username).toBe(403);
        }
        expect((await api.call("GET", "/api/schools/profile")).status).toBe(401);
        // An institute (role 18) has a school of its own.
        expect((await api.call("GET", "/api/schools/profile", { token: await api.login("institute") })).status).toBe(
          200,
        );
      });

      it("changes the password through the shared change-password endpoint", async () => {
        const school = await newSchool();
        const changed = await api.call("POST", "/api/change-password", {
          token: school.token,
          json: { old_password: DEMO_PASSWORD, new_password: "Fresh#Pass9", confirm_password: "Fresh#Pass9" },
        });
        expect(changed.status).toBe(200);
        await signIn(school.body.username, "Fresh#Pass9");
      });
    });

    describe("admins changing a school", () => {
      it("lets admins 3, 6 and 7 change every field; a new e-mail is unverified and gets a link", async () => {
        const school = await newSchool();
        const body = {
          ...registration(),
          school_name: "Renamed Vidyalaya",
          category_id: 3,
          is_active: false,
          username: undefined,
          password: undefined,
          confirm_password: undefined,
        };
        for (const username of ["admin", "subadmin", "orgteam"]) {
          const result = await api.call("POST", `/api/admin/school/info/update/${school.id}`, {
            token: await api.login(username, "coordinator"),
            json: { ...body, contact_name: `By ${username}` },
          });
          expect(result.status, JSON.stringify(result.body)).toBe(200);
          expect(result.body.data).toMatchObject({
            name: "Renamed Vidyalaya",
            category_id: 3,
            email: body.email,
            email_verified: false,
            is_active: false,
            contact_name: `By ${username}`,
          });
        }
        const [user] = await api.db.select().from(users).where(eq(users.schoolId, school.id));
        expect(user?.email).toBe(body.email);
        const { url } = tokenIn(String((await mailTo(body.email)).mail.html));
        expect(url.origin).toBe(SCHOOL_ORIGIN);
      });

      it("is refused to coordinators and schools (403), 404 for an unknown school, 409 for a taken e-mail", async () => {
        const school = await newSchool();
        const body = { ...registration(), username: undefined, password: undefined, confirm_password: undefined };
        for (const username of ["zonal", "state", "prant", "district", "lms", "paysupport", "school"]) {
          const result = await api.call("POST", `/api/admin/school/info/update/${school.id}`, {
            token: await api.login(username),
            json: body,
          });
          expect(result.status, username).toBe(403);
        }
        const admin = await api.login("admin", "coordinator");
        expect(
          (await api.call("POST", "/api/admin/school/info/update/999999", { token: admin, json: body })).status,
        ).toBe(404);
        const taken = await api.call("POST", `/api/admin/school/info/update/${school.id}`, {
          token: admin,
          json: { ...body, email: "school1@demo.example.org" },
        });
        expect(taken.status).toBe(409);
        expect(taken.body.errors?.[0]?.field).toBe("email");
      });
    });

    describe("bank details", () => {
      const bank = (
        overrides: Record<string, string> = {},
        cheque?: { bytes: Uint8Array<ArrayBuffer>; name: string },
      ) => {
        const form = new FormData();
        const fields = {
          account_holder: "Jnana Prabodhini Trust",
          account_number: "123456789012",
          confirm_account_number: "123456789012",
          ifsc: "sbin0001234",
          bank_name: "State Bank of India",
          branch: "Pune Camp",
          password: DEMO_PASSWORD,
          ...overrides,
        };
        for (const [name, value] of Object.entries(fields)) form.set(name, value);
        if (cheque) form.set("cancelled_cheque", new File([cheque.bytes], cheque.name));
        return form;
      };

      it("saves the school's details with its password, answers only the masked number, and logs it masked", async () => {
        const token = await api.login("school");
        expect((await api.call("GET", "/api/bank-details", { token })).body.data).toBeNull();
        const saved = await api.call("POST", "/api/bank-details", {
          token,
          body: bank({}, { bytes: PNG, name: "cheque.png" }),
        });
        expect(saved.status, JSON.stringify(saved.body)).toBe(200);
        expect(saved.body.data).toMatchObject({
          account_holder: "Jnana Prabodhini Trust",
          account_number_masked: "XXXXXXXX9012",
          ifsc: "SBIN0001234",
          has_cheque: true,
        });
        const read = await api.call("GET", "/api/bank-details", { token });
        expect(JSON.stringify(read.body)).not.toContain("123456789012");
        expect(read.body.data.account_number_masked).toBe("XXXXXXXX9012");

        const [row] = await api.db
          .select()
          .from(bankDetails)
          .where(
            eq(
              bankDetails.updatedBy,
              (await api.db.select({ id: users.id }).from(users).where(eq(users.username, "school")))[0]?.id ?? 0,
            ),
          );
        expect(row?.chequeFileKey).toMatch(/^bank-cheques\/[0-9a-f]{32}\.png$/);
        const firstKey = row?.chequeFileKey ?? "";
        expect(existsSync(path.join(api.uploadDir, firstKey))).toBe(true);
        const cheque = await api.call("GET", "/api/bank-details/cheque", { token });
        expect(cheque.status).toBe(200);
        expect(cheque.headers.get("content-type")).toBe("image/png");
        expect(cheque.headers.get("content-disposition")).toBe('attachment; filename="cancelled-cheque.png"');
        expect(new Uint8Array(cheque.body)).toEqual(PNG);

        // A new cheque (a PDF, read by the files service) replaces the old file.
        const PDF = await pdfWithPages(1, "Cancelled cheque");
        const again = await api.call("POST", "/api/bank-details", {
          token,
          body: bank(
            { account_number: "998877665544", confirm_account_number: "998877665544" },
            { bytes: PDF, name: "scan" },
          ),
        });
        expect(again.status).toBe(200);
        expect(again.body.data.account_number_masked).toBe("XXXXXXXX5544");
        expect(existsSync(path.join(api.uploadDir, firstKey))).toBe(false);
        const replaced = await api.call("GET", "/api/bank-details/cheque", { token });
        expect(replaced.headers.get("content-type")).toBe("application/pdf");
        expect(new Uint8Array(replaced.body)).toEqual(PDF);
        // Admins read it by the school's id; another school's account cannot.
        const schoolId = row?.schoolId ?? 0;
        const admin = await api.login("admin", "coordinator");
        expect((await api.call("GET", `/api/school/${schoolId}/bank-details/cheque`, { token: admin })).status).toBe(
          200,
        );
        expect((await api.call("GET", `/api/school/${schoolId}/bank-details/cheque`, { token })).status).toBe(403);
        expect((await api.call("GET", "/api/school/999999/bank-details/cheque", { token: admin })).status).toBe(404);

        const log = await api.db.select().from(activityLog).where(like(activityLog.action, "bank-details.%"));
        const text = JSON.stringify(log);
        expect(log.map((l) => l.action)).toEqual(["bank-details.create", "bank-details.update"]);
        expect(text).not.toContain("123456789012");
        expect(text).not.toContain("998877665544");
        expect(log[1]?.before).toMatchObject({ account_number: "XXXXXXXX9012" });
        expect(log[1]?.after).toMatchObject({ account_number: "XXXXXXXX5544" });
      });

      it("needs the right password and valid fields; checks the cheque by content", async () => {
        const token = await api.login("school");
        const wrong = await api.call("POST", "/api/bank-details", { token, body: bank({ password: "Wrong@1234" }) });
        expect(wrong.status).toBe(422);
        expect(wrong.body.errors).toEqual([{ field: "password", message: "The password is not correct" }]);
        const bad = await api.call("POST", "/api/bank-details", {
          token,
          body: bank({ confirm_account_number: "1", ifsc: "SBI0001234", account_number: "12ab", password: "" }),
        });
        expect(bad.status).toBe(400);
        const messages = Object.fromEntries(
          (bad.body.errors as { field: string; message: string }[]).map((e) => [e.field, e.message]),
        );
        expect(messages).toMatchObject({
          account_number: "Enter the account number: 9 to 18 digits",
          confirm_account_number: "The account numbers do not match",
          ifsc: "Enter the 11-character IFSC, e.g. SBIN0001234",
          password: "Enter your password to confirm",
        });
        const renamed = await api.call("POST", "/api/bank-details", {
          token,
          body: bank({}, { bytes: new TextEncoder().encode("not an image at all"), name: "cheque.png" }),
        });
        expect(renamed.status).toBe(422);
        expect(renamed.body.errors).toEqual([
          {
            field: "cancelled_cheque",
            message:
              "The cheque must be a JPEG image, a PNG image or a PDF; this file is not a file type we recognise.",
          },
        ]);
      });

      it("opens for a school only above 10 referred students (docs/domain.md, Who may do what), and for master institutes", async () => {
        const school = await newSchool();
        const referTo = async (n: number) => {
          await api.db.execute(
            sql`update students set referred_by_school_id = ${school.id}, referral_status = 'pending' where id in (select id from students where referred_by_school_id is null order by id limit ${n})`,
          );
        };
        await referTo(10);
        expect((await api.call("GET", "/api/bank-details", { token: school.token })).status).toBe(403);
        await referTo(1);
        expect((await api.call("GET", "/api/bank-details", { token: school.token })).status).toBe(200);
        await api.db.execute(
          sql`update students set referred_by_school_id = null, referral_status = null where referred_by_school_id = ${school.id}`,
        );

        expect((await api.call("GET", "/api/bank-details", { token: await api.login("institute") })).status).toBe(403);
        expect((await api.call("GET", "/api/bank-details", { token: await api.login("state") })).status).toBe(403);
        expect((await api.call("GET", "/api/bank-details")).status).toBe(401);
        const master = await api.login("masterinstitute");
        const saved = await api.call("POST", "/api/bank-details", { token: master, body: bank() });
        expect(saved.status, JSON.stringify(saved.body)).toBe(200);
        const rows = await api.db.select().from(bankDetails).where(isNull(bankDetails.schoolId));
        expect(rows).toHaveLength(1);
      });

      it("lets admins read and save any school's details with their own password", async () => {
        const school = await newSchool();
        const admin = await api.login("admin", "coordinator");
        expect((await api.call("GET", `/api/school/${school.id}/bank-details`, { token: admin })).body.data).toBeNull();
        const saved = await api.call("POST", `/api/school/${school.id}/bank-details`, { token: admin, body: bank() });
        expect(saved.status, JSON.stringify(saved.body)).toBe(200);
        const read = await api.call("GET", `/api/school/${school.id}/bank-details`, { token: admin });
        expect(read.body.data.account_number_masked).toBe("XXXXXXXX9012");
        expect((await api.call("GET", "/api/school/999999/bank-details", { token: admin })).status).toBe(404);
        for (const username of ["state", "zonal", "lms", "school"]) {
          const result = await api.call("GET", `/api/school/${school.id}/bank-details`, {
            token: await api.login(username),
          });
          expect(result.status, username).toBe(403);
        }
        const rows = await api.db
          .select()
          .from(bankDetails)
          .where(inArray(bankDetails.schoolId, [school.id]));
        expect(rows).toHaveLength(1);
      });
    });
  });
}
