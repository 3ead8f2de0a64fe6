import type { OpenAPIHono, z } from "@hono/zod-openapi";
import { envelope } from "@repo/contracts/envelope";
import {
  markOrderPaidBody,
  refundCaptureBody,
  refundOrderBody,
  registrationReferenceParam,
  schoolBalancePage,
  schoolBalanceQuery,
  supportOrderDetail,
  supportOrderPage,
  supportOrderQuery,
  supportRegistration,
} from "@repo/contracts/pay-support";
import { ORDER_EXPIRES_AFTER_MINUTES } from "@repo/contracts/payments-constants";
import type { AppEnv } from "../../context";
import { actorOf } from "../../kernel/auth/middleware";
import { ok } from "../../kernel/http/envelope";
import { apiRoute, errorResponse } from "../../kernel/http/routes";
import { idParam, json, named } from "../../kernel/http/schemas";
import { registrationByReference } from "../students/students";
import {
  expireOrder,
  listSupportOrders,
  markOrderPaid,
  reconcileOrderNow,
  refundCapture,
  refundOrder,
  supportOrder,
} from "./pay-support";
import { listSchoolBalances } from "./school-balances";

const tags = ["Pay support"];
const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: true },
});
const detail = json(
  envelope(named(supportOrderDetail, "SupportOrderDetail")).openapi("SupportOrderDetailResponse"),
  "The order with its students, the gateway's payments and events",
);

/** The pay-support desk's orders: find, look into, reconcile, expire, mark paid by hand. */
export function registerPaySupportRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(
    apiRoute("paySupport.orders", {
      method: "get",
      path: "/api/paysupport/orders",
      tags,
      summary: "Page through orders, newest first",
      description: `Search by order reference (ORD-000042 or 42), the gateway's order or payment id, a student's name, roll number or phone, or the payer. \`view=waiting\`: orders waiting for the gateway; \`view=attention\`: held mismatches, refunds due, and orders still open after ${ORDER_EXPIRES_AFTER_MINUTES} minutes.`,
      request: { query: supportOrderQuery },
      responses: {
        200: json(envelope(named(supportOrderPage, "SupportOrderPage")).openapi("SupportOrderPageResponse"), "Orders"),
      },
    }),
    async (c) => ok(c, await listSupportOrders(c.var.services.database.db, c.req.valid("query"))),
  );

  app.openapi(
    apiRoute("paySupport.manage", {
      method: "get",
      path: "/api/paysupport/schools",
      tags,
      summary: "Schools with their students' payments and balances (this exam year)",
      description:
        "Each school's students by payment status, the fees paid for them (by the school, its master institute or by hand) and what its unpaid students still cost at its country's fee. Search by name, referral code or username; `owing=true`: only schools with unpaid students.",
      request: { query: schoolBalanceQuery },
      responses: {
        200: json(
          envelope(named(schoolBalancePage, "SchoolBalancePage")).openapi("SchoolBalancePageResponse"),
          "Schools and balances",
        ),
      },
    }),
    async (c) => ok(c, await listSchoolBalances(c.var.services.database.db, c.req.valid("query"))),
  );

  app.openapi(
    apiRoute("paySupport.orders", {
      method: "get",
      path: "/api/paysupport/orders/{id}",
      tags,
      summary: "One order with its students, payments and gateway events",
      request: { params: idParam },
      responses: { 200: detail, 404: errorResponse("No such order") },
    }),
    async (c) => ok(c, await supportOrder(c.var.services.database.db, c.req.valid("param").id)),
  );

  app.openapi(
    apiRoute("paySupport.orders", {
      method: "get",
      path: "/api/paysupport/registrations/{reference}",
      tags,
      summary: "The registration behind a reference a school quoted",
      description:
        "A school adding a student that another school registered this year is told only a reference (REG-000123), never the other school (decision 055). Support reads here which school has the student, to resolve it with both schools.",
      request: { params: registrationReferenceParam },
      responses: {
        200: json(
          envelope(named(supportRegistration, "SupportRegistration")).openapi("SupportRegistrationResponse"),
          "The registration",
        ),
        404: errorResponse("No registration has this reference"),
      },
    }),
    async (c) => ok(c, await registrationByReference(c.var.services.database.db, c.req.valid("param").reference)),
  );

  app.openapi(
    apiRoute("paySupport.manage", {
      method: "post",
      path: "/api/paysupport/orders/{id}/reconcile",
      tags,
      summary: "Ask the gateway about the order now",
      description: "Its captured payments are settled as their webhooks would have been. Logged.",
      request: { params: idParam },
      responses: { 200: detail, 404: errorResponse("No such order") },
    }),
    async (c) => {
      const result = await reconcileOrderNow(c.var.services, actorOf(c), c.req.valid("param").id);
      return ok(c, result.order, result.message);
    },
  );

  app.openapi(
    apiRoute("paySupport.manage", {
      method: "post",
      path: "/api/paysupport/orders/{id}/expire",
      tags,
      summary: "Expire an order that waits for payment",
      description: "Its students are unpaid again and can be paid for in a new order. Logged.",
      request: { params: idParam },
      responses: { 200: detail, 404: errorResponse("No such order"), 409: errorResponse("The order is not waiting") },
    }),
    async (c) =>
      ok(
        c,
        await expireOrder(c.var.services.database.db, actorOf(c), c.req.valid("param").id),
        "The order is expired; its students can be paid for again.",
      ),
  );

  app.openapi(
    apiRoute("paySupport.manage", {
      method: "post",
      path: "/api/paysupport/orders/{id}/mark-paid",
      tags,
      summary: "Mark an order paid by hand (cheque, bank transfer)",
      description:
        "The reference and the reason are required and logged with who and when. The order is paid like a gateway payment: invoice number, roll numbers, the referral ledger, the receipt and the students' sign-ins.",
      request: { params: idParam, ...body(named(markOrderPaidBody, "MarkOrderPaidBody")) },
      responses: { 200: detail, 404: errorResponse("No such order"), 409: errorResponse("The order is not waiting") },
    }),
    async (c) =>
      ok(
        c,
        await markOrderPaid(c.var.services.database.db, actorOf(c), c.req.valid("param").id, c.req.valid("json")),
        "The order is marked paid.",
      ),
  );

  app.openapi(
    apiRoute("paySupport.manage", {
      method: "post",
      path: "/api/paysupport/orders/{id}/refund",
      tags,
      summary: "Give back a payment that is due back",
      description:
        "A duplicate payment, one paid after its order expired, or one held for a mismatched amount is refunded in full through the gateway, once; the reason is logged with who and when.",
      request: { params: idParam, ...body(named(refundCaptureBody, "RefundCaptureBody")) },
      responses: {
        200: detail,
        404: errorResponse("No such payment of this order"),
        409: errorResponse("The payment paid its order, or is already given back"),
        502: errorResponse("The gateway did not take the refund; nothing changed"),
      },
    }),
    async (c) => {
      const result = await refundCapture(c.var.services, actorOf(c), c.req.valid("param").id, c.req.valid("json"));
      return ok(c, result.order, `The payment is given back (refund ${result.refundId}).`);
    },
  );

  app.openapi(
    apiRoute("payments.refundOrder", {
      method: "post",
      path: "/api/admin/payment-orders/{id}/refund",
      tags,
      summary: "Refund a paid order (admins)",
      description:
        "In full, once: the payment that paid it goes back through the gateway (an order marked paid by hand needs the reference of how the money went back). The order becomes refunded, its students unpaid and payable again (each keeps its roll number), the referral commissions are reversed, and the payer is mailed. The reason is logged with who and when.",
      request: { params: idParam, ...body(named(refundOrderBody, "RefundOrderBody")) },
      responses: {
        200: detail,
        404: errorResponse("No such order"),
        409: errorResponse("The order is not paid, or already refunded"),
        422: errorResponse("An order paid by hand needs the refund's reference"),
        502: errorResponse("The gateway did not take the refund; nothing changed"),
      },
    }),
    async (c) => {
      const result = await refundOrder(c.var.services, actorOf(c), c.req.valid("param").id, c.req.valid("json"));
      return ok(c, result.order, `The order is refunded (refund ${result.refundId}).`);
    },
  );
}
