/**
 * The payment gateway behind one interface (docs/domain.md, Fees and payments): Razorpay-compatible in production, and
 * the local demo gateway by default so that the whole flow runs on a fresh machine. Both speak
 * Razorpay's webhook format (`payment.captured`, `payment.failed`), signed with HMAC-SHA256 of the
 * raw body in `X-Razorpay-Signature` and identified by `X-Razorpay-Event-Id`, so one parser and one
 * settlement path serve both.
 */
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { gatewayEventId, gatewayPaymentEntity, gatewayWebhookBody } from "@repo/contracts/payments";
import type { PaymentProvider } from "@repo/contracts/payments-constants";
import type { z } from "zod";

export interface GatewayPayment {
  /** The gateway's payment id (pay_…): unique per provider, the key that makes settling idempotent. */
  paymentId: string;
  providerOrderId: string;
  amountMinor: number;
  currency: string;
  /** captured | failed | … as the gateway says. */
  status: string;
  method: string | null;
  error: string | null;
}

export interface GatewayEvent {
  eventId: string;
  type: string;
  payment: GatewayPayment | null;
}

export interface PaymentGateway {
  provider: PaymentProvider;
  /** The gateway's order for ours (its id goes back in every payment for it). */
  createOrder(order: { id: number; amountMinor: number; currency: string }): Promise<{ providerOrderId: string }>;
  /** Whether a webhook's raw body carries the gateway's signature. */
  verifyWebhook(rawBody: string, signature: string | null): boolean;
  /** Whether the checkout's return (order id, payment id, signature) is the gateway's. */
  verifyCheckout(providerOrderId: string, paymentId: string, signature: string): boolean;
  /** The payments the gateway holds for an order (reconciliation asks when no webhook came). */
  orderPayments(providerOrderId: string): Promise<GatewayPayment[]>;
  /** Gives a captured payment back in full (a duplicate, a late or a mismatched payment); the refund's id. */
  refund(paymentId: string, amountMinor: number): Promise<{ refundId: string }>;
  /** The checkout's public key (razorpay), or null. */
  keyId: string | null;
}

/**
 * The demo gateway's webhook secret when DEMO_GATEWAY_SECRET is not set: the demo gateway moves no
 * money, and tests that post webhooks to a default server sign with it.
 */
export const DEMO_GATEWAY_DEFAULT_SECRET = "demo-gateway-secret";

/**
 * Logged at every start and every demo payment of a production API whose demo gateway was
 * switched on by UNSAFE_DEMO_PAYMENTS_IN_PRODUCTION (docs/decisions/044).
 */
export const FAKE_PAYMENTS_WARNING =
  "FAKE PAYMENTS: the demo gateway is on in production (UNSAFE_DEMO_PAYMENTS_IN_PRODUCTION=true): orders are marked paid without any money; set PAYMENT_PROVIDER=razorpay for real payments";

export const hmacHex = (secret: string, text: string) => createHmac("sha256", secret).update(text).digest("hex");

/** Compares a signature in constant time (a wrong length is simply wrong). */
export function sameSignature(expected: string, given: string | null): boolean {
  if (!given) return false;
  const a = Buffer.from(expected, "utf8");
  const b = Buffer.from(given.trim(), "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Why a gateway's message cannot be kept: the field (its path in the body) and the reason. */
export interface GatewayProblem {
  field: string;
  message: string;
}

function problemOf(error: z.ZodError, prefix: string): GatewayProblem {
  const issue = error.issues[0];
  const field = [prefix, ...(issue?.path ?? []).map(String)].filter(Boolean).join(".");
  return { field, message: issue?.message ?? "is not what a gateway sends" };
}

/**
 * A payment entity as the columns can hold it (decision 049): null when it is not one of the
 * portal's (no order id), a problem when a field cannot be kept.
 */
export function paymentOf(entity: unknown, prefix = ""): GatewayPayment | null | GatewayProblem {
  const parsed = gatewayPaymentEntity.safeParse(entity);
  if (!parsed.success) return problemOf(parsed.error, prefix);
  const payment = parsed.data;
  if (!payment.order_id) return null;
  return {
    paymentId: payment.id,
    providerOrderId: payment.order_id,
    amountMinor: payment.amount,
    currency: payment.currency,
    status: payment.status,
    method: payment.method ?? null,
    error: payment.error_description,
  };
}

const isProblem = (value: unknown): value is GatewayProblem =>
  typeof value === "object" && value !== null && "field" in value && "message" in value;

/**
 * A webhook's event from its raw body (already verified): null when it is not JSON we understand,
 * a problem naming the field when a field cannot be kept as the columns hold it (decision 049).
 */
export function parseWebhook(rawBody: string, eventIdHeader: string | null): GatewayEvent | null | GatewayProblem {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return null;
  }
  if (typeof (json as { event?: unknown } | null)?.event !== "string") return null;
  const body = gatewayWebhookBody.omit({ payload: true }).safeParse(json);
  if (!body.success) return problemOf(body.error, "");
  const eventId = eventIdHeader ?? body.data.id ?? null;
  if (!eventId) return null;
  const id = gatewayEventId.safeParse(eventId);
  if (!id.success) return problemOf(id.error, eventIdHeader ? "X-Razorpay-Event-Id" : "id");
  const entity = (json as { payload?: { payment?: { entity?: unknown } } }).payload?.payment?.entity;
  const payment = entity === undefined ? null : paymentOf(entity, "payload.payment.entity");
  if (isProblem(payment)) return payment;
  return { eventId, type: body.data.event, payment };
}

/** A webhook body as Razorpay sends it, for a payment (the demo gateway sends the same). */
export function webhookBody(type: string, payment: GatewayPayment): string {
  return JSON.stringify({
    entity: "event",
    event: type,
    contains: ["payment"],
    payload: {
      payment: {
        entity: {
          id: payment.paymentId,
          entity: "payment",
          order_id: payment.providerOrderId,
          amount: payment.amountMinor,
          currency: payment.currency,
          status: payment.status,
          method: payment.method,
          error_description: payment.error,
        },
      },
    },
    created_at: Math.floor(Date.now() / 1000),
  });
}

/**
 * The demo gateway: orders are `demo_order_{id}`, payments `pay_demo_…`; it keeps nothing of its
 * own, so reconciliation finds no payment for an order nobody paid (and expires it).
 */
export function demoGateway(secret: string): PaymentGateway & { sign(body: string): string; newPaymentId(): string } {
  return {
    provider: "demo",
    keyId: null,
    createOrder: async (order) => ({ providerOrderId: `demo_order_${order.id}` }),
    verifyWebhook: (rawBody, signature) => sameSignature(hmacHex(secret, rawBody), signature),
    verifyCheckout: (orderId, paymentId, signature) =>
      sameSignature(hmacHex(secret, `${orderId}|${paymentId}`), signature),
    orderPayments: async () => [],
    refund: async () => ({ refundId: `rfnd_demo_${randomUUID().replaceAll("-", "").slice(0, 14)}` }),
    sign: (body) => hmacHex(secret, body),
    newPaymentId: () => `pay_demo_${randomUUID().replaceAll("-", "").slice(0, 14)}`,
  };
}

export interface RazorpayConfig {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** https://api.razorpay.com unless a test points it elsewhere. */
  apiUrl: string;
}

/** Razorpay-compatible: orders API with basic auth, checkout and webhook signatures. */
export function razorpayGateway(config: RazorpayConfig): PaymentGateway {
  const auth = `Basic ${Buffer.from(`${config.keyId}:${config.keySecret}`).toString("base64")}`;
  const call = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${config.apiUrl.replace(/\/+$/, "")}${path}`, {
      ...init,
      headers: { Authorization: auth, "Content-Type": "application/json", ...init.headers },
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok) {
      const error = (body.error as { description?: string } | undefined)?.description ?? response.statusText;
      throw new Error(`Razorpay answered ${response.status}: ${error}`);
    }
    return body;
  };
  return {
    provider: "razorpay",
    keyId: config.keyId,
    async createOrder(order) {
      const body = await call("/v1/orders", {
        method: "POST",
        body: JSON.stringify({ amount: order.amountMinor, currency: order.currency, receipt: `order-${order.id}` }),
      });
      if (typeof body.id !== "string") throw new Error("Razorpay gave no order id");
      return { providerOrderId: body.id };
    },
    verifyWebhook: (rawBody, signature) => sameSignature(hmacHex(config.webhookSecret, rawBody), signature),
    verifyCheckout: (orderId, paymentId, signature) =>
      sameSignature(hmacHex(config.keySecret, `${orderId}|${paymentId}`), signature),
    async orderPayments(providerOrderId) {
      const body = await call(`/v1/orders/${encodeURIComponent(providerOrderId)}/payments`);
      const items: unknown[] = Array.isArray(body.items) ? body.items : [];
      // A payment whose fields the columns cannot hold is not settled from here (its webhook is refused too).
      return items.map((item) => paymentOf(item)).filter((p): p is GatewayPayment => p !== null && !isProblem(p));
    },
    async refund(paymentId, amountMinor) {
      const body = await call(`/v1/payments/${encodeURIComponent(paymentId)}/refund`, {
        method: "POST",
        body: JSON.stringify({ amount: amountMinor }),
      });
      if (typeof body.id !== "string") throw new Error("Razorpay gave no refund id");
      return { refundId: body.id };
    },
  };
}
