import { ROLE } from "@repo/auth/roles";
import { queryRows } from "@repo/db";
import { activityLog, assignments, mailMessages, prants, schools, states, students, users } from "@repo/db/schema";
import { testDrivers } from "@repo/db/testing";
import { and, eq, type SQL, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runNextJob } from "../src/kernel/jobs/jobs";
import { jobHandlers } from "../src/services";
import { startTestApi, type TestApi } from "./support";

const logger = pino({ level: "silent" });

for (const driver of testDrivers()) {
  describe(`mail audiences and campaigns on ${driver}`, () => {
    let api: TestApi;
    let admin: string;
    let outbox: string;
    let stateCoordinator: string;
    let maharashtra: number;
    let karnataka: number;
    let uttarPradesh: number;
    let gujarat: number;

    /** Adds an active user (a school account of a school, or a coordinator assigned to a node). */
    async function addUser(roleId: number, username: string, extra: Partial<typeof users.$inferInsert> = {}) {
      const [row] = await api.db
        .insert(users)
        .values({
          username,
          email: `${username}@people.test`,
          name: `Person ${username}`,
          roleId,
          passwordHash: "x",
          ...extra,
        })
        .returning({ id: users.id });
      return Number(row?.id);
    }

    beforeAll(async () => {
      api = await startTestApi(driver);
      admin = await api.login("admin", "coordinator");
      outbox = await api.login("outbox", "outbox");
      stateCoordinator = await api.login("state", "coordinator");
      const stateId = async (name: string) =>
        Number((await api.db.select({ id: states.id }).from(states).where(eq(states.name, name)))[0]?.id);
      maharashtra = await stateId("Maharashtra");
      karnataka = await stateId("Karnataka");
      uttarPradesh = await stateId("Uttar Pradesh");
      gujarat = await stateId("Gujarat");
      // School accounts for schools outside Maharashtra, and coordinators below the state level in
      // and outside it, so that scoping has something to leave out.
      const outside = await api.db
        .select({ id: schools.id, stateId: schools.stateId })
        .from(schools)
        .where(sql`${schools.stateId} in (${karnataka}, ${uttarPradesh})`)
        .limit(4);
      for (const [i, school] of outside.entries())
        await addUser(ROLE.school, `outside-school-${i}`, { schoolId: school.id });
      const inside = await api.db
        .select({ id: schools.id })
        .from(schools)
        .where(and(eq(schools.stateId, maharashtra), sql`${schools.id} > 3`))
        .limit(3);
      for (const [i, school] of inside.entries())
        await addUser(ROLE.school, `inside-school-${i}`, { schoolId: school.id });
      const prantId = async (name: string) =>
        Number((await api.db.select({ id: prants.id }).from(prants).where(eq(prants.name, name)))[0]?.id);
      const konkanCoordinator = await addUser(ROLE.prantCoordinator, "konkan-prant");
      await api.db.insert(assignments).values({ userId: konkanCoordinator, prantId: await prantId("Konkan") });
      const awadhCoordinator = await addUser(ROLE.prantCoordinator, "awadh-prant");
      await api.db.insert(assignments).values({ userId: awadhCoordinator, prantId: await prantId("Awadh") });
    });
    afterAll(async () => {
      await api?.close();
    });

    const scalar = async (query: SQL) => Number((await queryRows<{ n: number }>(api.db, query))[0]?.n);
    const post = (path: string, json: unknown, token = admin) => api.call("POST", path, { token, json });
    const count = (audience: unknown, token = admin) => post("/api/mail/audience/count", { audience }, token);
    const runJobs = async () => {
      while (await runNextJob(api.db, jobHandlers(api.services), { runnerId: "test-runner", log: logger }));
    };
    /** Every address of the audience (count gives 5 of them; the expansion gives all). */
    const stateOfSchoolAccount = async (email: string) => {
      const [row] = await api.db
        .select({ stateId: schools.stateId })
        .from(users)
        .innerJoin(schools, eq(schools.id, users.schoolId))
        .where(sql`lower(${users.email}) = lower(${email})`);
      return row?.stateId;
    };

    describe("counting", () => {
      it("counts a pasted list: duplicates removed regardless of case, every invalid address with its reason", async () => {
        const result = await count({
          kind: "list",
          addresses: [
            "office@school.test",
            "OFFICE@School.test",
            "Principal Rao <principal@school.test>",
            "not-an-address",
            "",
            "also@bad",
          ],
        });
        expect(result.status).toBe(200);
        expect(result.body.data.count).toBe(2);
        expect(result.body.data.invalid_total).toBe(3);
        expect(result.body.data.invalid.map((i: { address: string }) => i.address)).toEqual([
          "not-an-address",
          "",
          "also@bad",
        ]);
        for (const invalid of result.body.data.invalid) expect(invalid.reason).toMatch(/e-mail address/);
        expect(result.body.data.sample).toEqual([
          { email: "office@school.test", name: "office@school.test" },
          { email: "principal@school.test", name: "Principal Rao" },
        ]);
      });

      it("refuses a pasted address holding a line break with 400 (header injection)", async () => {
        const result = await count({
          kind: "list",
          addresses: ["ok@school.test", "evil@school.test\r\nBcc: all@school.test"],
        });
        expect(result.status).toBe(400);
        expect(result.body.errors).toEqual([
          { field: "audience.addresses.1", message: "An address must be one line: line breaks are not allowed" },
        ]);
      });

      it("counts schools by payment, at their contact address", async () => {
        const schoolsWhere = (where: SQL) =>
          scalar(sql`select count(distinct lower(s.email))::int as n from ${schools} s where s.is_active and ${where}`);
        const paidStudent = sql`exists (select 1 from ${students} st where st.school_id = s.id and st.payment_status = 'paid')`;
        const paid = await count({ kind: "schools", payment: "paid" });
        expect(paid.body.data.count).toBe(await schoolsWhere(paidStudent));
        const unpaid = await count({ kind: "schools", payment: "unpaid", state_ids: [maharashtra] });
        expect(unpaid.body.data.count).toBe(
          await schoolsWhere(
            sql`s.state_id = ${maharashtra} and exists (select 1 from ${students} st where st.school_id = s.id) and not ${paidStudent}`,
          ),
        );
        const any = await count({ kind: "schools", payment: "any" });
        expect(any.body.data.count).toBe(await schoolsWhere(sql`true`));
        expect(any.body.data.sample).toHaveLength(5);
      });

      it("keeps a state coordinator's audience inside its state, whatever the filters say", async () => {
        const mine = await count({ kind: "roles", role_ids: [ROLE.school, ROLE.institute] }, stateCoordinator);
        expect(mine.status).toBe(200);
        // The demo school and institute, and the three added inside Maharashtra.
        expect(mine.body.data.count).toBe(5);
        const admins = await count({ kind: "roles", role_ids: [ROLE.school, ROLE.institute] });
        expect(admins.body.data.count).toBe(9);
        // Expand it for real and look at every recipient.
        const sent = await post(
          "/api/mail/send",
          {
            audience: { kind: "roles", role_ids: [ROLE.school, ROLE.institute] },
            subject: "Registration closes soon",
            body: "<p>Dear {{ name }}, registrations close on Friday.</p>",
          },
          stateCoordinator,
        );
        expect(sent.status).toBe(202);
        await runJobs();
        const recipients = await api.db
          .select({ to: mailMessages.toAddress })
          .from(mailMessages)
          .where(eq(mailMessages.campaignId, sent.body.data.id));
        expect(recipients).toHaveLength(5);
        for (const { to } of recipients) expect(await stateOfSchoolAccount(to)).toBe(maharashtra);

        // Filters outside its state intersect to nobody.
        const elsewhere = await count(
          { kind: "roles", role_ids: [ROLE.school], state_ids: [karnataka, uttarPradesh] },
          stateCoordinator,
        );
        expect(elsewhere.body.data.count).toBe(0);
        // An id no integer column can hold is the caller's mistake: 400 naming it (decision 029).
        const noSuchState = await count({ kind: "schools", payment: "any", state_ids: [99_999_999_999] });
        expect(noSuchState.status).toBe(400);
        expect(noSuchState.body.errors[0].field).toBe("audience.state_ids.0");
        const otherZone = await count({ kind: "schools", payment: "any", zone_id: 5 }, stateCoordinator);
        expect(otherZone.body.data.count).toBe(0);
        const schoolsMine = await count({ kind: "schools", payment: "any" }, stateCoordinator);
        expect(schoolsMine.body.data.count).toBe(
          await scalar(
            sql`select count(distinct lower(email))::int as n from ${schools} where is_active and state_id = ${maharashtra}`,
          ),
        );
      });

      it("lets a state coordinator mail the coordinators below it in its state only", async () => {
        const result = await count({ kind: "roles", role_ids: [ROLE.prantCoordinator] }, stateCoordinator);
        // The demo prant coordinator (Paschim Maharashtra) and Konkan's, not Awadh's.
        expect(result.body.data.count).toBe(2);
        expect(result.body.data.sample.map((s: { email: string }) => s.email).sort()).toEqual([
          "konkan-prant@people.test",
          "prant@demo.example.org",
        ]);
        const all = await count({ kind: "roles", role_ids: [ROLE.prantCoordinator] });
        expect(all.body.data.count).toBe(3);
      });

      it("refuses what a coordinator may not mail: admins, its own level and above, pasted lists (403)", async () => {
        const adminsRefused = await count({ kind: "roles", role_ids: [ROLE.admin] }, stateCoordinator);
        expect(adminsRefused.status).toBe(403);
        expect(adminsRefused.body.message).toBe(
          "You cannot mail Admin: a coordinator mails school accounts and coordinators of the levels below its own.",
        );
        expect(adminsRefused.body.errors[0].field).toBe("audience.role_ids");
        expect((await count({ kind: "roles", role_ids: [ROLE.zonalCoordinator] }, stateCoordinator)).status).toBe(403);
        expect((await count({ kind: "roles", role_ids: [ROLE.stateCoordinator] }, stateCoordinator)).status).toBe(403);
        const list = await count({ kind: "list", addresses: ["a@school.test"] }, stateCoordinator);
        expect(list.status).toBe(403);
        expect(list.body.message).toMatch(/^Only admins and the outbox can mail pasted addresses/);
        const district = await api.login("district", "coordinator");
        expect((await count({ kind: "roles", role_ids: [ROLE.districtCoordinator] }, district)).status).toBe(403);
        expect((await count({ kind: "roles", role_ids: [ROLE.school] }, district)).status).toBe(200);
        // Sending is refused the same way, before anything is saved.
        const send = await post(
          "/api/mail/send",
          { audience: { kind: "list", addresses: ["a@school.test"] }, subject: "Hi", body: "<p>Hi</p>" },
          stateCoordinator,
        );
        expect(send.status).toBe(403);
      });

      it("refuses school accounts and other roles without mail.send everywhere (403)", async () => {
        for (const username of ["school", "institute", "masterinstitute", "student", "lms", "psadmin"]) {
          const token = await api.login(username);
          expect((await count({ kind: "schools", payment: "any" }, token)).status, username).toBe(403);
          expect((await post("/api/mail/campaigns/list", {}, token)).status, username).toBe(403);
          expect((await api.call("GET", "/api/mail/templates/options", { token })).status, username).toBe(403);
        }
        expect((await api.call("POST", "/api/mail/audience/count", { json: {} })).status).toBe(401);
      });

      it("ignores region filters for roles that have no place in the tree", async () => {
        const result = await count({ kind: "roles", role_ids: [ROLE.admin, ROLE.subAdmin], state_ids: [gujarat] });
        expect(result.body.data.count).toBe(2);
      });
    });

    describe("sending", () => {
      it("sends a composed mail to a pasted list: 202, a job, then one queued message per address", async () => {
        const sent = await post("/api/mail/send", {
          audience: {
            kind: "list",
            addresses: ["one@list.test", "Two Person <two@list.test>", "ONE@list.test", "broken"],
          },
          subject: "Exam day {{ exam_date }} for {{ name }}",
          body: "<p>Dear {{ name }},</p><p>The exam is on {{ exam_date }}. Write to us at {{ email }}.</p><script>x()</script>",
          variables: { exam_date: "12 December" },
        });
        expect(sent.status).toBe(202);
        expect(sent.body.message).toBe("Sending to 4 pasted addresses");
        expect(sent.body.data).toMatchObject({
          subject: "Exam day 12 December for {{ name }}",
          template_key: null,
          audience: "4 pasted addresses",
          status: "preparing",
          total: 0,
          created_by: "Demo Admin",
        });
        const jobId = sent.body.data.job_id;
        expect(jobId).toEqual(expect.any(Number));
        const queued = await api.call("GET", `/api/jobs/${jobId}`, { token: admin });
        expect(queued.body.data).toMatchObject({ kind: "mail.campaign", status: "queued" });

        await runJobs();
        const job = await api.call("GET", `/api/jobs/${jobId}`, { token: admin });
        expect(job.body.data).toMatchObject({
          status: "done",
          progress: { done: 2, total: 2 },
          result: { recipients: 2, queued: 2, invalid: 1 },
        });
        const campaign = await api.call("GET", `/api/mail/campaigns/${sent.body.data.id}`, { token: admin });
        expect(campaign.body.data).toMatchObject({ status: "sending", total: 2, invalid: 1 });
        expect(campaign.body.data.counts).toEqual({ queued: 2, sending: 0, sent: 0, failed: 0, cancelled: 0 });
        const messages = await api.db
          .select()
          .from(mailMessages)
          .where(eq(mailMessages.campaignId, sent.body.data.id))
          .orderBy(mailMessages.toAddress);
        expect(messages.map((m) => [m.toAddress, m.subject, m.variables])).toEqual([
          [
            "one@list.test",
            "Exam day 12 December for one@list.test",
            { name: "one@list.test", email: "one@list.test" },
          ],
          ["two@list.test", "Exam day 12 December for Two Person", { name: "Two Person", email: "two@list.test" }],
        ]);
        // One content row for the campaign: the HTML is not stored per message.
        expect(new Set(messages.map((m) => m.contentId)).size).toBe(1);
        const detail = await api.call("GET", `/api/mail/messages/${messages[1]?.id}`, { token: outbox });
        expect(detail.body.data.html).toContain("<p>Dear Two Person,</p>");
        expect(detail.body.data.html).toContain("Write to us at two@list.test.");
        expect(detail.body.data.html).not.toContain("<script>");
        expect(detail.body.data.text).toContain("The exam is on 12 December.");
        expect(detail.body.data.variables).toEqual({
          exam_date: "12 December",
          name: "Two Person",
          email: "two@list.test",
        });

        // Running the job again (as after a crash) adds nothing twice.
        const again = await jobHandlers(api.services)["mail.campaign"]?.({
          db: api.db,
          job: {
            id: jobId,
            kind: "mail.campaign",
            payload: { campaign_id: sent.body.data.id },
            createdBy: null,
            attempts: 2,
          },
          progress: async () => {},
          afterDone: () => {},
          log: logger,
        });
        expect(again).toMatchObject({ recipients: 2, queued: 0 });
        const log = await api.db.select().from(activityLog).where(eq(activityLog.action, "mail_campaign.send"));
        expect(log.length).toBeGreaterThanOrEqual(1);
      });

      it("sends a template in the language asked for, and falls back to English", async () => {
        const hindi = await post("/api/mail/send", {
          audience: { kind: "list", addresses: ["hindi@list.test"] },
          template_key: "general-circular",
          language: "hi",
          variables: { title: "परीक्षा की सूचना", message: "परीक्षा 12 दिसंबर को है।" },
        });
        expect(hindi.status).toBe(202);
        expect(hindi.body.data).toMatchObject({ subject: "परीक्षा की सूचना", template_key: "general-circular" });
        const tamil = await post("/api/mail/send", {
          audience: { kind: "list", addresses: ["tamil@list.test"] },
          template_key: "general-circular",
          language: "ta",
          variables: { title: "Exam notice", message: "The exam is on 12 December." },
        });
        expect(tamil.status).toBe(202);
        await runJobs();
        const [message] = await api.db.select().from(mailMessages).where(eq(mailMessages.toAddress, "tamil@list.test"));
        expect(message?.language).toBe("en");
        const [hindiMessage] = await api.db
          .select()
          .from(mailMessages)
          .where(eq(mailMessages.toAddress, "hindi@list.test"));
        const detail = await api.call("GET", `/api/mail/messages/${hindiMessage?.id}`, { token: outbox });
        expect(detail.body.data.html).toContain("प्रिय hindi@list.test,");
        expect(detail.body.data.html).toContain('lang="hi"');
      });

      it("refuses what cannot be sent, before saving anything", async () => {
        const list = { kind: "list", addresses: ["x@list.test"] };
        const nobody = await post("/api/mail/send", {
          audience: { kind: "list", addresses: ["broken"] },
          subject: "Hello",
          body: "<p>Hello</p>",
        });
        expect(nobody.status).toBe(422);
        expect(nobody.body.message).toMatch(/^No one to send to/);
        const coordinatorNobody = await post(
          "/api/mail/send",
          {
            audience: { kind: "roles", role_ids: [ROLE.school], state_ids: [karnataka] },
            subject: "Hi",
            body: "<p>Hi</p>",
          },
          stateCoordinator,
        );
        expect(coordinatorNobody.status).toBe(422);
        const unknown = await post("/api/mail/send", { audience: list, template_key: "no-such-template" });
        expect(unknown.status).toBe(422);
        expect(unknown.body.errors[0]).toEqual({
          field: "template_key",
          message: 'There is no template "no-such-template". Pick one of the templates in the list.',
        });
        const missing = await post("/api/mail/send", { audience: list, template_key: "payment-receipt" });
        expect(missing.status).toBe(422);
        expect(missing.body.message).toBe(
          "These variables have no value: order_number, school_name, amount, paid_at, invoice_url. Give a value for each of them.",
        );
        const empty = await post("/api/mail/send", {
          audience: list,
          template_key: "general-circular",
          variables: { title: "Notice", message: "  " },
        });
        expect(empty.status).toBe(422);
        expect(empty.body.errors).toEqual([{ field: "variables.message", message: "Give a value for {{ message }}" }]);
        const syntax = await post("/api/mail/send", {
          audience: list,
          subject: "Hi",
          body: "<p>Hi</p>\n<p>{{ name</p>",
        });
        expect(syntax.status).toBe(422);
        expect(syntax.body.errors).toEqual([
          { field: "body", message: "line 2, column 4: '{{' is not closed with '}}'" },
        ]);
        const both = await post("/api/mail/send", {
          audience: list,
          template_key: "general-circular",
          subject: "Hi",
          variables: { title: "t", message: "m" },
        });
        expect(both.status).toBe(400);
        const neither = await post("/api/mail/send", { audience: list });
        expect(neither.status).toBe(400);
        expect(neither.body.errors[0]).toEqual({
          field: "template_key",
          message: "Choose a template, or write a subject and a body",
        });
      });

      it("refuses a line break in a subject (400), also through a shared value", async () => {
        const list = { kind: "list", addresses: ["x@list.test"] };
        const subject = await post("/api/mail/send", {
          audience: list,
          subject: "Hi\r\nBcc: all@x.test",
          body: "<p>Hi</p>",
        });
        expect(subject.status).toBe(400);
        expect(subject.body.errors[0]).toEqual({
          field: "subject",
          message: "The subject must be one line (no line breaks)",
        });
        const value = await post("/api/mail/send", {
          audience: list,
          template_key: "general-circular",
          variables: { title: "Notice\r\nBcc: all@x.test", message: "m" },
        });
        expect(value.status).toBe(400);
        expect(value.body.errors[0].field).toBe("variables.title");
      });

      it("answers 413 for a body over 1 MB", async () => {
        const result = await post("/api/mail/send", {
          audience: { kind: "list", addresses: ["x@list.test"] },
          subject: "Big",
          body: `<p>${"x".repeat(1_000_001)}</p>`,
        });
        expect(result.status).toBe(413);
        expect(result.body.errors[0].field).toBe("body");
      });

      it("previews the mail of the audience's first recipient", async () => {
        const result = await post("/api/mail/preview", {
          audience: { kind: "list", addresses: ["Zed <zed@list.test>", "Amy <amy@list.test>"] },
          subject: "For {{ name }} about {{ topic }}",
          body: "<p>Dear {{ name }}, about {{ topic }}</p>",
        });
        expect(result.status).toBe(200);
        expect(result.body.data.subject).toBe("For Zed about {{ topic }}");
        expect(result.body.data.html).toContain("Dear Zed, about {{ topic }}");
        expect(result.body.data.missing).toEqual(["topic"]);
        expect(result.body.data.variables).toEqual(["name", "topic"]);
      });
    });

    describe("campaign lists", () => {
      it("shows the outbox every campaign and others only their own, with the audience in words", async () => {
        const words = await post("/api/mail/send", {
          audience: { kind: "roles", role_ids: [ROLE.stateCoordinator], zone_id: 4 },
          subject: "Meeting",
          body: "<p>Meeting on Monday</p>",
        });
        expect(words.body.data.audience).toBe("State Coordinators in West Zone");
        const unpaid = await post("/api/mail/send", {
          audience: { kind: "schools", payment: "any", state_ids: [maharashtra, karnataka] },
          subject: "Reminder",
          body: "<p>Reminder</p>",
        });
        expect(unpaid.body.data.audience).toBe("Schools in Karnataka, Maharashtra");
        const own = await post("/api/mail/campaigns/list", {}, stateCoordinator);
        expect(own.status).toBe(200);
        expect(own.body.data.items.map((c: { audience: string }) => c.audience)).toEqual([
          "Schools and Institutes in Maharashtra",
        ]);
        const all = await post("/api/mail/campaigns/list", { per_page: 100 }, outbox);
        expect(all.body.data.total).toBeGreaterThanOrEqual(5);
        const adminView = await post("/api/mail/campaigns/list", { search: "meeting" });
        expect(adminView.body.data.items.map((c: { subject: string }) => c.subject)).toEqual(["Meeting"]);
        // Someone else's campaign is 404, not 403.
        const foreign = await api.call("GET", `/api/mail/campaigns/${words.body.data.id}`, { token: stateCoordinator });
        expect(foreign.status).toBe(404);
        const foreignJob = await api.call("GET", `/api/jobs/${words.body.data.job_id}`, { token: stateCoordinator });
        expect(foreignJob.status).toBe(404);
        const outboxSees = await api.call("GET", `/api/mail/campaigns/${words.body.data.id}`, { token: outbox });
        expect(outboxSees.status).toBe(200);
      });
    });
  });
}
