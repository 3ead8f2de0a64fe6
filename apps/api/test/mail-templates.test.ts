import { BUILT_IN_TEMPLATE_KEYS } from "@repo/contracts/mail-constants";
import { activityLog, mailMessages, mailTemplates } from "@repo/db/schema";
import { testDrivers } from "@repo/db/testing";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueMail, ensureBuiltInTemplates } from "../src/domains/mail/index";
import { ApiError } from "../src/kernel/http/errors";
import { startTestApi, type TestApi } from "./support";

for (const driver of testDrivers()) {
  describe(`mail templates on ${driver}`, () => {
    let api: TestApi;
    let outbox: string;
    beforeAll(async () => {
      api = await startTestApi(driver);
      outbox = await api.login("outbox", "outbox");
    });
    afterAll(async () => {
      await api?.close();
    });
    const post = (path: string, json: unknown, token = outbox) => api.call("POST", path, { token, json });
    const create = (overrides: Record<string, unknown> = {}) =>
      post("/api/mail/templates", {
        key: "exam-reminder",
        language: "en",
        name: "Exam reminder",
        subject: "Your exam on {{ exam_date }}",
        body: "<p>Dear {{ name }},</p><p>Your exam is on {{ exam_date }}.</p>",
        ...overrides,
      });

    describe("built-in templates", () => {
      it("are there in English and Hindi, real Hindi, enabled", async () => {
        const all = await post("/api/mail/templates/list", { per_page: 100 });
        expect(all.status).toBe(200);
        const items: { key: string; language: string; subject: string; body: string; built_in: boolean }[] =
          all.body.data.items;
        for (const key of BUILT_IN_TEMPLATE_KEYS) {
          const en = items.find((t) => t.key === key && t.language === "en");
          const hi = items.find((t) => t.key === key && t.language === "hi");
          expect(en, key).toMatchObject({ built_in: true, enabled: true, version: 1 });
          expect(hi, key).toMatchObject({ built_in: true, enabled: true, version: 1 });
          expect(hi?.body).toMatch(/[\u0900-\u097F]{4}/); // Devanagari text
          expect(hi?.body).not.toBe(en?.body);
        }
        const verification = items.find((t) => t.key === "school-email-verification" && t.language === "en");
        expect(verification).toMatchObject({ variables: ["school_name", "verify_url", "expires_hours"] });
        const hindi = await post("/api/mail/templates/list", { language: "hi" });
        expect(hindi.body.data.total).toBe(BUILT_IN_TEMPLATE_KEYS.length);
      });

      it("are seeded idempotently and never overwrite an edited one", async () => {
        const [template] = await api.db
          .select()
          .from(mailTemplates)
          .where(and(eq(mailTemplates.key, "results-published"), eq(mailTemplates.language, "en")));
        const edited = await post(`/api/mail/templates/${template?.id}`, {
          name: "Results published",
          subject: "Results: {{ level }}",
          body: "<p>Hello {{ student_name }}, see {{ results_url }}</p>",
        });
        expect(edited.status).toBe(200);
        expect(await ensureBuiltInTemplates(api.db)).toBe(0);
        const detail = await api.call("GET", `/api/mail/templates/${template?.id}`, { token: outbox });
        expect(detail.body.data).toMatchObject({ version: 2, subject: "Results: {{ level }}" });
      });
    });

    describe("saving", () => {
      it("refuses a syntax error with 422 naming the field, the line and the column", async () => {
        const body = await create({ body: "<p>Hello</p>\n<p>Line two</p>\n<p>Dear {{ name, welcome</p>" });
        expect(body.status).toBe(422);
        expect(body.body).toMatchObject({
          status: false,
          message: "line 3, column 9: '{{' is not closed with '}}'",
          errors: [{ field: "body", message: "line 3, column 9: '{{' is not closed with '}}'" }],
        });
        const subject = await create({ subject: "Hello }} there" });
        expect(subject.body.errors).toEqual([
          { field: "subject", message: "line 1, column 7: '}}' closes a variable that was never opened with '{{'" },
        ]);
        const name = await create({ body: "<p>{{ Name }}</p>" });
        expect(name.body.errors[0].message).toBe(
          'line 1, column 4: "Name" is not a variable name: use lower-case letters, digits and _ (e.g. {{ school_name }})',
        );
      });

      it("creates version 1, sanitises the body, and logs who did it", async () => {
        const created = await create({
          body: '<p onclick="steal()">Dear {{ name }},</p><script>alert("x")</script><p>On {{ exam_date }}.</p><a href="javascript:alert(1)">x</a>',
        });
        expect(created.status).toBe(200);
        expect(created.body.message).toBe("Template created successfully");
        const data = created.body.data;
        expect(data).toMatchObject({
          key: "exam-reminder",
          language: "en",
          version: 1,
          enabled: true,
          built_in: false,
          variables: ["exam_date", "name"],
          updated_by: "Demo Outbox",
        });
        expect(data.body).toBe("<p>Dear {{ name }},</p><p>On {{ exam_date }}.</p><a>x</a>");
        expect(data.versions).toHaveLength(1);
        const log = await api.db.select().from(activityLog).where(eq(activityLog.action, "mail_template.create"));
        expect(log.at(-1)?.entityId).toBe(String(data.id));
      });

      it("refuses a second template with the same key and language (409), allows another language", async () => {
        const duplicate = await create();
        expect(duplicate.status).toBe(409);
        expect(duplicate.body.message).toBe(
          'A template "exam-reminder" in English already exists. Open it and save a new version instead.',
        );
        const hindi = await create({ language: "hi", subject: "परीक्षा {{ exam_date }} को", body: "<p>{{ name }}</p>" });
        expect(hindi.status).toBe(200);
      });

      it("saves every change as a new version", async () => {
        const [template] = await api.db
          .select()
          .from(mailTemplates)
          .where(and(eq(mailTemplates.key, "exam-reminder"), eq(mailTemplates.language, "en")));
        const updated = await post(`/api/mail/templates/${template?.id}`, {
          name: "Exam reminder (final)",
          subject: "Reminder: exam on {{ exam_date }}",
          body: "<p>Dear {{ name }}, bring your admit card on {{ exam_date }}.</p>",
        });
        expect(updated.status).toBe(200);
        expect(updated.body.data).toMatchObject({
          name: "Exam reminder (final)",
          version: 2,
          subject: "Reminder: exam on {{ exam_date }}",
        });
        expect(updated.body.data.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
        expect(updated.body.data.versions[1].subject).toBe("Your exam on {{ exam_date }}");
        const missing = await post("/api/mail/templates/999999", { name: "Nope", subject: "x", body: "<p>x</p>" });
        expect(missing.status).toBe(404);
        const broken = await post(`/api/mail/templates/${template?.id}`, {
          name: "Broken",
          subject: "x {{",
          body: "<p>x</p>",
        });
        expect(broken.status).toBe(422);
        expect(broken.body.errors[0]).toEqual({
          field: "subject",
          message: "line 1, column 3: '{{' is not closed with '}}'",
        });
      });

      it("refuses line breaks in a subject (400) and a body over 1 MB (413)", async () => {
        const injected = await create({ key: "injected", subject: "Hello\r\nBcc: everyone@x.test" });
        expect(injected.status).toBe(400);
        expect(injected.body.errors).toEqual([
          { field: "subject", message: "The subject must be one line (no line breaks)" },
        ]);
        const big = await create({ key: "big-one", body: "é".repeat(500_001) });
        expect(big.status).toBe(413);
        expect(big.body.message).toMatch(/^The body can be at most 1 MB/);
        const nul = await create({ key: "nul-one", name: "Nul\u0000name" });
        expect(nul.status).toBe(400);
        expect(nul.body.errors).toEqual([{ field: "name", message: "name cannot contain NUL characters (\\u0000)" }]);
        // An id no integer column can hold is the caller's mistake: 400 naming it (decision 029).
        const far = await api.call("GET", "/api/mail/templates/99999999999", { token: outbox });
        expect(far.status).toBe(400);
        expect(far.body.errors[0].field).toBe("id");
        const badKey = await create({ key: "Exam Reminder" });
        expect(badKey.status).toBe(400);
        expect(badKey.body.errors[0].field).toBe("key");
      });

      it("enables and disables a template; pickers list enabled ones only", async () => {
        const [template] = await api.db
          .select()
          .from(mailTemplates)
          .where(and(eq(mailTemplates.key, "exam-reminder"), eq(mailTemplates.language, "hi")));
        const off = await post(`/api/mail/templates/${template?.id}/enabled`, { enabled: false });
        expect(off.status).toBe(200);
        expect(off.body).toMatchObject({ message: "Template disabled", data: { enabled: false } });
        const admin = await api.login("admin", "coordinator");
        const options = await api.call("GET", "/api/mail/templates/options", { token: admin });
        expect(options.status).toBe(200);
        const keys = options.body.data.map((o: { key: string; language: string }) => `${o.key}/${o.language}`);
        expect(keys).toContain("exam-reminder/en");
        expect(keys).not.toContain("exam-reminder/hi");
        expect(options.body.data.find((o: { key: string }) => o.key === "student-credentials")).toMatchObject({
          name: "Student sign-in details",
          variables: ["student_name", "username", "password", "login_url"],
        });
        // Mail asked for in Hindi now goes in English.
        const id = await enqueueMail(api.db, {
          templateKey: "exam-reminder",
          language: "hi",
          to: "student@school.test",
          variables: { name: "Asha", exam_date: "12 December" },
        });
        const [message] = await api.db.select().from(mailMessages).where(eq(mailMessages.id, id));
        expect(message).toMatchObject({ language: "en", subject: "Reminder: exam on 12 December" });
        const on = await post(`/api/mail/templates/${template?.id}/enabled`, { enabled: true });
        expect(on.body.data.enabled).toBe(true);
        const log = await api.db.select().from(activityLog).where(eq(activityLog.action, "mail_template.disable"));
        expect(log).toHaveLength(1);
      });

      it("is for the outbox only (403 for admins and coordinators)", async () => {
        for (const username of ["admin", "state"]) {
          const token = await api.login(username, "coordinator");
          expect((await post("/api/mail/templates/list", {}, token)).status, username).toBe(403);
          const created = await post(
            "/api/mail/templates",
            { key: "sneaky", language: "en", name: "Sneaky", subject: "x", body: "<p>x</p>" },
            token,
          );
          expect(created.status, username).toBe(403);
          expect((await post("/api/mail/templates/preview", { subject: "x", body: "x" }, token)).status).toBe(403);
        }
      });
    });

    describe("preview", () => {
      it("renders the layout, escapes values, shows missing ones as {{ name }} and lists them", async () => {
        const result = await post("/api/mail/templates/preview", {
          subject: "Hello {{ name }} from {{ school }}",
          body: "<p>Dear {{ name }},</p><p>{{ note }}</p><script>x()</script>",
          variables: { name: "<b>Asha</b>", note: "Fees & dates" },
        });
        expect(result.status).toBe(200);
        const data = result.body.data;
        expect(data.subject).toBe("Hello <b>Asha</b> from {{ school }}");
        expect(data.html).toContain("<p>Dear &lt;b&gt;Asha&lt;/b&gt;,</p><p>Fees &amp; dates</p>");
        expect(data.html).not.toContain("<script>");
        expect(data.html).toMatch(/^<!DOCTYPE html>/);
        expect(data.html).toContain("Exam Portal");
        expect(data.text).toContain("Dear <b>Asha</b>,");
        expect(data.text).toContain("Fees & dates");
        expect(data.variables).toEqual(["name", "school", "note"]);
        expect(data.missing).toEqual(["school"]);
        const hindi = await post("/api/mail/templates/preview", {
          subject: "नमस्ते",
          body: "<p>नमस्ते</p>",
          language: "hi",
        });
        expect(hindi.body.data.html).toContain('lang="hi"');
        expect(hindi.body.data.text).toContain("आपको यह ई-मेल इसलिए मिला है");
        const urdu = await post("/api/mail/templates/preview", { subject: "x", body: "<p>x</p>", language: "ur" });
        expect(urdu.body.data.html).toContain('dir="rtl"');
        const bad = await post("/api/mail/templates/preview", { subject: "x", body: "<p>}}</p>" });
        expect(bad.status).toBe(422);
        expect(bad.body.errors[0].field).toBe("body");
      });
    });

    describe("enqueueMail", () => {
      const enqueue = (overrides: Partial<Parameters<typeof enqueueMail>[1]> = {}) =>
        enqueueMail(api.db, {
          templateKey: "password-reset-code",
          language: "en",
          to: "user@school.test",
          variables: { name: "Asha", code: "123456", expires_minutes: "10" },
          ...overrides,
        });
      const refusal = async (run: () => Promise<unknown>) => {
        try {
          await run();
        } catch (error) {
          if (error instanceof ApiError) return { status: error.status, message: error.message, errors: error.errors };
          throw error;
        }
        throw new Error("expected a refusal");
      };

      it("queues a message with its subject filled and the template's values only", async () => {
        const id = await enqueue({ variables: { name: "Asha", code: "123456", expires_minutes: "10", extra: "x" } });
        const [message] = await api.db.select().from(mailMessages).where(eq(mailMessages.id, id));
        expect(message).toMatchObject({
          toAddress: "user@school.test",
          status: "queued",
          templateKey: "password-reset-code",
          language: "en",
          subject: "Your password reset code",
          variables: { name: "Asha", code: "123456", expires_minutes: "10" },
          campaignId: null,
        });
      });

      it("refuses missing values, bad addresses, unknown templates, line breaks and script links", async () => {
        expect(await refusal(() => enqueue({ variables: { name: "Asha" } }))).toMatchObject({
          status: 422,
          message: "These variables have no value: code, expires_minutes. Give a value for each of them.",
        });
        expect(await refusal(() => enqueue({ to: "not an address" }))).toMatchObject({
          status: 422,
          errors: [{ field: "to", message: "Enter a valid e-mail address, like office@school.org" }],
        });
        expect(await refusal(() => enqueue({ to: "a@school.test\r\nBcc: b@school.test" }))).toMatchObject({
          status: 400,
        });
        expect(await refusal(() => enqueue({ cc: ["fine@school.test", "bad"] }))).toMatchObject({
          errors: [{ field: "cc.1", message: "Enter a valid e-mail address, like office@school.org" }],
        });
        expect(await refusal(() => enqueue({ templateKey: "nope" }))).toMatchObject({ status: 422 });
        // A value that lands in the subject may not carry a line break (no header injection).
        expect(
          await refusal(() =>
            enqueueMail(api.db, {
              templateKey: "school-email-verification",
              language: "en",
              to: "office@school.test",
              variables: { school_name: "X\r\nBcc: x@y.test", verify_url: "https://x.test/v", expires_hours: "48" },
            }),
          ),
        ).toMatchObject({ status: 400, errors: [{ field: "variables.school_name" }] });
        expect(
          await refusal(() =>
            enqueueMail(api.db, {
              templateKey: "school-email-verification",
              language: "en",
              to: "office@school.test",
              variables: { school_name: "X", verify_url: "javascript:alert(1)", expires_hours: "48" },
            }),
          ),
        ).toMatchObject({ status: 422, errors: [{ field: "variables.verify_url" }] });
      });

      it("queues inside the caller's transaction: nothing is queued when it rolls back", async () => {
        const before = (await api.db.select().from(mailMessages)).length;
        await api.db
          .transaction(async (tx) => {
            await enqueueMail(tx, {
              templateKey: "password-reset-code",
              language: "hi",
              to: "rollback@school.test",
              variables: { name: "Asha", code: "1", expires_minutes: "10" },
            });
            throw new Error("the caller's work failed");
          })
          .catch(() => {});
        expect((await api.db.select().from(mailMessages)).length).toBe(before);
        await api.db.transaction(async (tx) => {
          await enqueueMail(tx, {
            templateKey: "password-reset-code",
            language: "hi",
            to: "commit@school.test",
            variables: { name: "आशा", code: "2", expires_minutes: "10" },
          });
        });
        const [message] = await api.db
          .select()
          .from(mailMessages)
          .where(eq(mailMessages.toAddress, "commit@school.test"));
        expect(message).toMatchObject({ language: "hi", subject: "आपका पासवर्ड रीसेट कोड" });
      });

      it("queues two simultaneous first uses of a just-edited template, both on its one content", async () => {
        const [template] = await api.db
          .select()
          .from(mailTemplates)
          .where(and(eq(mailTemplates.key, "payment-receipt"), eq(mailTemplates.language, "en")));
        const edited = await api.call("GET", `/api/mail/templates/${template?.id}`, { token: outbox });
        const saved = await post(`/api/mail/templates/${template?.id}`, {
          name: edited.body.data.name,
          subject: `${edited.body.data.subject} (edited)`,
          body: edited.body.data.body,
        });
        expect(saved.status).toBe(200);
        const variables = Object.fromEntries((edited.body.data.variables as string[]).map((name) => [name, "x"]));
        const mail = (to: string) => ({ templateKey: "payment-receipt", language: "en", to, variables });
        // The first use makes the version's content row in a transaction still open when the second
        // use runs into the same row: the second must wait and answer that row, not nothing.
        let release = () => {};
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        let first: Promise<number> | undefined;
        const inserted = new Promise<void>((resolve) => {
          first = api.db.transaction(async (tx) => {
            const id = await enqueueMail(tx, mail("first@school.test"));
            resolve();
            await held;
            return id;
          });
        });
        await inserted;
        const second = enqueueMail(api.db, mail("second@school.test"));
        setTimeout(release, 300);
        const ids = await Promise.all([first, second]);
        const rows = await api.db
          .select()
          .from(mailMessages)
          .where(inArray(mailMessages.id, ids as number[]));
        expect(rows).toHaveLength(2);
        expect(new Set(rows.map((row) => row.contentId)).size).toBe(1);
        expect(rows[0]?.subject).toMatch(/\(edited\)$/);
      });
    });
  });
}
