/**
 * Buying study materials (docs/domain.md, Fees and payments: an order covers students or study materials): the cart
 * becomes one order of the payer's, paid through the same gateway, invoice and webhooks as a
 * student order. A bought material opens for its buyer (content-files' reader check). The price is
 * always the server's, copied onto the order's lines when it is created.
 */
import type { BoughtStudyMaterial, BuyStudyMaterialsBody, CreatedPayment } from "@repo/contracts/payments";
import { orderReference } from "@repo/contracts/payments-constants";
import { type Db, queryRows } from "@repo/db";
import { sql } from "drizzle-orm";
import type { Services } from "../../context";
import { recordActivity } from "../../kernel/activity";
import { ApiError } from "../../kernel/http/errors";
import { idsIn } from "../../kernel/sql";
import { activeExamYear } from "../programme/exam-year";
import { openGatewayOrder, type Payer } from "./orders";

const iso = (value: Date | string) => new Date(value).toISOString();

/** get-buy-study-materials: every material the payer bought, newest payment first. */
export async function boughtStudyMaterials(db: Db, payer: Payer): Promise<BoughtStudyMaterial[]> {
  const rows = await queryRows<{
    study_material_id: number;
    title: string;
    order_id: number;
    amount_minor: number;
    currency: string;
    paid_at: Date | string;
  }>(
    db,
    sql`select i.study_material_id, i.description as title, o.id as order_id, i.amount_minor, o.currency, o.paid_at
        from payment_order_items i join payment_orders o on o.id = i.order_id
        where o.payer_user_id = ${payer.userId} and o.purpose = 'study_materials' and o.status = 'paid'
        order by o.paid_at desc, i.id`,
  );
  return rows.map((r) => ({
    study_material_id: Number(r.study_material_id),
    title: r.title,
    order_id: r.order_id,
    reference: orderReference(r.order_id),
    amount_minor: Number(r.amount_minor),
    currency: r.currency.trim(),
    paid_at: iso(r.paid_at),
  }));
}

interface CartLine {
  id: number;
  title: string;
  price_minor: number | null;
  currency: string;
  is_published: boolean;
  bought: boolean;
  in_open_order: boolean;
}

/** buy-study-materials/create-payment: one order for the cart, held for the gateway. */
export async function createStudyMaterialOrder(
  services: Services,
  payer: Payer,
  body: BuyStudyMaterialsBody,
): Promise<CreatedPayment> {
  const { db } = services.database;
  const year = await activeExamYear(db);
  const ids = [...new Set(body.study_material_ids)];
  const order = await db.transaction(async (tx) => {
    // The payer's row is locked so two carts sent at once cannot both buy one material.
    const [user] = await queryRows<{ school_id: number | null; master_institute_id: number | null }>(
      tx,
      sql`select school_id, master_institute_id from users where id = ${payer.userId} for update`,
    );
    const lines = await queryRows<CartLine>(
      tx,
      sql`select m.id, m.title, m.price_minor, m.currency, m.is_published,
            exists (select 1 from payment_order_items i join payment_orders o on o.id = i.order_id
              where i.study_material_id = m.id and o.payer_user_id = ${payer.userId} and o.status = 'paid') as bought,
            exists (select 1 from payment_order_items i join payment_orders o on o.id = i.order_id
              where i.study_material_id = m.id and o.payer_user_id = ${payer.userId}
                and o.status in ('created', 'pending')) as in_open_order
          from study_materials m where ${idsIn(sql`m.id`, ids)} order by m.id`,
    );
    const found = new Map(lines.map((line) => [line.id, line]));
    const problems: string[] = [];
    for (const id of ids) {
      const line = found.get(id);
      if (!line?.is_published) problems.push(`study material ${id} is not in the catalogue`);
      else if (line.price_minor === null) problems.push(`“${line.title}” is free: open it from Study Material`);
      else if (line.bought) problems.push(`you have already bought “${line.title}”`);
      else if (line.in_open_order) problems.push(`“${line.title}” is in a payment you have not finished`);
    }
    if (problems.length > 0) {
      throw new ApiError(
        409,
        `This cart cannot be bought: ${problems.join("; ")}. Refresh the page and choose again.`,
        [{ field: "study_material_ids", message: "Choose only materials for sale that you have not bought" }],
      );
    }
    const currencies = new Set(lines.map((line) => line.currency.trim()));
    if (currencies.size > 1) {
      throw new ApiError(
        409,
        "These study materials are priced in different currencies: buy them in separate payments.",
        [{ field: "study_material_ids", message: "Choose materials of one currency" }],
      );
    }
    const currency = [...currencies][0] ?? "INR";
    const amountMinor = lines.reduce((sum, line) => sum + Number(line.price_minor), 0);
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into payment_orders (exam_year_id, purpose, payer_user_id, school_id, master_institute_id, currency,
            amount_minor, status, provider)
          values (${year.id}, 'study_materials', ${payer.userId}, ${user?.school_id ?? null},
            ${user?.master_institute_id ?? null}, ${currency}, ${amountMinor}, 'created', ${services.gateway.provider})
          returning id`,
    );
    const orderId = Number(row?.id);
    await tx.execute(sql`
      insert into payment_order_items (order_id, study_material_id, description, amount_minor)
      select ${orderId}, m.id, m.title, m.price_minor from study_materials m
      where ${idsIn(sql`m.id`, ids)} order by m.id`);
    await recordActivity(tx, {
      userId: payer.userId,
      action: "payment.create",
      entity: "payment_orders",
      entityId: orderId,
      after: { study_materials: ids, amount: { currency, amount_minor: amountMinor } },
      requestId: payer.requestId,
    });
    return { id: orderId, amount: { currency, amount_minor: amountMinor }, students: 0 };
  });
  return openGatewayOrder(services, order);
}
