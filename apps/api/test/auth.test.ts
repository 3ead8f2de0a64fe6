import { ROLE } from "@repo/auth/roles";
import { SIGN_IN_MAX_HOURS } from "@repo/contracts/auth";
import { sessions, smsOutbox, users } from "@repo/db/schema";
import { testDrivers } from "@repo/db/testing";
import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256 } from "../src/kernel/auth/tokens";
import { DEMO_PASSWORD, startTestApi, type TestApi } from "./support";

/** The handoff nonce of the test's one "browser". */
const NONCE = "this-browser-handoff-nonce-0123456789";

for (const driver of testDrivers()) {
  describe(`sign-in on ${driver}`, () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi(driver);
    });
    afterAll(async () => {
      await api?.close();
    });

    describe("POST /api/login", () => {
      it("signs in with the demo password, case-insensitively by username", async () => {
        const result = await api.call("POST", "/api/login", { json: { username: "ADMIN", password: DEMO_PASSWORD } });
        expect(result.status).toBe(200);
        expect(result.body).toMatchObject({
          status: true,
          message: "Login successful",
          data: { user: { username: "admin", role_id: 3 }, mobile_verification_required: false },
        });
        expect(result.body.data.token).toMatch(/^[\w-]{40,}$/);
        // Only a hash of the token is stored.
        const stored = await api.db.select({ hash: sessions.tokenHash }).from(sessions);
        expect(stored.some((s) => s.hash === result.body.data.token)).toBe(false);
      });

      it("answers a wrong password and an unknown user identically", async () => {
        const wrong = await api.call("POST", "/api/login", { json: { username: "lms", password: "Wrong@12345" } });
        const unknown = await api.call("POST", "/api/login", {
          json: { username: "nobody-here", password: "Wrong@12345" },
        });
        expect(wrong.status).toBe(401);
        expect(unknown.status).toBe(401);
        expect(wrong.body).toEqual({ status: false, message: "Login failed", data: null });
        expect(unknown.body).toEqual(wrong.body);
      });

      it("refuses a deactivated account with the same answer", async () => {
        await api.db.update(users).set({ isActive: false }).where(eq(users.username, "translator"));
        const result = await api.call("POST", "/api/login", {
          json: { username: "translator", password: DEMO_PASSWORD },
        });
        expect(result.status).toBe(401);
        expect(result.body.message).toBe("Login failed");
        await api.db.update(users).set({ isActive: true }).where(eq(users.username, "translator"));
      });

      it("names each missing field and rejects unknown ones", async () => {
        const missing = await api.call("POST", "/api/login", { json: {} });
        expect(missing.status).toBe(400);
        expect(missing.body.status).toBe(false);
        expect(missing.body.errors).toEqual([
          { field: "username", message: "username is required" },
          { field: "password", message: "password is required" },
        ]);
        const extra = await api.call("POST", "/api/login", {
          json: { username: "admin", password: DEMO_PASSWORD, role_id: 3 },
        });
        expect(extra.status).toBe(400);
        expect(extra.body.errors).toEqual([{ field: "role_id", message: "role_id is not an accepted field" }]);
        const wrongApp = await api.call("POST", "/api/login", {
          json: { username: "admin", password: DEMO_PASSWORD, app: "intranet" },
        });
        expect(wrongApp.body.errors[0].field).toBe("app");
      });

      it("answers a body that is not JSON with 400 and no parser details", async () => {
        const result = await api.call("POST", "/api/login", {
          body: "{not json",
          headers: { "Content-Type": "application/json" },
        });
        expect(result.status).toBe(400);
        expect(result.body.status).toBe(false);
        expect(JSON.stringify(result.body)).not.toMatch(/SyntaxError|position|Unexpected/);
      });

      // The sign-in limits (wrong passwords per address, per account and address, per account)
      // are tested over a real socket in sign-in-limits.test.ts.
    });

    describe("GET /api/user", () => {
      it("answers 401 without a token or with a revoked one", async () => {
        expect((await api.call("GET", "/api/user")).status).toBe(401);
        const bad = await api.call("GET", "/api/user", { token: "not-a-real-token" });
        expect(bad.status).toBe(401);
        expect(bad.body).toEqual({ status: false, message: "Please sign in to continue.", data: null });
      });

      it("returns every field of the user record for a school", async () => {
        const result = await api.call("GET", "/api/user", { token: await api.login("school") });
        expect(result.status).toBe(200);
        expect(result.body.data).toMatchObject({
          role_id: 2,
          role_name: "School",
          username: "school",
          email: "school@demo.example.org",
          profile_photo: null,
          profile: { full_name: null, designation: null, team: null },
          company_logo: null,
          is_active: 1,
          zone: "W",
          country_id: 1,
          mobile_verified: false,
          user_detail: { school_category_id: 2, assignments: [] },
        });
        // The demo school referred more than 10 students (its bank detail page is unlocked).
        expect(result.body.data.user_detail.referred_student).toBeGreaterThan(10);
      });

      it("lists a coordinator's assignments with their names, and marks GCC users", async () => {
        const state = await api.call("GET", "/api/user", { token: await api.login("state", "coordinator") });
        expect(state.body.data.user_detail.assignments).toEqual([
          expect.objectContaining({ level: "state", coordinatable_name: "Maharashtra" }),
        ]);
        const gcc = await api.call("GET", "/api/user", { token: await api.login("gccstate", "coordinator") });
        expect(gcc.body.data.zone).toBe("GCC");
        expect(gcc.body.data.user_detail.assignments[0].coordinatable_name).toBe("United Arab Emirates");
      });
    });

    describe("POST /api/logout", () => {
      it("revokes the sign-in in every app it reached", async () => {
        const login = await api.call("POST", "/api/login", {
          json: { username: "subadmin", password: DEMO_PASSWORD, app: "school" },
        });
        const schoolToken = login.body.data.token;
        const handoff = await api.call("POST", "/api/handoff", {
          token: schoolToken,
          json: { target_app: "coordinator", browser_nonce: NONCE },
        });
        const redeemed = await api.call("POST", "/api/handoff/redeem", {
          json: { code: handoff.body.data.code, app: "coordinator", browser_nonce: NONCE },
        });
        const coordinatorToken = redeemed.body.data.token;
        expect((await api.call("GET", "/api/user", { token: coordinatorToken })).status).toBe(200);

        const out = await api.call("POST", "/api/logout", { token: coordinatorToken });
        expect(out.status).toBe(200);
        expect(out.body).toEqual({ status: true, message: "Signed out", data: null });
        expect((await api.call("GET", "/api/user", { token: coordinatorToken })).status).toBe(401);
        expect((await api.call("GET", "/api/user", { token: schoolToken })).status).toBe(401);
        expect((await api.call("POST", "/api/logout", { token: schoolToken })).status).toBe(401);
      });
    });

    describe("absolute lifetime of a sign-in", () => {
      it("ends a sign-in SIGN_IN_MAX_HOURS after its login however active, in every app it reached", async () => {
        const token = await api.login("pssubadmin", "papersetter");
        const issued = await api.call("POST", "/api/handoff", {
          token,
          json: { target_app: "school", browser_nonce: NONCE },
        });
        const moved = await api.call("POST", "/api/handoff/redeem", {
          json: { code: issued.body.data.code, app: "school", browser_nonce: NONCE },
        });
        expect(moved.status).toBe(200);
        // Active a minute ago, so the idle expiry is far off; only the start is old.
        const [own] = await api.db
          .select({ signInId: sessions.signInId })
          .from(sessions)
          .where(eq(sessions.tokenHash, sha256(token)));
        await api.db
          .update(sessions)
          .set({ createdAt: new Date(Date.now() - (SIGN_IN_MAX_HOURS * 3600 - 60) * 1000), lastUsedAt: new Date() })
          .where(eq(sessions.signInId, own?.signInId ?? ""));
        expect((await api.call("GET", "/api/user", { token })).status).toBe(200);
        await api.db
          .update(sessions)
          .set({ createdAt: new Date(Date.now() - (SIGN_IN_MAX_HOURS * 3600 + 60) * 1000), lastUsedAt: new Date() })
          .where(eq(sessions.signInId, own?.signInId ?? ""));
        expect((await api.call("GET", "/api/user", { token })).status).toBe(401);
        expect((await api.call("GET", "/api/user", { token: moved.body.data.token })).status).toBe(401);
      });

      it("keeps the sign-in's start for a session added by a handoff", async () => {
        const token = await api.login("psadmin", "papersetter");
        const [own] = await api.db
          .select({ signInId: sessions.signInId })
          .from(sessions)
          .where(eq(sessions.tokenHash, sha256(token)));
        const startedAt = new Date(Date.now() - 3 * 3600 * 1000);
        await api.db
          .update(sessions)
          .set({ createdAt: startedAt })
          .where(eq(sessions.signInId, own?.signInId ?? ""));
        const issued = await api.call("POST", "/api/handoff", {
          token,
          json: { target_app: "school", browser_nonce: NONCE },
        });
        const moved = await api.call("POST", "/api/handoff/redeem", {
          json: { code: issued.body.data.code, app: "school", browser_nonce: NONCE },
        });
        const [added] = await api.db
          .select({ createdAt: sessions.createdAt })
          .from(sessions)
          .where(eq(sessions.tokenHash, sha256(moved.body.data.token)));
        expect(added?.createdAt.getTime()).toBe(startedAt.getTime());
      });
    });

    describe("handoff between apps", () => {
      it("redeems a code once, only for its app, for a session of the same user", async () => {
        const token = await api.login("psadmin", "school");
        const issued = await api.call("POST", "/api/handoff", {
          token,
          json: { target_app: "papersetter", browser_nonce: NONCE },
        });
        expect(issued.status).toBe(200);
        const code = issued.body.data.code;
        expect(new Date(issued.body.data.expires_at).getTime() - Date.now()).toBeLessThanOrEqual(60_000);

        const elsewhere = await api.call("POST", "/api/handoff/redeem", {
          json: { code, app: "outbox", browser_nonce: NONCE },
        });
        expect(elsewhere.status).toBe(401);
        const first = await api.call("POST", "/api/handoff/redeem", {
          json: { code, app: "papersetter", browser_nonce: NONCE },
        });
        expect(first.status).toBe(200);
        expect(first.body.data.user).toMatchObject({ username: "psadmin", role_id: ROLE.papersetterAdmin });
        const replay = await api.call("POST", "/api/handoff/redeem", {
          json: { code, app: "papersetter", browser_nonce: NONCE },
        });
        expect(replay.status).toBe(401);
        expect(replay.body.message).toMatch(/expired or was already used/);
      });

      it("redeems a code only with the browser nonce it was issued for (no login CSRF by link)", async () => {
        const token = await api.login("psadmin", "school");
        const issued = await api.call("POST", "/api/handoff", {
          token,
          json: { target_app: "papersetter", browser_nonce: NONCE },
        });
        const code = issued.body.data.code;
        const victim = await api.call("POST", "/api/handoff/redeem", {
          json: { code, app: "papersetter", browser_nonce: "another-browser-nonce-0123456789" },
        });
        expect(victim.status).toBe(401);
        const missing = await api.call("POST", "/api/handoff/redeem", { json: { code, app: "papersetter" } });
        expect(missing.status).toBe(400);
        expect(missing.body.errors[0].field).toBe("browser_nonce");
        // Its own browser can still use it.
        const own = await api.call("POST", "/api/handoff/redeem", {
          json: { code, app: "papersetter", browser_nonce: NONCE },
        });
        expect(own.status).toBe(200);
      });

      it("refuses an expired code", async () => {
        const token = await api.login("pssubadmin", "school");
        const issued = await api.call("POST", "/api/handoff", {
          token,
          json: { target_app: "papersetter", browser_nonce: NONCE },
        });
        await api.db.execute(sql`update handoff_codes set expires_at = now() - interval '1 second'`);
        const late = await api.call("POST", "/api/handoff/redeem", {
          json: { code: issued.body.data.code, app: "papersetter", browser_nonce: NONCE },
        });
        expect(late.status).toBe(401);
      });

      it("needs a sign-in to issue and a valid target", async () => {
        expect(
          (await api.call("POST", "/api/handoff", { json: { target_app: "outbox", browser_nonce: NONCE } })).status,
        ).toBe(401);
        const bad = await api.call("POST", "/api/handoff", {
          token: await api.login("admin"),
          json: { target_app: "mail", browser_nonce: NONCE },
        });
        expect(bad.status).toBe(400);
        expect(bad.body.errors[0].field).toBe("target_app");
      });
    });

    describe("POST /api/check-username", () => {
      it("says whether a username is free, ignoring case", async () => {
        const taken = await api.call("POST", "/api/check-username", { json: { username: "Admin", token: "client" } });
        expect(taken.body).toEqual({
          status: true,
          message: "This username is already taken",
          data: { available: false },
        });
        const free = await api.call("POST", "/api/check-username", { json: { username: "new.school-42" } });
        expect(free.body.data.available).toBe(true);
        const short = await api.call("POST", "/api/check-username", { json: { username: "ab" } });
        expect(short.status).toBe(400);
        expect(short.body.errors[0]).toEqual({ field: "username", message: "username must be at least 3 characters" });
        const spaced = await api.call("POST", "/api/check-username", { json: { username: "a b c" } });
        expect(spaced.body.errors[0]).toEqual({
          field: "username",
          message: "username may contain only letters, digits and . _ @ -",
        });
      });
    });

    describe("POST /api/change-password", () => {
      const change = (token: string, json: unknown) => api.call("POST", "/api/change-password", { token, json });

      it("enforces every password rule on the server", async () => {
        const token = await api.login("paysupport");
        const cases: [Record<string, string>, string, string][] = [
          [
            { old_password: "", new_password: "Good#2026x", confirm_password: "Good#2026x" },
            "old_password",
            "Password is required",
          ],
          [
            { old_password: DEMO_PASSWORD, new_password: "Sh0rt!", confirm_password: "Sh0rt!" },
            "new_password",
            "Password should have at least 8 symbols",
          ],
          [
            {
              old_password: DEMO_PASSWORD,
              new_password: `Aa1!${"x".repeat(97)}`,
              confirm_password: `Aa1!${"x".repeat(97)}`,
            },
            "new_password",
            "Password should have maximum 100 symbols",
          ],
          [
            { old_password: DEMO_PASSWORD, new_password: "nouppercase1!", confirm_password: "nouppercase1!" },
            "new_password",
            "Password should have at least one uppercase, one lowercase, one special character, one number",
          ],
          [
            { old_password: DEMO_PASSWORD, new_password: "Good#2026x", confirm_password: "Good#2026y" },
            "confirm_password",
            "Password do not match",
          ],
          [
            { old_password: DEMO_PASSWORD, new_password: DEMO_PASSWORD, confirm_password: DEMO_PASSWORD },
            "new_password",
            "Current password cannot be used as new password.",
          ],
        ];
        for (const [body, field, message] of cases) {
          const result = await change(token, body);
          expect(result.status, `${field}: ${message}`).toBe(400);
          expect(result.body.errors).toContainEqual({ field, message });
        }
      });

      it("refuses a wrong current password", async () => {
        const result = await change(await api.login("paysupport"), {
          old_password: "Wrong@12345",
          new_password: "Good#2026x",
          confirm_password: "Good#2026x",
        });
        expect(result.status).toBe(422);
        expect(result.body.errors).toEqual([{ field: "old_password", message: "The current password is not correct" }]);
      });

      it("changes the password, keeps this sign-in and signs out the others", async () => {
        const other = (
          await api.call("POST", "/api/login", { json: { username: "district", password: DEMO_PASSWORD } })
        ).body.data.token;
        const current = (
          await api.call("POST", "/api/login", { json: { username: "district", password: DEMO_PASSWORD } })
        ).body.data.token;
        const result = await change(current, {
          old_password: DEMO_PASSWORD,
          new_password: "Fresh#2026",
          confirm_password: "Fresh#2026",
        });
        expect(result.status).toBe(200);
        expect(result.body.message).toBe("Password changed successfully");
        expect((await api.call("GET", "/api/user", { token: current })).status).toBe(200);
        expect((await api.call("GET", "/api/user", { token: other })).status).toBe(401);
        const old = await api.call("POST", "/api/login", { json: { username: "district", password: DEMO_PASSWORD } });
        expect(old.status).toBe(401);
        const fresh = await api.call("POST", "/api/login", { json: { username: "district", password: "Fresh#2026" } });
        expect(fresh.status).toBe(200);
      });
    });

    describe("mobile verification codes", () => {
      const send = (token: string, mobile: string) =>
        api.call("POST", `/api/send-mobile-otp-after-login?mobile=${encodeURIComponent(mobile)}&type=verify-mobile`, {
          token,
        });
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

      it("texts a 6-digit code (through the outbox) and verifies the number with it once", async () => {
        const token = await api.login("lms");
        const sent = await send(token, "+919812345678");
        expect(sent.status).toBe(200);
        expect(sent.body.data.expires_in_seconds).toBe(600);
        const code = await lastCode("+919812345678");
        expect(code).toMatch(/^\d{6}$/);
        // Stored hashed, never in the clear.
        const stored = await api.db.execute(sql`select code_hash from mobile_otps`);
        expect(JSON.stringify(stored)).not.toContain(code);

        const ok = await api.call("POST", "/api/verify-mobile-otp-after-login", {
          token,
          json: { mobile: "+919812345678", otp: code },
        });
        expect(ok.status).toBe(200);
        expect(ok.body.message).toBe("Mobile number verified");
        const user = await api.call("GET", "/api/user", { token });
        expect(user.body.data).toMatchObject({ mobile: "+919812345678", mobile_verified: true });
        const again = await api.call("POST", "/api/verify-mobile-otp-after-login", {
          token,
          json: { mobile: "+919812345678", otp: code },
        });
        expect(again.status).toBe(422);
      });

      it("counts wrong codes and stops after 5 attempts", async () => {
        const token = await api.login("orgteam", "coordinator");
        await send(token, "+919800000007");
        const code = await lastCode("+919800000007");
        const wrong = code === "000000" ? "111111" : "000000";
        const first = await api.call("POST", "/api/verify-mobile-otp-after-login", {
          token,
          json: { mobile: "+919800000007", otp: wrong },
        });
        expect(first.status).toBe(422);
        expect(first.body.errors[0]).toEqual({ field: "otp", message: "The code is not correct. 4 attempts left." });
        for (let i = 0; i < 4; i++) {
          await api.call("POST", "/api/verify-mobile-otp-after-login", {
            token,
            json: { mobile: "+919800000007", otp: wrong },
          });
        }
        const locked = await api.call("POST", "/api/verify-mobile-otp-after-login", {
          token,
          json: { mobile: "+919800000007", otp: code },
        });
        expect(locked.status).toBe(429);
      });

      it("refuses an expired code and malformed input", async () => {
        const token = await api.login("zonal", "coordinator");
        await send(token, "+919800000008");
        const code = await lastCode("+919800000008");
        await api.db.execute(
          sql`update mobile_otps set expires_at = now() - interval '1 second' where mobile = '+919800000008'`,
        );
        const late = await api.call("POST", "/api/verify-mobile-otp-after-login", {
          token,
          json: { mobile: "+919800000008", otp: code },
        });
        expect(late.status).toBe(422);
        expect(late.body.errors[0].message).toMatch(/expired/);
        const badMobile = await send(token, "12ab");
        expect(badMobile.status).toBe(400);
        expect(badMobile.body.errors[0].field).toBe("mobile");
        const badOtp = await api.call("POST", "/api/verify-mobile-otp-after-login", {
          token,
          json: { mobile: "+919800000008", otp: "12" },
        });
        expect(badOtp.body.errors[0]).toEqual({ field: "otp", message: "otp must be the 6 digits we sent" });
      });

      it("limits how many codes an account may request", async () => {
        const token = await api.login("prant", "coordinator");
        let last = await send(token, "+919800000010");
        for (let i = 0; i < 5; i++) last = await send(token, "+919800000010");
        expect(last.status).toBe(429);
        expect(last.headers.get("retry-after")).toMatch(/^\d+$/);
      });
    });
  });
}
