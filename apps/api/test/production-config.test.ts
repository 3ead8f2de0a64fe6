import { Writable } from "node:stream";
import { parseEnv } from "@repo/contracts/env";
import { queryRows } from "@repo/db";
import { schools, users } from "@repo/db/schema";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../src/app";
import { hmacHex, webhookBody } from "../src/domains/payments/gateway";
import { apiEnvSchema } from "../src/env";
import { MSG91_ENV, SAFE_PRODUCTION_ENV, UNSAFE_PRODUCTION_CONFIGS } from "./production-env";
import { startTestApi, type TestApi } from "./support";

const parse = (env: Record<string, string | undefined>) => parseEnv("api", apiEnvSchema, env);

describe("the API's configuration in production", () => {
  it("accepts a real payment provider with its keys and a metrics token", () => {
    const env = parse({ ...SAFE_PRODUCTION_ENV });
    expect(env.PAYMENT_PROVIDER).toBe("razorpay");
    expect(env.METRICS_TOKEN).toBe(SAFE_PRODUCTION_ENV.METRICS_TOKEN);
  });

  it.each(UNSAFE_PRODUCTION_CONFIGS)("refuses $what, naming the variable", ({ env, names }) => {
    expect(() => parse({ ...SAFE_PRODUCTION_ENV, ...env })).toThrow(names);
  });

  it("takes fake payments only when switched on by name, with a private webhook secret", () => {
    const env = parse({
      ...SAFE_PRODUCTION_ENV,
      PAYMENT_PROVIDER: "demo",
      UNSAFE_DEMO_PAYMENTS_IN_PRODUCTION: "true",
      DEMO_GATEWAY_SECRET: "a-private-demo-secret",
    });
    expect(env.PAYMENT_PROVIDER).toBe("demo");
    expect(env.DEMO_GATEWAY_SECRET).toBe("a-private-demo-secret");
    expect(env.UNSAFE_DEMO_PAYMENTS_IN_PRODUCTION).toBe(true);
  });

  it("takes MSG91 with its key, sender id and template ids, and without a gateway keeps texts queued", () => {
    const env = parse({ ...SAFE_PRODUCTION_ENV, ...MSG91_ENV });
    expect(env.SMS_PROVIDER).toBe("msg91");
    expect(env.SMS_TEMPLATES).toEqual({
      "student-sign-in": MSG91_ENV.SMS_TEMPLATE_STUDENT_SIGN_IN,
      "mobile-otp": MSG91_ENV.SMS_TEMPLATE_MOBILE_OTP,
      "password-reset-code": MSG91_ENV.SMS_TEMPLATE_PASSWORD_RESET_CODE,
    });
    expect(parse({ ...SAFE_PRODUCTION_ENV }).SMS_GATEWAY_URL).toBeUndefined();
  });

  it("uses the fake SMS gateway's key and template ids outside production", () => {
    const env = parse({ NODE_ENV: "development", SMS_GATEWAY_URL: "http://127.0.0.1:4010" });
    expect(env.SMS_PROVIDER).toBe("fake");
    expect(env.SMS_AUTH_KEY).toBe("fake-sms-auth-key");
    expect(env.SMS_TEMPLATES["mobile-otp"]).toBe("fake-mobile-otp");
  });

  it("keeps the demo gateway, its secret and loopback-only metrics as the defaults outside production", () => {
    for (const NODE_ENV of [undefined, "development", "test"]) {
      const env = parse({ NODE_ENV, SEED_DEMO: "true" });
      expect(env.PAYMENT_PROVIDER).toBe("demo");
      expect(env.DEMO_GATEWAY_SECRET).toBe("demo-gateway-secret");
      expect(env.DEMO_PASSWORD).toBe("Demo@12345");
      expect(env.METRICS_TOKEN).toBeUndefined();
      expect(env.UNSAFE_DEMO_PAYMENTS_IN_PRODUCTION).toBe(false);
    }
  });
});

// One driver is enough: the warning is a log line, not a query.
describe("fake payments in production are logged, each one", () => {
  let api: TestApi;
  const lines: Record<string, unknown>[] = [];
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    api = await startTestApi("pglite", {
      payments: { provider: "demo", demoSecret: "a-private-demo-secret", razorpay: null, warnEachPayment: true },
    });
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const text of chunk.toString("utf8").split("\n").filter(Boolean)) lines.push(JSON.parse(text));
        done();
      },
    });
    app = createApp({ services: api.services, logger: pino({ level: "info" }, stream), version: "test" });
    const [own] = await api.db.select({ id: users.schoolId }).from(users).where(eq(users.username, "school"));
    await api.db
      .update(schools)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(schools.id, Number(own?.id)));
  });
  afterAll(async () => {
    await api?.close();
  });

  const post = (url: string, token: string | null, body: unknown, headers: Record<string, string> = {}) =>
    app.request(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const warnings = () => lines.filter((line) => line.level === 40 && String(line.msg).startsWith("FAKE PAYMENTS"));

  it("warns at the demo checkout's payment and at a demo webhook", async () => {
    const token = await api.login("school");
    const [student] = await queryRows<{ id: number }>(
      api.db,
      sql`select s.id from students s join users u on u.school_id = s.school_id
          where u.username = 'school' and s.payment_status = 'unpaid' order by s.id limit 1`,
    );
    const created = await post("/api/pay-student/create-payment", token, { student_ids: [Number(student?.id)] });
    expect(created.status).toBe(200);
    const order = (await created.json()).data;
    const paid = await post(`/api/payments/demo/checkout/${order.order_id}`, token, { outcome: "pay" });
    expect(paid.status).toBe(200);
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toMatchObject({ order_id: order.order_id, outcome: "applied", payment_provider: "demo" });

    // A webhook signed with the configured secret is a demo payment too.
    const raw = webhookBody("payment.failed", {
      paymentId: "pay_demo_warning",
      providerOrderId: "demo_order_999999",
      amountMinor: 100,
      currency: "INR",
      status: "failed",
      method: "demo",
      error: "declined",
    });
    const hook = await post("/api/payments/webhook/demo", null, raw, {
      "X-Razorpay-Signature": hmacHex("a-private-demo-secret", raw),
      "X-Razorpay-Event-Id": "evt_demo_warning",
    });
    expect(hook.status).toBe(200);
    expect(warnings()).toHaveLength(2);
  });
});
