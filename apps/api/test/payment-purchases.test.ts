import { queryRows } from "@repo/db";
import { mailMessages, studyMaterials } from "@repo/db/schema";
import { testDrivers } from "@repo/db/testing";
import { eq, isNotNull, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "./support";

/** Buying study materials, and an individual student paying its own fee: both through the demo gateway. */
for (const driver of testDrivers()) {
  describe(`purchases beyond a school's students on ${driver}`, () => {
    let api: TestApi;
    let school: string;
    let priced: { id: number; priceMinor: number | null; title: string };
    let free: { id: number };

    beforeAll(async () => {
      api = await startTestApi(driver);
      school = await api.login("school");
      const [p] = await api.db
        .select({ id: studyMaterials.id, priceMinor: studyMaterials.priceMinor, title: studyMaterials.title })
        .from(studyMaterials)
        .where(isNotNull(studyMaterials.priceMinor));
      const [f] = await api.db
        .select({ id: studyMaterials.id })
        .from(studyMaterials)
        .where(isNull(studyMaterials.priceMinor));
      if (!p || !f) throw new Error("the demo catalogue has no priced and free materials");
      priced = p;
      free = f;
    });
    afterAll(async () => {
      await api?.close();
    });

    const pay = (token: string, orderId: number, outcome: "pay" | "fail" = "pay") =>
      api.call("POST", `/api/payments/demo/checkout/${orderId}`, { token, json: { outcome } });
    const catalogueItem = async (token: string) =>
      (await api.call("GET", "/api/study-materials?is_free=false&per_page=100", { token })).body.data.items.find(
        (item: { id: number }) => item.id === priced.id,
      );

    it("sells a cart of study materials once, at the catalogue's price, and opens them for the buyer only", async () => {
      const before = await catalogueItem(school);
      expect(before).toMatchObject({ bought: false, link: null });

      const freeOne = await api.call("POST", "/api/buy-study-materials/create-payment", {
        token: school,
        json: { study_material_ids: [free.id, priced.id] },
      });
      expect(freeOne.status).toBe(409);
      expect(freeOne.body.message).toContain("is free");
      expect(
        (
          await api.call("POST", "/api/buy-study-materials/create-payment", {
            token: school,
            json: { study_material_ids: [] },
          })
        ).status,
      ).toBe(400);

      const order = await api.call("POST", "/api/buy-study-materials/create-payment", {
        token: school,
        json: { study_material_ids: [priced.id, priced.id] },
      });
      expect(order.status, JSON.stringify(order.body)).toBe(200);
      expect(order.body.data.amount).toEqual({ currency: "INR", amount_minor: priced.priceMinor });
      const again = await api.call("POST", "/api/buy-study-materials/create-payment", {
        token: school,
        json: { study_material_ids: [priced.id] },
      });
      expect(again.status).toBe(409);
      expect(again.body.message).toContain("not finished");
      // The catalogue and the payer's open orders say it is held, to continue or cancel (decision 054).
      expect(await catalogueItem(school)).toMatchObject({ bought: false, in_unfinished_payment: true });
      const open = await api.call("GET", "/api/payments/open-orders?purpose=study_materials", { token: school });
      expect(open.body.data).toEqual([expect.objectContaining({ id: order.body.data.order_id, items: 1 })]);

      const paid = await pay(school, order.body.data.order_id);
      expect(paid.body.data).toMatchObject({ status: "paid", purpose: "study_materials" });
      expect(paid.body.data.invoice_number).toMatch(/\/\d{6}$/);
      expect(paid.body.data.items).toEqual([
        expect.objectContaining({ description: priced.title, amount_minor: priced.priceMinor }),
      ]);

      const bought = await api.call("GET", "/api/get-buy-study-materials", { token: school });
      expect(bought.body.data).toEqual([
        expect.objectContaining({ study_material_id: priced.id, order_id: order.body.data.order_id }),
      ]);
      const after = await catalogueItem(school);
      expect(after).toMatchObject({ bought: true, in_unfinished_payment: false });
      expect(after.link).toMatch(/^https:/);
      const twice = await api.call("POST", "/api/buy-study-materials/create-payment", {
        token: school,
        json: { study_material_ids: [priced.id] },
      });
      expect(twice.status).toBe(409);
      expect(twice.body.message).toContain("already bought");

      // Another payer still sees it for sale, closed.
      const institute = await api.login("masterinstitute");
      expect(await catalogueItem(institute)).toMatchObject({ bought: false, link: null });
      expect((await api.call("GET", "/api/get-buy-study-materials", { token: institute })).body.data).toEqual([]);
      // Pay support neither buys nor reads a buyer's orders.
      const support = await api.login("paysupport", "coordinator");
      expect(
        (
          await api.call("POST", "/api/buy-study-materials/create-payment", {
            token: support,
            json: { study_material_ids: [priced.id] },
          })
        ).status,
      ).toBe(403);
    });

    it("lets an individual student pay its own fee, once, and gives it a roll number", async () => {
      const [school0] = await queryRows<{ id: number }>(
        api.db,
        sql`select sc.id from schools sc join users u on u.school_id = sc.id where u.username = 'school'`,
      );
      const registered = await api.call("POST", "/api/sif/register/student", {
        json: {
          first_name: "Ira",
          last_name: "Kulkarni",
          class_level: 9,
          language: "mr",
          gender: "female",
          date_of_birth: "2012-02-10",
          parent_name: "Sunita Kulkarni",
          phone: "9744001122",
          email: `ira-${driver}@example.org`,
          school_id: Number(school0?.id),
        },
      });
      expect(registered.status, JSON.stringify(registered.body)).toBe(200);
      const [mail] = await api.db
        .select()
        .from(mailMessages)
        .where(eq(mailMessages.toAddress, `ira-${driver}@example.org`));
      const password = (mail?.variables as Record<string, string> | undefined)?.password;
      const login = await api.call("POST", "/api/login", {
        json: { username: registered.body.data.username, password, app: "school" },
      });
      const token = login.body.data.token as string;

      const fee = await api.call("GET", "/api/pay-my-fee", { token });
      expect(fee.status).toBe(200);
      expect(fee.body.data).toMatchObject({
        student_name: "Ira Kulkarni",
        class_level: 9,
        payment_status: "unpaid",
        roll_number: null,
        open_order_id: null,
        // Its exam language: the page speaks it (issue 35 item 7).
        language: "mr",
      });
      expect(fee.body.data.amount.amount_minor).toBeGreaterThan(0);

      const order = await api.call("POST", "/api/pay-my-fee/create-payment", { token });
      expect(order.status, JSON.stringify(order.body)).toBe(200);
      expect(order.body.data).toMatchObject({ students: 1, amount: fee.body.data.amount });
      const waiting = await api.call("GET", "/api/pay-my-fee", { token });
      expect(waiting.body.data).toMatchObject({ payment_status: "pending", open_order_id: order.body.data.order_id });
      expect((await api.call("POST", "/api/pay-my-fee/create-payment", { token })).status).toBe(409);
      // Its own fee's unfinished payment: listed with its release time, and cancelled by the student.
      const open = await api.call("GET", "/api/payments/open-orders", { token });
      expect(open.body.data).toEqual([
        expect.objectContaining({ id: order.body.data.order_id, items: 1, releases_at: expect.any(String) }),
      ]);
      const cancelled = await api.call("POST", `/api/payments/orders/${order.body.data.order_id}/cancel`, { token });
      expect(cancelled.body.data.status).toBe("cancelled");
      expect((await api.call("GET", "/api/pay-my-fee", { token })).body.data).toMatchObject({
        payment_status: "unpaid",
        open_order_id: null,
      });
      const reopened = await api.call("POST", "/api/pay-my-fee/create-payment", { token });
      expect(reopened.status).toBe(200);

      const failed = await pay(token, reopened.body.data.order_id, "fail");
      expect(failed.body.data.status).toBe("failed");
      const retry = await api.call("POST", "/api/pay-my-fee/create-payment", { token });
      expect(retry.status).toBe(200);
      expect((await pay(token, retry.body.data.order_id)).body.data.status).toBe("paid");

      const done = await api.call("GET", "/api/pay-my-fee", { token });
      expect(done.body.data).toMatchObject({ payment_status: "paid", amount: null });
      expect(done.body.data.roll_number).toMatch(/^\w+09\d{6}$/);
      expect((await api.call("POST", "/api/pay-my-fee/create-payment", { token })).status).toBe(409);
      // A school has no fee of its own to pay; a student cannot pay for a school's students.
      expect((await api.call("GET", "/api/pay-my-fee", { token: school })).status).toBe(403);
      expect(
        (await api.call("POST", "/api/pay-student/create-payment", { token, json: { student_ids: [1] } })).status,
      ).toBe(403);
    });
  });
}
