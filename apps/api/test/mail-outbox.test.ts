import { activityLog, mailMessages } from "@repo/db/schema";
import { testDrivers } from "@repo/db/testing";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueMail } from "../src/domains/mail/index";
import { startTestApi, type TestApi } from "./support";

for (const driver of testDrivers()) {
  describe(`the outbox on ${driver}`, () => {
    let api: TestApi;
    let outbox: string;
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      api = await startTestApi(driver);
      outbox = await api.login("outbox", "outbox");
      const queue = (to: string, key: "password-reset-code" | "results-published") =>
        enqueueMail(api.db, {
          templateKey: key,
          language: "en",
          to,
          variables:
            key === "password-reset-code"
              ? { name: "Asha", code: "123456", expires_minutes: "10" }
              : { student_name: "Asha", level: "Level 1", results_url: "https://portal.example.org/results" },
        });
      ids.queued = await queue("queued@school.test", "password-reset-code");
      ids.sent = await queue("sent@school.test", "password-reset-code");
      ids.failed = await queue("failed@school.test", "results-published");
      ids.failed2 = await queue("failed-too@school.test", "results-published");
      ids.failed3 = await queue("failed-three@school.test", "password-reset-code");
      ids.sending = await queue("sending@school.test", "results-published");
      await api.db
        .update(mailMessages)
        .set({ status: "sent", attempts: 1, sentAt: new Date() })
        .where(eq(mailMessages.id, ids.sent));
      await api.db
        .update(mailMessages)
        .set({ status: "failed", attempts: 5, lastError: "550 No such user" })
        .where(inArray(mailMessages.id, [ids.failed, ids.failed2, ids.failed3]));
      await api.db
        .update(mailMessages)
        .set({ status: "sending", attempts: 1, lockedBy: "mail:x", lockedUntil: new Date(Date.now() + 60_000) })
        .where(eq(mailMessages.id, ids.sending));
      // An old message, for the date filters: 15 January in UTC, already the 16th in India.
      await api.db
        .update(mailMessages)
        .set({ createdAt: new Date("2026-01-15T20:00:00Z") })
        .where(eq(mailMessages.id, ids.failed3));
    });
    afterAll(async () => {
      await api?.close();
    });
    const post = (path: string, json: unknown = {}, token = outbox) => api.call("POST", path, { token, json });
    const addresses = (result: { body: { data: { items: { to: string }[] } } }) =>
      result.body.data.items.map((m) => m.to);

    it("lists messages newest first, with filters", async () => {
      const all = await post("/api/mail/messages/list", {});
      expect(all.status).toBe(200);
      expect(all.body.data.total).toBe(6);
      expect(addresses(all)).toEqual([
        "sending@school.test",
        "failed-too@school.test",
        "failed@school.test",
        "sent@school.test",
        "queued@school.test",
        "failed-three@school.test",
      ]);
      expect(all.body.data.items[4]).toMatchObject({
        to: "queued@school.test",
        cc: [],
        subject: "Your password reset code",
        template_key: "password-reset-code",
        language: "en",
        status: "queued",
        attempts: 0,
        campaign_id: null,
        queued_by: null,
        sent_at: null,
      });
      expect(all.body.data.items[4].next_attempt_at).toEqual(expect.any(String));
      const failed = await post("/api/mail/messages/list", { status: "failed" });
      expect(addresses(failed)).toEqual(["failed-too@school.test", "failed@school.test", "failed-three@school.test"]);
      const template = await post("/api/mail/messages/list", { template_key: "results-published" });
      expect(template.body.data.total).toBe(3);
      const search = await post("/api/mail/messages/list", { search: "too@" });
      expect(addresses(search)).toEqual(["failed-too@school.test"]);
      const january = await post("/api/mail/messages/list", { from: "2026-01-16", to: "2026-01-16" });
      expect(addresses(january)).toEqual(["failed-three@school.test"]);
      const utcDay = await post("/api/mail/messages/list", { from: "2026-01-15", to: "2026-01-15" });
      expect(addresses(utcDay)).toEqual([]);
      const reversed = await post("/api/mail/messages/list", { from: "2026-02-01", to: "2026-01-01" });
      expect(reversed.status).toBe(400);
      expect(reversed.body.errors).toEqual([{ field: "to", message: "from must not be after to" }]);
      const notADay = await post("/api/mail/messages/list", { from: "2026-02-30" });
      expect(notADay.status).toBe(400);
      expect(notADay.body.errors).toEqual([{ field: "from", message: "from must be a real date like 2026-11-23" }]);
      // An id no integer column can hold is the caller's mistake: 400 naming it (decision 029).
      const farCampaign = await post("/api/mail/messages/list", { campaign_id: 99_999_999_999 });
      expect(farCampaign.status).toBe(400);
      expect(farCampaign.body.errors[0].field).toBe("campaign_id");
      const lost = await post("/api/mail/messages/list", { status: "lost" });
      expect(lost.body.errors).toEqual([
        { field: "status", message: "status must be one of queued, sending, sent, failed, cancelled" },
      ]);
    });

    it("counts the filters' messages in every status", async () => {
      const counts = await post("/api/mail/messages/counts", {});
      expect(counts.body.data).toEqual({ queued: 1, sending: 1, sent: 1, failed: 3, cancelled: 0 });
      const template = await post("/api/mail/messages/counts", { template_key: "results-published", status: "sent" });
      expect(template.body.data).toEqual({ queued: 0, sending: 1, sent: 0, failed: 2, cancelled: 0 });
    });

    it("shows one message as its recipient gets it, with its attempts", async () => {
      const detail = await api.call("GET", `/api/mail/messages/${ids.failed}`, { token: outbox });
      expect(detail.status).toBe(200);
      expect(detail.body.data).toMatchObject({
        to: "failed@school.test",
        subject: "Level 1 results are out, Asha",
        status: "failed",
        last_error: "550 No such user",
        variables: { student_name: "Asha", level: "Level 1", results_url: "https://portal.example.org/results" },
        attempt_log: [],
      });
      expect(detail.body.data.html).toContain('<a href="https://portal.example.org/results">See your result</a>');
      expect(detail.body.data.text).toContain("See your result [https://portal.example.org/results]");
      expect((await api.call("GET", "/api/mail/messages/999999", { token: outbox })).status).toBe(404);
    });

    it("retries a failed message and refuses any other with 409 saying why", async () => {
      const retried = await post(`/api/mail/messages/${ids.failed}/retry`);
      expect(retried.status).toBe(200);
      expect(retried.body.data).toMatchObject({ status: "queued", attempts: 0, last_error: null });
      const again = await post(`/api/mail/messages/${ids.failed}/retry`);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(
        "Only failed messages can be retried, and this one is queued: it is still queued and will be sent.",
      );
      const sent = await post(`/api/mail/messages/${ids.sent}/retry`);
      expect(sent.body.message).toBe("Only failed messages can be retried, and this one is sent: it was already sent.");
      expect((await post("/api/mail/messages/999999/retry")).status).toBe(404);
    });

    it("cancels a queued message only", async () => {
      const cancelled = await post(`/api/mail/messages/${ids.queued}/cancel`);
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.data.status).toBe("cancelled");
      const sending = await post(`/api/mail/messages/${ids.sending}/cancel`);
      expect(sending.status).toBe(409);
      expect(sending.body.message).toBe(
        "Only queued messages can be cancelled, and this one is sending: it is being sent right now.",
      );
      expect((await post(`/api/mail/messages/${ids.queued}/cancel`)).status).toBe(409);
    });

    it("retries every failed message the filters select, and nothing else", async () => {
      const result = await post("/api/mail/messages/retry", { template_key: "password-reset-code", status: "sent" });
      expect(result.status).toBe(200);
      expect(result.body).toMatchObject({ message: "1 failed message queued again", data: { retried: 1 } });
      const rest = await post("/api/mail/messages/retry", {});
      expect(rest.body.data.retried).toBe(1);
      const counts = await post("/api/mail/messages/counts", {});
      expect(counts.body.data).toEqual({ queued: 3, sending: 1, sent: 1, failed: 0, cancelled: 1 });
    });

    it("logs every change", async () => {
      const log = await api.db
        .select()
        .from(activityLog)
        .where(inArray(activityLog.entity, ["mail_messages"]));
      expect(log.map((entry) => entry.action).sort()).toEqual([
        "mail_message.cancel",
        "mail_message.retry",
        "mail_message.retry_failed",
        "mail_message.retry_failed",
      ]);
      expect(log.every((entry) => entry.userId !== null && entry.requestId)).toBe(true);
    });

    it("is for the outbox only", async () => {
      for (const username of ["admin", "state", "school"]) {
        const token = await api.login(username, "coordinator");
        expect((await post("/api/mail/messages/list", {}, token)).status, username).toBe(403);
        expect((await post(`/api/mail/messages/${ids.sent}/retry`, {}, token)).status, username).toBe(403);
      }
      expect((await api.call("POST", "/api/mail/messages/list")).status).toBe(401);
    });
  });
}
