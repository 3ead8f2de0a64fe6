import type { OpenAPIHono, z } from "@hono/zod-openapi";
import { envelope } from "@repo/contracts/envelope";
import {
  boughtStudyMaterial,
  buyStudyMaterialsBody,
  checkoutReturnBody,
  createdPayment,
  demoCheckoutBody,
  openOrder,
  openOrdersQuery,
  orderSummary,
  ownFee as ownFeeSchema,
  paymentAmount,
  studentChoice,
  webhookAnswer,
} from "@repo/contracts/payments";
import { z as zod } from "zod";
import type { AppEnv } from "../../context";
import { actorOf, signedIn } from "../../kernel/auth/middleware";
import { ok } from "../../kernel/http/envelope";
import { ApiError } from "../../kernel/http/errors";
import { apiRoute, errorResponse } from "../../kernel/http/routes";
import { idParam, json, named } from "../../kernel/http/schemas";
import { FAKE_PAYMENTS_WARNING, webhookBody } from "./gateway";
import { cancelOrder, createStudentOrder, openOrdersOf, orderForPayer, paymentAmountFor } from "./orders";
import { createOwnFeeOrder, ownFee } from "./own-fee";
import { handleWebhook, settleReturn } from "./settle";
import { boughtStudyMaterials, createStudyMaterialOrder } from "./study-material-orders";

const tags = ["Payments"];
const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: true },
});
const payerOf = (c: { var: AppEnv["Variables"] }) => ({ ...actorOf(c), roleId: signedIn(c).roleId });
const createdResponse = json(
  envelope(named(createdPayment, "CreatedPayment")).openapi("CreatedPaymentResponse"),
  "The order, held for the gateway, and how to open its checkout",
);
const createErrors = {
  409: errorResponse(
    "A chosen student is not unpaid (or not yours), no fee is set, or the school's e-mail is not verified yet",
  ),
  502: errorResponse("The gateway could not be reached; nothing was charged"),
};
const orderResponse = json(envelope(named(orderSummary, "OrderSummary")).openapi("OrderSummaryResponse"), "The order");

/** Paying for students (decision 017): the amount, the order, the demo checkout, the gateway's answers. */
/** Each demo payment a production API takes is logged as a warning (docs/decisions/044). */
function warnIfFake(c: { var: AppEnv["Variables"] }, orderId: number | null, outcome: string) {
  const { services, log } = c.var;
  if (services.gateway.provider !== "demo" || !services.config.payments.warnEachPayment) return;
  log.warn({ payment_provider: "demo", order_id: orderId, outcome }, FAKE_PAYMENTS_WARNING);
}

export function registerPaymentRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(
    apiRoute("payments.payForStudents", {
      method: "post",
      path: "/api/get-payment-amount",
      tags,
      summary: "What the chosen unpaid students cost",
      description:
        "The ticked students, every unpaid student of a class, or (neither) every unpaid student; the active exam year's Level 1 fee for the school's country, times the students.",
      request: body(named(studentChoice, "StudentChoice")),
      responses: {
        200: json(envelope(named(paymentAmount, "PaymentAmount")).openapi("PaymentAmountResponse"), "The amount"),
        409: errorResponse("A chosen student is not unpaid, or not yours"),
      },
    }),
    async (c) => ok(c, await paymentAmountFor(c.var.services.database.db, payerOf(c), c.req.valid("json"))),
  );

  for (const path of ["/api/pay-student/create-payment", "/api/master-institute/pay-student/create-payment"] as const) {
    app.openapi(
      apiRoute("payments.payForStudents", {
        method: "post",
        path,
        tags,
        summary:
          path === "/api/pay-student/create-payment"
            ? "Start paying for the school's chosen unpaid students"
            : "Start paying for unpaid students of the master institute's schools",
        description:
          "Creates an order for the chosen unpaid students (the amount is the server's), holds them as pending so no other payment covers them, and opens the gateway's order. A school pays once its e-mail is verified.",
        request: body(named(studentChoice, "StudentChoice")),
        responses: { 200: createdResponse, ...createErrors },
      }),
      async (c) => ok(c, await createStudentOrder(c.var.services, payerOf(c), c.req.valid("json")), "Order created"),
    );
  }

  app.openapi(
    apiRoute("studyMaterial.buy", {
      method: "get",
      path: "/api/get-buy-study-materials",
      tags,
      summary: "The study materials the signed-in payer has bought",
      description: "Each with the paid order that bought it; a bought material's file and link open for its buyer.",
      responses: {
        200: json(
          envelope(zod.array(named(boughtStudyMaterial, "BoughtStudyMaterial"))).openapi(
            "BoughtStudyMaterialsResponse",
          ),
          "Bought materials, newest payment first",
        ),
      },
    }),
    async (c) => ok(c, await boughtStudyMaterials(c.var.services.database.db, payerOf(c))),
  );

  app.openapi(
    apiRoute("studyMaterial.buy", {
      method: "post",
      path: "/api/buy-study-materials/create-payment",
      tags,
      summary: "Start paying for a cart of study materials",
      description:
        "One order for the chosen priced study materials at the catalogue's prices (the server's), paid like a student order. A material already bought, or in an unfinished payment of the payer's, is refused.",
      request: body(named(buyStudyMaterialsBody, "BuyStudyMaterialsBody")),
      responses: {
        200: createdResponse,
        409: errorResponse("A material is free, not in the catalogue, bought already, or in an unfinished payment"),
        502: errorResponse("The gateway could not be reached; nothing was charged"),
      },
    }),
    async (c) =>
      ok(c, await createStudyMaterialOrder(c.var.services, payerOf(c), c.req.valid("json")), "Order created"),
  );

  app.openapi(
    apiRoute("payments.payOwnFee", {
      method: "get",
      path: "/api/pay-my-fee",
      tags,
      summary: "An individual student's own registration and fee",
      responses: {
        200: json(envelope(named(ownFeeSchema, "OwnFee")).openapi("OwnFeeResponse"), "The registration and its fee"),
        404: errorResponse("The signed-in student has no registration"),
      },
    }),
    async (c) => ok(c, await ownFee(c.var.services.database.db, payerOf(c))),
  );

  app.openapi(
    apiRoute("payments.payOwnFee", {
      method: "post",
      path: "/api/pay-my-fee/create-payment",
      tags,
      summary: "Start paying an individual student's own fee",
      description: "An order for the student's own registration at the fee of its country, opened at the gateway.",
      responses: {
        200: createdResponse,
        409: errorResponse("The fee is paid already, a payment of it is unfinished, or no fee is set"),
        502: errorResponse("The gateway could not be reached; nothing was charged"),
      },
    }),
    async (c) => ok(c, await createOwnFeeOrder(c.var.services, payerOf(c)), "Order created"),
  );

  app.openapi(
    apiRoute("payments.checkout", {
      method: "get",
      path: "/api/payments/orders/{id}",
      tags,
      summary: "One of the signed-in payer's orders (checkout and result pages)",
      request: { params: idParam },
      responses: { 200: orderResponse, 404: errorResponse("No such order of yours") },
    }),
    async (c) =>
      ok(
        c,
        await orderForPayer(c.var.services.database.db, c.var.services.gateway, payerOf(c), c.req.valid("param").id),
      ),
  );

  app.openapi(
    apiRoute("payments.checkout", {
      method: "get",
      path: "/api/payments/open-orders",
      tags,
      summary: "The signed-in payer's unfinished payments",
      description:
        "Orders still waiting for the gateway, oldest first, each with when it releases what it holds by itself (decision 054); the pages that pay offer Continue and Cancel for them.",
      request: { query: openOrdersQuery },
      responses: {
        200: json(
          envelope(zod.array(named(openOrder, "OpenOrder"))).openapi("OpenOrdersResponse"),
          "Unfinished payments",
        ),
      },
    }),
    async (c) => ok(c, await openOrdersOf(c.var.services.database.db, payerOf(c), c.req.valid("query").purpose)),
  );

  app.openapi(
    apiRoute("payments.checkout", {
      method: "post",
      path: "/api/payments/orders/{id}/cancel",
      tags,
      summary: "Cancel one of the signed-in payer's unfinished payments",
      description:
        "Releases what the order holds at once (its students become payable again). A payment the gateway still takes for it afterwards is recorded as late and given back by pay support (decision 054).",
      request: { params: idParam },
      responses: {
        200: orderResponse,
        404: errorResponse("No such order of yours"),
        409: errorResponse("The order is paid, failed, expired or cancelled already"),
      },
    }),
    async (c) => ok(c, await cancelOrder(c.var.services, payerOf(c), c.req.valid("param").id), "Payment cancelled"),
  );

  app.openapi(
    apiRoute("payments.checkout", {
      method: "post",
      path: "/api/payments/demo/checkout/{id}",
      tags,
      summary: "The demo gateway's Pay and Fail buttons",
      description:
        "Only with PAYMENT_PROVIDER=demo. The demo gateway signs a webhook exactly like the real gateway would and delivers it to the webhook endpoint's own code path, then answers the order as it now is.",
      request: { params: idParam, ...body(named(demoCheckoutBody, "DemoCheckoutBody")) },
      responses: {
        200: orderResponse,
        404: errorResponse("No such open order of yours, or the demo gateway is off"),
      },
    }),
    async (c) => {
      const { services } = c.var;
      const { gateway } = services;
      if (gateway.provider !== "demo" || !("sign" in gateway)) throw new ApiError(404, "The demo gateway is off.");
      const payer = payerOf(c);
      const order = await orderForPayer(services.database.db, services.gateway, payer, c.req.valid("param").id);
      if (order.status !== "pending") throw new ApiError(409, `Order ${order.reference} is not waiting for payment.`);
      const demo = gateway as typeof gateway & { sign(body: string): string; newPaymentId(): string };
      const pay = c.req.valid("json").outcome === "pay";
      const raw = webhookBody(pay ? "payment.captured" : "payment.failed", {
        paymentId: demo.newPaymentId(),
        providerOrderId: `demo_order_${order.id}`,
        amountMinor: order.amount.amount_minor,
        currency: order.amount.currency,
        status: pay ? "captured" : "failed",
        method: "demo",
        error: pay ? null : "The payment was declined at the demo gateway.",
      });
      const settled = await handleWebhook(services, "demo", raw, demo.sign(raw), `evt_demo_${crypto.randomUUID()}`);
      warnIfFake(c, order.id, settled.outcome);
      return ok(c, await orderForPayer(services.database.db, services.gateway, payer, order.id));
    },
  );

  for (const path of ["/api/pay-student/update-payment-status", "/api/update-payment-status"] as const) {
    app.openapi(
      apiRoute("payments.checkout", {
        method: "post",
        path,
        tags,
        summary: "The return from the gateway's checkout",
        description:
          "With Razorpay's ids and signature (HMAC-SHA256 of `order_id|payment_id`), the payment is settled at once instead of waiting for the webhook; both count once. Without them (the demo gateway), the order is answered as it is.",
        request: body(named(checkoutReturnBody, "CheckoutReturnBody")),
        responses: { 200: orderResponse, 400: errorResponse("The checkout's signature does not match") },
      }),
      async (c) => ok(c, await settleReturn(c.var.services, payerOf(c), c.req.valid("json"))),
    );
  }

  app.openapi(
    apiRoute("public", {
      method: "post",
      path: "/api/payments/webhook/{provider}",
      tags,
      summary: "The gateway's webhook",
      description:
        "Verified on the raw body with the webhook secret (X-Razorpay-Signature); each event id (X-Razorpay-Event-Id) counts once, and a repeat answers 200 and changes nothing.",
      request: {
        params: zod.object({
          provider: zod.string().openapi({ param: { name: "provider", in: "path", required: true } }),
        }),
      },
      responses: {
        200: json(envelope(named(webhookAnswer, "WebhookAnswer")).openapi("WebhookAnswerResponse"), "What it did"),
        400: errorResponse("A missing or wrong signature, or a body that is not an event"),
        404: errorResponse("This portal does not take payments through that provider"),
      },
    }),
    async (c) => {
      const raw = await c.req.text();
      const result = await handleWebhook(
        c.var.services,
        c.req.valid("param").provider,
        raw,
        c.req.header("x-razorpay-signature") ?? null,
        c.req.header("x-razorpay-event-id") ?? null,
      );
      warnIfFake(c, null, result.outcome);
      return ok(c, result);
    },
  );
}
