import { hashPassword } from "@repo/auth/password";
import { ROLES } from "@repo/auth/roles";
import { LOGIN_PAUSES, OTP_MAX_ATTEMPTS, PASSWORD_MESSAGES } from "@repo/contracts/auth";
import {
  PASSWORD_RESET_ANSWER_MS,
  PASSWORD_RESET_LINK_TTL_MINUTES,
  PASSWORD_RESET_MESSAGES,
  PASSWORD_RESET_REQUESTS_PER_CLIENT,
  PASSWORD_RESET_SENDS_PER_ACCOUNT,
  PASSWORD_RESET_SENT,
  RESET_PASSWORD_PATH,
} from "@repo/contracts/password-reset-constants";
import { queryRows } from "@repo/db";
import { users } from "@repo/db/schema";
import { testDrivers } from "@repo/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { appOrigin } from "../src/domains/accounts/password-reset";
import { sha256 } from "../src/kernel/auth/tokens";
import { DEMO_PASSWORD, startTestApi, type TestApi } from "./support";

const NEW_PASSWORD = "Fresh@2026pw";
let network = 0;
/** A fresh network per test, so the per-network limits of one test do not reach another. */
const nextNetwork = () => `198.51.100.${++network}`;

/**
 * Forgotten passwords (docs/decisions/052-forgotten-passwords.md) over a real socket: the API
 * trusts 127.0.0.1 as a proxy, so X-Forwarded-For names the browser's network as an app would.
 */
for (const driver of testDrivers()) {
  describe(`forgotten passwords on ${driver}`, () => {
    let api: TestApi;
    let server: Awaited<ReturnType<TestApi["listen"]>>;
    let from: string;
    /** The demo password's hash, made once: every test starts from it. */
    let demoHash: string;
    beforeAll(async () => {
      // Without the answer's time floor, which only its own test below waits for (decision 069).
      api = await startTestApi(driver, { passwordResetAnswerMs: 0 });
      server = await api.listen();
      demoHash = await hashPassword(DEMO_PASSWORD);
    });
    afterAll(async () => {
      await server?.close();
      await api?.close();
    });
    /** Mails and texts before this test are not its own. */
    let since = { mail: 0, sms: 0 };
    beforeEach(async () => {
      const [now] = await queryRows<typeof since>(
        api.db,
        sql`select (select coalesce(max(id), 0) from mail_messages)::int as mail, (select coalesce(max(id), 0) from sms_outbox)::int as sms`,
      );
      since = now ?? since;
    });
    afterEach(async () => {
      await api.db.execute(sql`delete from rate_limits`);
      // Every test starts from the demo passwords.
      await api.db.update(users).set({ passwordHash: demoHash });
    });

    async function post(path: string, json: unknown, options: { from?: string; token?: string } = {}) {
      const response = await fetch(`${server.url}${path}`, {
        method: path === "/api/user" ? "GET" : "POST",
        headers: {
          "Content-Type": "application/json",
          "X-Forwarded-For": options.from ?? from,
          ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
        },
        ...(path === "/api/user" ? {} : { body: JSON.stringify(json) }),
      });
      return { status: response.status, retryAfter: response.headers.get("retry-after"), body: await response.json() };
    }
    const ask = (login: string, extra: Record<string, string> = {}) =>
      post("/api/password-reset/request", { login, ...extra });
    const reset = (token: string, password = NEW_PASSWORD, app = "school") =>
      post("/api/password-reset", { token, new_password: password, confirm_password: password, app });
    const signIn = (username: string, password: string) => post("/api/login", { username, password });

    /** The reset mails queued to an address, newest first. */
    async function mailsTo(address: string, template = "password-reset-link") {
      const rows = await queryRows<{ variables: Record<string, string> | string }>(
        api.db,
        sql`select variables from mail_messages where to_address = ${address} and template_key = ${template} and id > ${since.mail} order by id desc`,
      );
      return rows.map((row) => ({
        variables: (typeof row.variables === "string" ? JSON.parse(row.variables) : row.variables) as Record<
          string,
          string
        >,
      }));
    }
    async function linkFor(username: string) {
      const [mail] = await mailsTo(`${username}@demo.example.org`);
      const url = new URL(mail?.variables.reset_url ?? "http://missing.invalid/");
      return { url, token: url.searchParams.get("token") ?? "" };
    }
    async function textsTo(mobile: string) {
      const rows = await queryRows<{ body: string }>(
        api.db,
        // The code is a secret variable of the text, masked in its body (decision 051).
        sql`select variables ->> 'code' as body from sms_outbox where "to" = ${mobile} and id > ${since.sms} order by id desc`,
      );
      return rows.map((row) => row.body);
    }

    it("answers an unknown account with the same words, status and time as a known one", async () => {
      from = nextNetwork();
      api.services.config.passwordResetAnswerMs = PASSWORD_RESET_ANSWER_MS;
      onTestFinished(() => {
        api.services.config.passwordResetAnswerMs = 0;
      });
      const timed = async (login: string) => {
        const started = Date.now();
        const answer = await ask(login);
        return { ...answer, ms: Date.now() - started };
      };
      await ask("lms"); // The first mail of a process reads its template: not what is measured here.
      const known = await timed("admin");
      const unknown = await timed("nobody-by-this-name");
      const byAddress = await timed("nobody@nowhere.example.org");
      for (const answer of [known, unknown, byAddress]) {
        expect(answer.status).toBe(200);
        expect(answer.body).toEqual({ status: true, message: PASSWORD_RESET_SENT.email, data: { channel: "email" } });
        expect(answer.ms).toBeGreaterThanOrEqual(PASSWORD_RESET_ANSWER_MS - 5);
      }
      expect(Math.abs(known.ms - unknown.ms)).toBeLessThan(250);
      expect(await mailsTo("admin@demo.example.org")).toHaveLength(1);
      const sms = await ask("nobody-by-this-name", { channel: "sms" });
      expect(sms.body).toEqual({ status: true, message: PASSWORD_RESET_SENT.sms, data: { channel: "sms" } });
    });

    it("gives every role a link to the app it asked from, with which it sets a password and signs in", async () => {
      from = nextNetwork();
      for (const role of ROLES) {
        expect((await ask(role.demoUsername, { app: role.app })).status).toBe(200);
        const { url, token } = await linkFor(role.demoUsername);
        expect(`${url.origin}${url.pathname}`, role.name).toBe(
          `${appOrigin(api.services.config, role.app)}${RESET_PASSWORD_PATH}`,
        );
        const checked = await post("/api/password-reset/check", { token });
        expect(checked.body.data, role.name).toMatchObject({ state: "valid", username: role.demoUsername });
        const done = await reset(token, NEW_PASSWORD, role.app);
        expect(done.status, role.name).toBe(200);
        expect(done.body).toMatchObject({
          message: PASSWORD_RESET_MESSAGES.done,
          data: { username: role.demoUsername },
        });
        expect((await signIn(role.demoUsername, DEMO_PASSWORD)).status, role.name).toBe(401);
        expect((await signIn(role.demoUsername, NEW_PASSWORD)).status, role.name).toBe(200);
        await api.db.execute(sql`delete from rate_limits`);
        await api.db.update(users).set({ passwordHash: demoHash });
      }
    });

    it("finds the account by its e-mail address too, and never mails an inactive account", async () => {
      from = nextNetwork();
      expect((await ask("State@Demo.Example.org")).status).toBe(200);
      expect(await mailsTo("state@demo.example.org")).toHaveLength(1);
      expect((await ask("inactivestudent")).body.message).toBe(PASSWORD_RESET_SENT.email);
      expect(await mailsTo("inactivestudent@demo.example.org")).toHaveLength(0);
    });

    it("keeps only a digest of the link, which works once, for 30 minutes", async () => {
      from = nextNetwork();
      await ask("zonal");
      const { token } = await linkFor("zonal");
      const stored = await queryRows<{ secret_hash: string }>(api.db, sql`select * from password_resets`);
      expect(stored.map((row) => row.secret_hash)).toContain(sha256(token));
      expect(JSON.stringify(stored)).not.toContain(token);
      const checked = await post("/api/password-reset/check", { token });
      const minutes = (Date.parse(checked.body.data.expires_at) - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(PASSWORD_RESET_LINK_TTL_MINUTES - 1);
      expect(minutes).toBeLessThanOrEqual(PASSWORD_RESET_LINK_TTL_MINUTES);

      expect((await reset(token)).status).toBe(200);
      const again = await reset(token, "Other@2026pw");
      expect(again).toMatchObject({ status: 409, body: { message: PASSWORD_RESET_MESSAGES.used } });
      expect((await post("/api/password-reset/check", { token })).body.data).toEqual({
        state: "used",
        username: null,
        expires_at: null,
      });
      expect((await signIn("zonal", NEW_PASSWORD)).status).toBe(200);
    });

    it("says a link is expired after 30 minutes and that an unknown one is not valid", async () => {
      from = nextNetwork();
      await ask("prant");
      const { token } = await linkFor("prant");
      // Thirty minutes and a second later, as the clock would have it.
      await api.db.execute(
        sql`update password_resets set expires_at = now() - interval '1 second', created_at = now() - interval '${sql.raw(String(PASSWORD_RESET_LINK_TTL_MINUTES))} minutes 1 second' where secret_hash = ${sha256(token)}`,
      );
      expect((await post("/api/password-reset/check", { token })).body.data.state).toBe("expired");
      expect(await reset(token)).toMatchObject({ status: 422, body: { message: PASSWORD_RESET_MESSAGES.expired } });
      expect(await reset("x".repeat(43))).toMatchObject({
        status: 404,
        body: { message: PASSWORD_RESET_MESSAGES.unknown },
      });
      expect((await signIn("prant", DEMO_PASSWORD)).status).toBe(200);
    });

    it("retires the older link when a newer one is sent, and says so", async () => {
      from = nextNetwork();
      await ask("district");
      const older = await linkFor("district");
      await ask("district");
      const newer = await linkFor("district");
      expect(newer.token).not.toBe(older.token);
      expect((await post("/api/password-reset/check", { token: older.token })).body).toMatchObject({
        message: PASSWORD_RESET_MESSAGES.superseded,
        data: { state: "superseded" },
      });
      expect(await reset(older.token)).toMatchObject({
        status: 410,
        body: { message: PASSWORD_RESET_MESSAGES.superseded },
      });
      expect((await reset(newer.token)).status).toBe(200);
    });

    it("keeps the password rules, and a refused password leaves the link usable", async () => {
      from = nextNetwork();
      await ask("lms");
      const { token } = await linkFor("lms");
      const weak = await reset(token, "weakpassword");
      expect(weak.status).toBe(400);
      expect(weak.body.errors).toContainEqual({ field: "new_password", message: PASSWORD_MESSAGES.complexity });
      const mismatch = await post("/api/password-reset", {
        token,
        new_password: NEW_PASSWORD,
        confirm_password: "Fresh@2026px",
      });
      expect(mismatch.body.errors).toContainEqual({ field: "confirm_password", message: PASSWORD_MESSAGES.mismatch });
      expect((await post("/api/password-reset/check", { token })).body.data.state).toBe("valid");
    });

    it("ends every session of the account, records it and mails that the password changed", async () => {
      from = nextNetwork();
      const sessions = [
        (await post("/api/login", { username: "orgteam", password: DEMO_PASSWORD, app: "coordinator" })).body.data
          .token,
        (await post("/api/login", { username: "orgteam", password: DEMO_PASSWORD, app: "school" })).body.data.token,
      ];
      for (const token of sessions) expect((await post("/api/user", null, { token })).status).toBe(200);
      await ask("orgteam", { app: "coordinator" });
      expect((await reset((await linkFor("orgteam")).token, NEW_PASSWORD, "coordinator")).status).toBe(200);
      for (const token of sessions) expect((await post("/api/user", null, { token })).status).toBe(401);
      const [changed] = await mailsTo("orgteam@demo.example.org", "password-changed");
      expect(changed?.variables).toMatchObject({
        username: "orgteam",
        login_url: `${api.services.config.otherAppOrigins.coordinator}/login`,
      });
      const [logged] = await queryRows<{ after: { sessions_revoked: number } }>(
        api.db,
        sql`select after from activity_log where action = 'user.reset-forgotten-password' order by id desc limit 1`,
      );
      expect(logged?.after.sessions_revoked).toBeGreaterThanOrEqual(2);
      const open = await queryRows(
        api.db,
        sql`select s.id from sessions s join users u on u.id = s.user_id where u.username = 'orgteam' and s.revoked_at is null`,
      );
      expect(open).toEqual([]);
    });

    it("lets the person sign in at once where wrong passwords had paused the account", async () => {
      from = nextNetwork();
      for (let i = 0; i <= LOGIN_PAUSES.free; i++) await signIn("psadmin", "Wrong@12345");
      expect((await signIn("psadmin", DEMO_PASSWORD)).status).toBe(429);
      await ask("psadmin", { app: "papersetter" });
      expect((await reset((await linkFor("psadmin")).token)).status).toBe(200);
      expect((await signIn("psadmin", NEW_PASSWORD)).status).toBe(200);
    });

    it("sends at most the account's limit of links an hour, answering the same past it", async () => {
      from = nextNetwork();
      for (let i = 0; i < PASSWORD_RESET_SENDS_PER_ACCOUNT.max + 2; i++) {
        expect((await ask("subadmin")).body.message).toBe(PASSWORD_RESET_SENT.email);
      }
      expect(await mailsTo("subadmin@demo.example.org")).toHaveLength(PASSWORD_RESET_SENDS_PER_ACCOUNT.max);
    });

    it("refuses a network past its limit, with how long to wait, and not other networks", async () => {
      from = nextNetwork();
      await api.db.execute(
        sql`insert into rate_limits (key, window_start, hits, expires_at)
            values (${`password-reset:ip:${from}`}, now(), ${PASSWORD_RESET_REQUESTS_PER_CLIENT.max}, now() + interval '1 hour')`,
      );
      const refused = await ask("nobody-by-this-name");
      expect(refused.status).toBe(429);
      expect(refused.retryAfter).toBeTruthy();
      expect(refused.body.message).toMatch(/^Too many password requests from your network\. Try again in \d+ minutes?/);
      expect((await post("/api/password-reset/request", { login: "admin" }, { from: nextNetwork() })).status).toBe(200);
    });

    describe("a student without e-mail, by a code texted to the known mobile", () => {
      let phone: string;
      beforeAll(async () => {
        const [student] = await queryRows<{ contact_phone: string }>(
          api.db,
          sql`update users u set email = '', mobile = null from students s
              where u.username = 'student' and s.id = u.student_id returning s.contact_phone`,
        );
        phone = student?.contact_phone ?? "";
      });
      const codeIn = (text: string | undefined) => text?.match(/^\d{6}$/)?.[0] ?? "";
      const redeem = (code: string, login = "student") => post("/api/password-reset/code", { login, code });

      it("gets no mail but a code by SMS, which is exchanged once for a link's secret", async () => {
        from = nextNetwork();
        expect((await ask("student")).body.message).toBe(PASSWORD_RESET_SENT.email);
        expect(await mailsTo("")).toHaveLength(0);
        expect((await ask("student", { channel: "sms" })).body.message).toBe(PASSWORD_RESET_SENT.sms);
        const [text] = await textsTo(phone);
        const code = codeIn(text);
        expect(code).toMatch(/^\d{6}$/);
        const stored = await queryRows(api.db, sql`select * from password_resets where kind = 'code'`);
        expect(JSON.stringify(stored)).not.toContain(code);

        const wrongCode = code === "000000" ? "111111" : "000000";
        const wrong = await redeem(wrongCode);
        expect(wrong).toMatchObject({
          status: 422,
          body: { errors: [{ field: "code", message: PASSWORD_RESET_MESSAGES.wrongCode }] },
        });
        const right = await redeem(code);
        expect(right.status).toBe(200);
        expect(right.body.data.username).toBe("student");
        expect((await redeem(code)).body.errors[0].message).toBe(PASSWORD_RESET_MESSAGES.wrongCode);
        expect((await reset(right.body.data.token)).status).toBe(200);
        expect((await signIn("student", NEW_PASSWORD)).status).toBe(200);
      });

      it(`ends a code after ${OTP_MAX_ATTEMPTS} wrong tries, and a newer code retires the older`, async () => {
        from = nextNetwork();
        await ask("student", { channel: "sms" });
        const first = codeIn((await textsTo(phone))[0]);
        await ask("student", { channel: "sms" });
        const second = codeIn((await textsTo(phone))[0]);
        if (first !== second) expect((await redeem(first)).status).toBe(422);
        const wrongCode = second === "000000" ? "111111" : "000000";
        for (let i = first !== second ? 1 : 0; i < OTP_MAX_ATTEMPTS; i++)
          expect((await redeem(wrongCode)).status).toBe(422);
        expect((await redeem(second)).status).toBe(422);
      });

      it("answers an account without any known mobile the same, and texts nothing", async () => {
        from = nextNetwork();
        expect((await ask("psadmin", { channel: "sms" })).body.message).toBe(PASSWORD_RESET_SENT.sms);
        expect(await queryRows(api.db, sql`select id from sms_outbox where id > ${since.sms}`)).toEqual([]);
        expect((await redeem("123456", "psadmin")).status).toBe(422);
      });
    });
  });
}
