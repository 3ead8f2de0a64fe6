import { hashPassword } from "@repo/auth/password";
import { ROLE } from "@repo/auth/roles";
import { CONTACT_LIMIT, PROGRAMME_ADMIN_EMAIL } from "@repo/contracts/content-notices-constants";
import { activityLog, schools, states, users } from "@repo/db/schema";
import { testDrivers } from "@repo/db/testing";
import { and, desc, eq, ne } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailWorker, type MailWorker } from "../src/domains/mail/index";
import { nearestCoordinators, waitInWords } from "../src/domains/schools/contact";
import { startSmtp, type TestSmtp } from "./smtp";
import { DEMO_PASSWORD, startTestApi, type TestApi } from "./support";

const HOUR = 3600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

describe("contact routing rules", () => {
  it("takes the nearest level that has a coordinator", () => {
    const c = (level: "district" | "prant" | "state" | "zone", email: string) => ({
      level,
      role_id: 11,
      email,
      region: "x",
    });
    expect(nearestCoordinators([c("zone", "z@x"), c("state", "s@x")]).map((r) => r.email)).toEqual(["s@x"]);
    expect(nearestCoordinators([c("prant", "p@x"), c("district", "d@x"), c("district", "d2@x")]).length).toBe(2);
    expect(nearestCoordinators([])).toEqual([]);
  });

  it("says when a limited sender may send again", () => {
    expect(waitInWords(3600)).toBe("in 1 hour");
    expect(waitInWords(61)).toBe("in 2 minutes");
    expect(waitInWords(60)).toBe("in 1 minute");
    expect(waitInWords(5)).toBe("in 5 seconds");
  });
});

for (const driver of testDrivers()) {
  describe(`static pages, notifications and contact on ${driver}`, () => {
    let api: TestApi;
    let smtp: TestSmtp;
    let worker: MailWorker;
    let maharashtra: number;
    let otherSchoolEmail: string;

    beforeAll(async () => {
      smtp = await startSmtp();
      api = await startTestApi(driver, {
        mail: { smtpUrl: smtp.url, retryBaseSeconds: 0.05, ratePerMinute: 100_000 },
      });
      worker = createMailWorker(api.services, { logger: pino({ level: "silent" }), pollMs: 20, batchSize: 10 });
      const [state] = await api.db.select({ id: states.id }).from(states).where(eq(states.name, "Maharashtra"));
      maharashtra = Number(state?.id);
      // A school account in another state, with no coordinator assigned anywhere above it.
      const [other] = await api.db
        .select({ id: schools.id, email: schools.email, stateId: schools.stateId })
        .from(schools)
        .innerJoin(states, eq(states.id, schools.stateId))
        .where(and(ne(schools.stateId, maharashtra), ne(states.zoneId, 13), ne(states.name, "Maharashtra")))
        .limit(1);
      if (!other) throw new Error("the demo data has no school outside Maharashtra");
      otherSchoolEmail = String(other.email);
      await api.db.insert(users).values({
        username: "otherstate",
        email: "otherstate@demo.example.org",
        name: "Other State School",
        roleId: 2,
        schoolId: other.id,
        countryId: 1,
        passwordHash: await hashPassword(DEMO_PASSWORD),
      });
    });
    afterAll(async () => {
      await worker?.stop();
      await api?.close();
      await smtp?.close();
    });

    const deliverAll = async () => {
      for (let i = 0; i < 50; i++) {
        const result = await worker.tick();
        if (result.sent === 0 && result.claimed === 0) return;
      }
    };

    describe("static page content", () => {
      it("shows the seeded text of a page to a school, and to the student area", async () => {
        for (const user of ["school", "masterinstitute", "institute", "student"]) {
          const result = await api.call(
            "GET",
            "/api/static-page-content/view?module_name=study-material&key=level-1-exam",
            {
              token: await api.login(user),
            },
          );
          expect(result.status, user).toBe(200);
          expect(result.body.data).toMatchObject({ key: "level-1-exam", title: "Level 1 Exam" });
          expect(result.body.data.body).toContain("100 single-answer questions");
        }
      });

      it("refuses a key under another module (404), an unknown key (400), and readers without the page (403)", async () => {
        const token = await api.login("school");
        const wrong = await api.call("GET", "/api/static-page-content/view?module_name=contact&key=level-1-exam", {
          token,
        });
        expect(wrong.status).toBe(404);
        expect(wrong.body.message).toContain('no page "level-1-exam" in the contact module');
        const unknown = await api.call("GET", "/api/static-page-content/view?module_name=contact&key=secrets", {
          token,
        });
        expect(unknown.status).toBe(400);
        expect(unknown.body.errors[0].field).toBe("key");
        const coordinator = await api.call("GET", "/api/static-page-content/view?module_name=contact&key=contact", {
          token: await api.login("state", "coordinator"),
        });
        expect(coordinator.status).toBe(403);
      });

      it("lets LMS, Admin and Sub Admin write a page, sanitised and logged; others are refused", async () => {
        const body = {
          module_name: "study-material",
          key: "download-app",
          body: '<p onclick="steal()">Install it <a href="javascript:alert(1)">here</a></p><script>alert(1)</script><img src=x onerror=alert(1)>',
        };
        for (const [user, status] of [
          ["lms", 200],
          ["admin", 200],
          ["subadmin", 200],
          ["orgteam", 403],
          ["state", 403],
          ["paysupport", 403],
        ] as const) {
          const result = await api.call("POST", "/api/static-page-content/update", {
            token: await api.login(user, "coordinator"),
            json: body,
          });
          expect(result.status, user).toBe(status);
        }
        const school = await api.call("POST", "/api/static-page-content/update", {
          token: await api.login("school"),
          json: body,
        });
        expect(school.status).toBe(403);

        const saved = await api.call(
          "GET",
          "/api/static-page-content/view?module_name=study-material&key=download-app",
          {
            token: await api.login("school"),
          },
        );
        expect(saved.body.data.body).toContain("Install it");
        expect(saved.body.data.body).not.toMatch(/script|onclick|onerror|javascript:/i);
        expect(saved.body.data.updated_by).toBe("Demo Sub Admin");
        const [log] = await api.db
          .select()
          .from(activityLog)
          .where(eq(activityLog.action, "static_page.update"))
          .orderBy(desc(activityLog.id))
          .limit(1);
        expect(log?.entityId).toBe("study-material/download-app");
      });

      it("lists every page for the editors, written or not, and refuses a body that is too long", async () => {
        const token = await api.login("lms", "coordinator");
        const list = await api.call("GET", "/api/static-page-content/list", { token });
        expect(list.body.data.map((p: { key: string }) => p.key)).toEqual([
          "download-app",
          "level-1-exam",
          "how-to-attempt-mock-exam",
          "mock-instructions-sif",
          "contact",
        ]);
        const long = await api.call("POST", "/api/static-page-content/update", {
          token,
          json: { module_name: "contact", key: "contact", body: "x".repeat(100_001) },
        });
        expect(long.status).toBe(400);
        expect(long.body.errors[0]).toMatchObject({ field: "body" });
        const school = await api.call("GET", "/api/static-page-content/list", { token: await api.login("school") });
        expect(school.status).toBe(403);
      });
    });

    describe("notifications", () => {
      const notification = (extra: Record<string, unknown> = {}) => ({
        title: "Level 1 admit cards are out",
        body: "<p>Download them from the dashboard.</p><script>alert(1)</script>",
        roles: [2, 18],
        state_ids: [maharashtra],
        publish_from: at(-HOUR),
        publish_until: at(24 * HOUR),
        ...extra,
      });
      const unread = async (user: string) =>
        (await api.call("GET", "/api/notifications/unread-count", { token: await api.login(user) })).body.data.unread;

      it("reaches a school of the state it is for and not a school of another state", async () => {
        const before = { school: await unread("school"), other: await unread("otherstate") };
        const created = await api.call("POST", "/api/admin/notifications", {
          token: await api.login("admin", "coordinator"),
          json: notification(),
        });
        expect(created.status).toBe(200);
        expect(created.body.data).toMatchObject({
          status: "live",
          roles: [ROLE.school, ROLE.institute],
          states: [{ name: "Maharashtra" }],
        });
        expect(created.body.data.body).not.toContain("script");
        const id = created.body.data.id;

        expect(await unread("school")).toBe(before.school + 1);
        expect(await unread("institute")).toBeGreaterThan(0);
        expect(await unread("otherstate")).toBe(before.other);
        const mine = await api.call("GET", "/api/notifications", { token: await api.login("school") });
        expect(mine.body.data.items[0]).toMatchObject({ id, title: "Level 1 admit cards are out", read_at: null });
        const theirs = await api.call("GET", "/api/notifications", { token: await api.login("otherstate") });
        expect(theirs.body.data.items.map((n: { id: number }) => n.id)).not.toContain(id);
        // Marking one it cannot see is a 404, like a notification that does not exist.
        const probe = await api.call("POST", `/api/notifications/${id}/read`, { token: await api.login("otherstate") });
        expect(probe.status).toBe(404);
      });

      it("reaches the students it is for, in their own region, and neither the schools nor students elsewhere", async () => {
        const token = await api.login("lms", "coordinator");
        const before = { student: await unread("student"), school: await unread("school") };
        const forStudents = await api.call("POST", "/api/admin/notifications", {
          token,
          json: notification({ title: "Mock exam on Sunday", roles: [1] }),
        });
        expect(forStudents.status, JSON.stringify(forStudents.body)).toBe(200);
        const [elsewhere] = await api.db
          .select({ id: states.id })
          .from(states)
          .where(ne(states.id, maharashtra))
          .limit(1);
        await api.call("POST", "/api/admin/notifications", {
          token,
          json: notification({ title: "Another state's mock", roles: [1], state_ids: [Number(elsewhere?.id)] }),
        });
        expect(await unread("student")).toBe(before.student + 1);
        expect(await unread("school")).toBe(before.school);
        const mine = await api.call("GET", "/api/notifications", { token: await api.login("student") });
        expect(mine.body.data.items.map((n: { title: string }) => n.title)).toEqual(["Mock exam on Sunday"]);
      });

      it("keeps read state per user: read one, then all", async () => {
        const token = await api.login("school");
        const list = await api.call("GET", "/api/notifications", { token });
        const first = list.body.data.items[0];
        const count = list.body.data.unread;
        expect(count).toBeGreaterThan(0);
        expect((await api.call("POST", `/api/notifications/${first.id}/read`, { token })).status).toBe(200);
        expect((await api.call("POST", `/api/notifications/${first.id}/read`, { token })).status).toBe(200);
        expect(await unread("school")).toBe(count - 1);
        const again = await api.call("GET", "/api/notifications", { token });
        expect(again.body.data.items[0].read_at).not.toBeNull();
        // The institute's own read state is untouched.
        expect(await unread("institute")).toBeGreaterThan(0);
        const all = await api.call("POST", "/api/notifications/read-all", { token });
        expect(all.status).toBe(200);
        expect(all.body.message).toMatch(/notifications? marked read/);
        expect(await unread("school")).toBe(0);
      });

      it("shows a notification only inside its publish window and only to its roles", async () => {
        const token = await api.login("lms", "coordinator");
        const before = await unread("school");
        const future = await api.call("POST", "/api/admin/notifications", {
          token,
          json: notification({ title: "Not yet", publish_from: at(HOUR), publish_until: null }),
        });
        expect(future.body.data.status).toBe("scheduled");
        const ended = await api.call("POST", "/api/admin/notifications", {
          token,
          json: notification({ title: "Over", publish_from: at(-2 * HOUR), publish_until: at(-HOUR) }),
        });
        expect(ended.body.data.status).toBe("ended");
        const institutesOnly = await api.call("POST", "/api/admin/notifications", {
          token,
          json: notification({ title: "Institutes only", roles: [18], state_ids: [] }),
        });
        expect(institutesOnly.status).toBe(200);
        expect(await unread("school")).toBe(before);
        const mine = await api.call("GET", "/api/notifications", { token: await api.login("institute") });
        expect(mine.body.data.items.map((n: { title: string }) => n.title)).toContain("Institutes only");
      });

      it("refuses an end before the start on publish_until, unknown regions, roles without the page and an empty body", async () => {
        const token = await api.login("subadmin", "coordinator");
        const order = await api.call("POST", "/api/admin/notifications", {
          token,
          json: notification({ publish_from: at(HOUR), publish_until: at(0) }),
        });
        expect(order.status).toBe(400);
        expect(order.body.errors).toEqual([
          { field: "publish_until", message: "The end of the publish window must be after its start" },
        ]);
        const region = await api.call("POST", "/api/admin/notifications", {
          token,
          json: notification({ district_ids: [999_999] }),
        });
        expect(region.status).toBe(422);
        expect(region.body.errors[0]).toMatchObject({ field: "district_ids" });
        const role = await api.call("POST", "/api/admin/notifications", { token, json: notification({ roles: [9] }) });
        expect(role.status).toBe(400);
        expect(role.body.errors[0].field).toBe("roles.0");
        const empty = await api.call("POST", "/api/admin/notifications", {
          token,
          json: notification({ body: "<script>alert(1)</script><p> </p>" }),
        });
        expect(empty.status).toBe(422);
        expect(empty.body.errors[0]).toMatchObject({ field: "body", message: "Write the notification's text" });
      });

      it("lets admins page, search, edit and delete; other roles are refused", async () => {
        const token = await api.login("admin", "coordinator");
        const page = await api.call("GET", "/api/admin/notifications?per_page=2&search=admit", { token });
        expect(page.status).toBe(200);
        expect(page.body.data.items.length).toBeGreaterThan(0);
        expect(page.body.data.items.every((n: { title: string }) => /admit/i.test(n.title))).toBe(true);
        const id = page.body.data.items[0].id;
        const edited = await api.call("POST", `/api/admin/notifications/${id}`, {
          token,
          json: notification({ title: "Admit cards: new date", state_ids: [], zone_ids: [] }),
        });
        expect(edited.status).toBe(200);
        expect(edited.body.data).toMatchObject({ title: "Admit cards: new date", states: [] });
        // Now for everywhere: the other state's school sees it too.
        const theirs = await api.call("GET", "/api/notifications", { token: await api.login("otherstate") });
        expect(theirs.body.data.items.map((n: { id: number }) => n.id)).toContain(id);

        for (const [user, app] of [
          ["orgteam", "coordinator"],
          ["state", "coordinator"],
          ["school", "school"],
        ] as const) {
          const result = await api.call("GET", "/api/admin/notifications", { token: await api.login(user, app) });
          expect(result.status, user).toBe(403);
        }
        const coordinatorRead = await api.call("GET", "/api/notifications", {
          token: await api.login("district", "coordinator"),
        });
        expect(coordinatorRead.status).toBe(403);

        expect((await api.call("DELETE", `/api/admin/notifications/${id}`, { token })).status).toBe(200);
        expect((await api.call("DELETE", `/api/admin/notifications/${id}`, { token })).status).toBe(404);
        expect((await api.call("GET", `/api/admin/notifications/${id}`, { token })).status).toBe(404);
      });
    });

    describe("contact form", () => {
      const message = { subject: "Admit card question", message: "When will the admit cards be ready to print?" };

      it("mails the district coordinator of the school, reply-to the school, and names the recipient by role", async () => {
        const before = smtp.received.length;
        const result = await api.call("POST", "/api/contact", {
          token: await api.login("school"),
          json: { ...message, phone: "9876543210" },
        });
        expect(result.status).toBe(200);
        expect(result.body.data.sent_to).toEqual([{ role_name: "District Coordinator", region: "Pune" }]);
        expect(JSON.stringify(result.body)).not.toContain("@");
        await deliverAll();
        await smtp.waitFor(before + 1);
        const mail = smtp.received.at(-1);
        expect(mail?.to && JSON.stringify(mail.to)).toContain("district@demo.example.org");
        expect(mail?.replyTo?.text).toContain("school1@demo.example.org");
        expect(mail?.subject).toBe("Contact form: Admit card question (Jnana Prabodhini Prashala, Pune)");
        expect(mail?.text).toContain("When will the admit cards be ready to print?");
        expect(mail?.text).toContain("9876543210");
      });

      it("goes to the programme office when no coordinator covers the school", async () => {
        const before = smtp.received.length;
        const result = await api.call("POST", "/api/contact", { token: await api.login("otherstate"), json: message });
        expect(result.status).toBe(200);
        expect(result.body.data.sent_to).toEqual([{ role_name: "Programme office", region: null }]);
        await deliverAll();
        await smtp.waitFor(before + 1);
        expect(JSON.stringify(smtp.received.at(-1)?.to)).toContain(PROGRAMME_ADMIN_EMAIL);
        expect(smtp.received.at(-1)?.replyTo?.text).toContain(otherSchoolEmail);
      });

      it("names the field and the fix for bad input, and refuses roles without the form", async () => {
        const token = await api.login("institute");
        const bad = await api.call("POST", "/api/contact", {
          token,
          json: { subject: "Hi", message: "short", phone: "call me" },
        });
        expect(bad.status).toBe(400);
        expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["message", "phone", "subject"]);
        const lms = await api.call("POST", "/api/contact", {
          token: await api.login("lms", "coordinator"),
          json: message,
        });
        expect(lms.status).toBe(403);
      });

      it(`allows ${CONTACT_LIMIT.max} messages an hour per user, then says when the next can go`, async () => {
        const token = await api.login("masterinstitute");
        for (let i = 0; i < CONTACT_LIMIT.max; i++) {
          expect((await api.call("POST", "/api/contact", { token, json: message })).status).toBe(200);
        }
        const refused = await api.call("POST", "/api/contact", { token, json: message });
        expect(refused.status).toBe(429);
        expect(refused.body.message).toMatch(/You can send again in (60 minutes|59 minutes|1 hour)\./);
        expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(3500);
        // Another user's allowance is their own.
        const other = await api.call("POST", "/api/contact", { token: await api.login("institute"), json: message });
        expect(other.status).toBe(200);
      });
    });
  });
}
