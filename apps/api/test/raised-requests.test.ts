import { readFileSync } from "node:fs";
import { queryRows } from "@repo/db";
import { paymentOrders, users } from "@repo/db/schema";
import { testDrivers } from "@repo/db/testing";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "./support";

const PNG = readFileSync(new URL("../../../e2e/fixtures/photo.png", import.meta.url));

for (const driver of testDrivers()) {
  describe(`raised requests on ${driver}`, () => {
    let api: TestApi;
    let school: string;
    let institute: string;
    let support: string;
    let paidOrder: number;

    beforeAll(async () => {
      api = await startTestApi(driver);
      school = await api.login("school");
      institute = await api.login("masterinstitute");
      support = await api.login("paysupport", "coordinator");
      const [user] = await api.db.select({ id: users.id }).from(users).where(eq(users.username, "school"));
      const [order] = await api.db
        .select({ id: paymentOrders.id })
        .from(paymentOrders)
        .where(eq(paymentOrders.payerUserId, Number(user?.id)));
      paidOrder = Number(order?.id);
    });
    afterAll(async () => {
      await api?.close();
    });

    const form = (fields: Record<string, string>, attachment?: { bytes: Uint8Array; name: string }) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.set(name, value);
      if (attachment) body.set("attachment", new File([new Uint8Array(attachment.bytes)], attachment.name));
      return body;
    };
    const raise = (token: string, fields: Record<string, string>, attachment?: { bytes: Uint8Array; name: string }) =>
      api.call("POST", "/api/raisedRequest", { token, body: form(fields, attachment) });
    const change = (id: number, status: string, comment: string, token = support) =>
      api.call("POST", `/api/raisedRequest/changestatus/${id}/${status}`, { token, json: { comment } });

    it("takes a school's request about its own order, with a picture, and shows it only to it and pay support", async () => {
      const raised = await raise(
        school,
        {
          subject: "Paid twice for class 7",
          message: "Our bank shows two debits for this order on the same day.",
          order: `ORD-${String(paidOrder).padStart(6, "0")}`,
        },
        { bytes: PNG, name: "bank statement.png" },
      );
      expect(raised.status, JSON.stringify(raised.body)).toBe(200);
      expect(raised.body.data).toMatchObject({
        status: "open",
        order_id: paidOrder,
        has_attachment: true,
        attachment_name: "bank statement.png",
        requester_username: "school",
        changes: [],
      });
      const id = raised.body.data.id;

      const own = await api.call("GET", "/api/raisedRequest", { token: school });
      expect(own.body.data.items.map((r: { id: number }) => r.id)).toContain(id);
      const desk = await api.call("GET", "/api/raisedRequest?status=open", { token: support });
      expect(desk.body.data.items.map((r: { id: number }) => r.id)).toContain(id);
      // Another payer neither lists nor opens it, nor its attachment.
      const other = await api.call("GET", "/api/raisedRequest", { token: institute });
      expect(other.body.data.items.map((r: { id: number }) => r.id)).not.toContain(id);
      expect((await api.call("GET", `/api/raisedRequest/${id}`, { token: institute })).status).toBe(404);
      expect((await api.call("GET", `/api/raisedRequest/${id}/attachment`, { token: institute })).status).toBe(404);

      for (const token of [school, support]) {
        const file = await api.call("GET", `/api/raisedRequest/${id}/attachment`, { token });
        expect(file.status).toBe(200);
        expect(file.headers.get("content-type")).toBe("image/png");
        expect(file.headers.get("content-disposition")).toContain("bank statement.png");
        expect(file.headers.get("x-content-type-options")).toBe("nosniff");
        expect(new Uint8Array(file.body).byteLength).toBe(PNG.byteLength);
      }
    });

    it("names the field and the fix for a bad request, and keeps nothing of it", async () => {
      const count = async () =>
        (await queryRows<{ n: number }>(api.db, sql`select count(*)::int as n from raised_requests`))[0]?.n;
      const before = await count();
      const empty = await raise(school, { subject: "", message: "short" });
      expect(empty.status).toBe(400);
      expect(empty.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["message", "subject"]);

      const [instituteOrder] = await queryRows<{ id: number }>(
        api.db,
        sql`select o.id from payment_orders o join users u on u.id = o.payer_user_id where u.username <> 'school' limit 1`,
      );
      const notOwn = await raise(school, {
        subject: "Wrong order",
        message: "This order is not ours at all, really.",
        order: String(instituteOrder?.id ?? 999_999),
      });
      expect(notOwn.status).toBe(422);
      expect(notOwn.body.errors[0].field).toBe("order");

      const program = await raise(
        school,
        { subject: "A file", message: "Please look at the attached file." },
        { bytes: new TextEncoder().encode("#!/bin/sh\necho hi\n"), name: "receipt.pdf" },
      );
      expect(program.status).toBe(422);
      expect(program.body.errors[0].field).toBe("attachment");
      expect(program.body.message).not.toMatch(/stack|select|insert/i);

      expect(await count()).toBe(before);
    });

    it("lets pay support move a request on with a comment the school sees and is mailed; a closed one stays closed", async () => {
      const raised = await raise(school, {
        subject: "Invoice shows the wrong name",
        message: "The invoice should say our school's full name.",
      });
      const id = raised.body.data.id;

      const noComment = await change(id, "in_progress", "");
      expect(noComment.status).toBe(400);
      expect(noComment.body.errors[0].field).toBe("comment");
      expect((await change(id, "closed", "We are looking into it")).status).toBe(400);

      const working = await change(id, "in_progress", "We are checking with the accounts team.");
      expect(working.status).toBe(200);
      expect(working.body.data.status).toBe("in_progress");
      const back = await change(id, "open", "Reopening");
      expect(back.status).toBe(409);
      expect(back.body.message).toContain("resolved or rejected");

      const resolved = await change(id, "resolved", "The invoice is corrected; download it again.");
      expect(resolved.status).toBe(200);
      expect((await change(id, "rejected", "Changed our mind")).status).toBe(409);

      const seen = await api.call("GET", `/api/raisedRequest/${id}`, { token: school });
      expect(seen.body.data.status).toBe("resolved");
      expect(
        seen.body.data.changes.map((c: { from_status: string; to_status: string; comment: string }) => [
          c.from_status,
          c.to_status,
          c.comment,
        ]),
      ).toEqual([
        ["open", "in_progress", "We are checking with the accounts team."],
        ["in_progress", "resolved", "The invoice is corrected; download it again."],
      ]);
      expect(seen.body.data.changes[0].changed_by).toMatch(/^Pay support/);

      const rows = await queryRows<{ subject: string; to_address: string }>(
        api.db,
        sql`select m.subject, m.to_address from mail_messages m where m.template_key = 'raised-request-update'
            and m.subject like ${"%Invoice shows the wrong name%"} order by m.id`,
      );
      expect(rows.map((m) => m.subject)).toEqual([
        "Your request “Invoice shows the wrong name” is now In progress",
        "Your request “Invoice shows the wrong name” is now Resolved",
      ]);
      expect(rows[0]?.to_address).toMatch(/@/);
    });

    it("lets only payers raise and only pay support answer; pay support exports the list", async () => {
      const raised = await raise(institute, {
        subject: "Institute payment question",
        message: "Which of our schools does this order cover?",
      });
      expect(raised.status).toBe(200);
      expect((await raise(support, { subject: "Support", message: "Pay support cannot raise." })).status).toBe(403);
      expect((await change(raised.body.data.id, "resolved", "A school answering itself", school)).status).toBe(403);
      expect(
        (await api.call("GET", "/api/raisedRequest", { token: await api.login("admin", "coordinator") })).status,
      ).toBe(403);

      const file = await api.call("POST", "/api/export/raised-requests?format=csv", {
        token: support,
        json: { search: "Institute payment" },
      });
      expect(file.status).toBe(200);
      const text = new TextDecoder().decode(file.body);
      expect(text).toContain("Institute payment question");
      expect(text).not.toContain("Invoice shows the wrong name");
    });
  });
}
