import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { hashPassword } from "@repo/auth/password";
import { examYears, paymentOrderItems, paymentOrders, schools, students, users } from "@repo/db/schema";
import { testDrivers } from "@repo/db/testing";
import { and, eq, isNotNull, ne, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, startTestApi, type TestApi } from "./support";

const dir = mkdtempSync(path.join(tmpdir(), "payment-history-"));
const pdfText = (bytes: ArrayBuffer, name: string) => {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, Buffer.from(bytes));
  return execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/\s+/g, "");
};

for (const driver of testDrivers()) {
  describe(`payment history and invoices on ${driver}`, () => {
    let api: TestApi;
    let yearId: number;
    let yearLabel: string;
    let schoolId: number;
    let schoolUserId: number;
    let schoolName: string;
    const ids: Record<string, number> = {};

    /** An order of `payer` for the first `count` students of `school`, as the payment flow leaves it. */
    async function order(
      key: string,
      values: {
        payer: number;
        school: number | null;
        institute?: number;
        status: string;
        created: string;
        invoice?: number;
      },
      count = 2,
    ) {
      const kids = await api.db
        .select({ id: students.id, first: students.firstName, last: students.lastName })
        .from(students)
        .where(values.school === null ? sql`true` : eq(students.schoolId, values.school))
        .orderBy(students.id)
        .limit(count);
      const [row] = await api.db
        .insert(paymentOrders)
        .values({
          examYearId: yearId,
          purpose: "students",
          payerUserId: values.payer,
          schoolId: values.school,
          masterInstituteId: values.institute ?? null,
          currency: "INR",
          amountMinor: 15000 * kids.length,
          status: values.status,
          provider: "demo",
          providerPaymentId: values.status === "paid" ? `pay_${key}` : null,
          paidAt: values.status === "paid" ? new Date(values.created) : null,
          invoiceNumber: values.invoice ?? null,
          createdAt: new Date(values.created),
        })
        .returning({ id: paymentOrders.id });
      ids[key] = Number(row?.id);
      await api.db.insert(paymentOrderItems).values(
        kids.map((kid) => ({
          orderId: ids[key] as number,
          studentId: kid.id,
          examLevel: "level1",
          description: `${kid.first} ${kid.last}`.trim(),
          amountMinor: 15000,
        })),
      );
    }

    beforeAll(async () => {
      api = await startTestApi(driver);
      const [year] = await api.db.select().from(examYears).where(eq(examYears.isActive, true));
      yearId = Number(year?.id);
      yearLabel = String(year?.label);
      const [own] = await api.db
        .select({ id: users.id, schoolId: users.schoolId, name: schools.name })
        .from(users)
        .innerJoin(schools, eq(schools.id, users.schoolId))
        .where(eq(users.username, "school"));
      schoolId = Number(own?.schoolId);
      schoolUserId = Number(own?.id);
      schoolName = String(own?.name);
      const [other] = await api.db
        .select({ id: schools.id })
        .from(schools)
        .where(and(ne(schools.id, schoolId), sql`${schools.masterInstituteId} is null`))
        .limit(1);
      const [otherUser] = await api.db
        .insert(users)
        .values({
          username: "otherpayer",
          email: "otherpayer@example.org",
          name: "Other School",
          roleId: 2,
          passwordHash: await hashPassword(DEMO_PASSWORD),
          schoolId: Number(other?.id),
        })
        .returning({ id: users.id });
      const [student] = await api.db.select({ id: users.id }).from(users).where(eq(users.username, "student"));
      const [institute] = await api.db
        .select({ id: users.id, instituteId: users.masterInstituteId })
        .from(users)
        .where(and(eq(users.username, "masterinstitute"), isNotNull(users.masterInstituteId)));

      // 2 Oct 2026 01:30 in India is still 1 Oct in UTC: the day filter must count India's day.
      await order(
        "paid",
        { payer: schoolUserId, school: schoolId, status: "paid", created: "2026-10-01T20:00:00Z", invoice: 41 },
        3,
      );
      await order("pending", {
        payer: schoolUserId,
        school: schoolId,
        status: "pending",
        created: "2026-11-20T06:00:00Z",
      });
      await order("failed", {
        payer: schoolUserId,
        school: schoolId,
        status: "failed",
        created: "2026-11-21T06:00:00Z",
      });
      await order("other", {
        payer: Number(otherUser?.id),
        school: Number(other?.id),
        status: "paid",
        created: "2026-11-01T06:00:00Z",
        invoice: 42,
      });
      // A student of the school paying for itself: its order, not the school's.
      await order(
        "self",
        { payer: Number(student?.id), school: schoolId, status: "paid", created: "2026-11-02T06:00:00Z", invoice: 43 },
        1,
      );
      await order("institute", {
        payer: Number(institute?.id),
        school: null,
        institute: Number(institute?.instituteId),
        status: "paid",
        created: "2026-11-03T06:00:00Z",
        invoice: 44,
      });
    });
    afterAll(async () => {
      await api?.close();
    });

    const history = async (username: string, query = "") =>
      api.call("GET", `/api/payment-history${query}`, { token: await api.login(username) });

    it("lists the school's own orders newest first, not another school's nor its students' own", async () => {
      const result = await history("school");
      expect(result.status).toBe(200);
      // The demo data's own paid order of the school is there too (first, it is the oldest); ours are newer.
      const ours = new Set(Object.values(ids));
      const rows = (result.body.data.items as { id: number }[]).filter((r) => ours.has(r.id)) as {
        id: number;
        reference: string;
        status: string;
        items: number;
        invoice_number: string | null;
        summary: string;
        amount: unknown;
      }[];
      expect(rows.map((r) => r.id)).toEqual([ids.failed, ids.pending, ids.paid]);
      const paid = rows.find((r) => r.id === ids.paid);
      expect(paid).toMatchObject({
        reference: `ORD-${String(ids.paid).padStart(6, "0")}`,
        status: "paid",
        items: 3,
        invoice_number: `${yearLabel}/000041`,
        amount: { currency: "INR", amount_minor: 45000 },
      });
      expect(paid?.summary).toMatch(/ and 1 more$/);
      expect(rows.find((r) => r.id === ids.pending)?.invoice_number).toBeNull();
      const other = await history("otherpayer");
      expect(other.body.data.items.map((r: { id: number }) => r.id)).toEqual([ids.other]);
      const institute = await history("masterinstitute");
      expect(institute.body.data.items.map((r: { id: number }) => r.id)).toEqual([ids.institute]);
    });

    it("filters by status and by the India-time day the order was created", async () => {
      const paid = (await history("school", "?status=paid")).body.data.items as { id: number; status: string }[];
      expect(paid.map((r) => r.id)).toContain(ids.paid);
      expect(paid.every((r) => r.status === "paid")).toBe(true);
      const oct2 = await history("school", "?created_at[from]=2026-10-02&created_at[to]=2026-10-02");
      expect(oct2.body.data.items.map((r: { id: number }) => r.id)).toEqual([ids.paid]);
      const oct1 = await history("school", "?created_at[from]=2026-10-01&created_at[to]=2026-10-01");
      expect(oct1.body.data.items).toEqual([]);
      const november = await history("school", "?created_at[from]=2026-11-01");
      expect(november.body.data.total).toBe(2);
    });

    it("names the field and the fix for a bad filter", async () => {
      const bad = await history("school", "?created_at[from]=2026-13-01");
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body)).toMatch(/created_at\[from\]/);
      const reversed = await history("school", "?created_at[from]=2026-11-02&created_at[to]=2026-11-01");
      expect(reversed.status).toBe(400);
      expect(JSON.stringify(reversed.body)).toMatch(/must not be after/);
      expect((await history("school", "?status=lost")).status).toBe(400);
    });

    it("gives the payer the invoice PDF of a paid order: number, school, students, total", async () => {
      const result = await api.call("GET", `/api/generate-school-payment-invoice?order_id=${ids.paid}`, {
        token: await api.login("school"),
      });
      expect(result.status).toBe(200);
      expect(result.headers.get("content-type")).toBe("application/pdf");
      expect(result.headers.get("content-disposition")).toContain(
        `invoice-${yearLabel.replace(/[^\w-]+/g, "-")}-000041.pdf`,
      );
      const text = pdfText(result.body as ArrayBuffer, `paid-${driver}`);
      const kids = await api.db
        .select({ description: paymentOrderItems.description })
        .from(paymentOrderItems)
        .where(eq(paymentOrderItems.orderId, ids.paid as number));
      for (const part of [
        `${yearLabel}/000041`,
        schoolName,
        ...kids.map((k) => k.description),
        "₹450.00",
        "pay_paid",
        "Tax: exempt.",
        "Page 1 of 1",
      ]) {
        expect(text, part).toContain(part.replace(/\s+/g, ""));
      }
    });

    it("shows the GST inside the total once the issuer's tax number and rate are configured", async () => {
      const issuer = api.services.config.invoiceIssuer;
      const before = { ...issuer };
      Object.assign(issuer, { taxId: "07AAAAA0000A1Z5", taxRateBasisPoints: 1800 });
      try {
        const result = await api.call("GET", `/api/generate-school-payment-invoice?order_id=${ids.paid}`, {
          token: await api.login("school"),
        });
        const text = pdfText(result.body as ArrayBuffer, `taxed-${driver}`);
        for (const part of ["GSTIN: 07AAAAA0000A1Z5", "Taxable value ₹381.36", "GST @ 18% (included) ₹68.64"]) {
          expect(text, part).toContain(part.replace(/\s+/g, ""));
        }
        expect(text).not.toContain("exempt");
      } finally {
        Object.assign(issuer, before);
      }
    });

    it("refuses an unpaid order's invoice (409), another payer's (404), and roles without invoices (403)", async () => {
      const get = async (username: string, id: number | undefined) =>
        api.call("GET", `/api/generate-school-payment-invoice?order_id=${id}`, { token: await api.login(username) });
      const pending = await get("school", ids.pending);
      expect(pending.status).toBe(409);
      expect(pending.body.message).toMatch(/not paid/);
      expect((await get("school", ids.other)).status).toBe(404);
      expect((await get("school", ids.self)).status).toBe(404);
      expect((await get("school", 999999)).status).toBe(404);
      expect((await get("zonal", ids.paid)).status).toBe(403);
      expect((await get("school", 0)).status).toBe(400);
      // Pay support answers payers' questions about any order.
      expect((await get("paysupport", ids.other)).status).toBe(200);
    });
  });
}
