// The production configurations the API must accept and refuse (docs/decisions/044), shared by
// the schema tests (production-config.test.ts) and the start-up tests (startup.test.ts).

/** What a real production API is given (deploy/compose.yaml): Razorpay's keys and a metrics token. */
export const SAFE_PRODUCTION_ENV = {
  NODE_ENV: "production",
  PAYMENT_PROVIDER: "razorpay",
  RAZORPAY_KEY_ID: "rzp_live_key",
  RAZORPAY_KEY_SECRET: "a-private-key-secret",
  RAZORPAY_WEBHOOK_SECRET: "a-private-webhook-secret",
  METRICS_TOKEN: "a-private-metrics-token-24",
} as const;

/** MSG91's Flow API with its key, sender id and the DLT template id of each kind of text. */
export const MSG91_ENV = {
  SMS_GATEWAY_URL: "https://control.msg91.com",
  SMS_AUTH_KEY: "a-private-msg91-authkey",
  SMS_SENDER_ID: "EXMPRT",
  SMS_TEMPLATE_STUDENT_SIGN_IN: "1107160000000000001",
  SMS_TEMPLATE_MOBILE_OTP: "1107160000000000002",
  SMS_TEMPLATE_PASSWORD_RESET_CODE: "1107160000000000003",
} as const;

/** Each unsafe production configuration (docs/decisions/044) and the variable its refusal names. */
export const UNSAFE_PRODUCTION_CONFIGS: { what: string; env: Record<string, string | undefined>; names: RegExp }[] = [
  {
    what: "no payment provider (the demo gateway would take fake payments)",
    env: { PAYMENT_PROVIDER: undefined },
    names: /PAYMENT_PROVIDER is not set: must be razorpay in production/,
  },
  {
    what: "the demo gateway without the explicit switch",
    env: { PAYMENT_PROVIDER: "demo" },
    names: /UNSAFE_DEMO_PAYMENTS_IN_PRODUCTION is not set: must be true to take fake payments/,
  },
  {
    what: "the demo gateway switched on, with the public default webhook secret",
    env: { PAYMENT_PROVIDER: "demo", UNSAFE_DEMO_PAYMENTS_IN_PRODUCTION: "true" },
    names: /DEMO_GATEWAY_SECRET is not set: must be a private value in production/,
  },
  {
    what: "the demo gateway switched on, with the public default webhook secret given by name",
    env: {
      PAYMENT_PROVIDER: "demo",
      UNSAFE_DEMO_PAYMENTS_IN_PRODUCTION: "true",
      DEMO_GATEWAY_SECRET: "demo-gateway-secret",
    },
    names: /DEMO_GATEWAY_SECRET is "demo-gateway-secret": must be a private value in production/,
  },
  {
    what: "no metrics token (loopback-only is not safe behind a same-host proxy)",
    env: { METRICS_TOKEN: undefined },
    names: /METRICS_TOKEN is not set: must be set in production/,
  },
  {
    what: "the fake SMS gateway (it texts nobody)",
    env: { SMS_PROVIDER: "fake", SMS_GATEWAY_URL: "http://127.0.0.1:4010" },
    names: /SMS_PROVIDER is "fake": must be msg91 in production/,
  },
  {
    what: "the SMS gateway with the fake gateway's public key",
    env: { ...MSG91_ENV, SMS_AUTH_KEY: "fake-sms-auth-key" },
    names: /SMS_AUTH_KEY is "fake-sms-auth-key": is the local fake gateway's public key/,
  },
  {
    what: "the SMS gateway without a registered template id",
    env: { ...MSG91_ENV, SMS_TEMPLATE_MOBILE_OTP: undefined },
    names: /SMS_TEMPLATE_MOBILE_OTP is not set: must be set when SMS_GATEWAY_URL is set/,
  },
  {
    what: "demo users seeded with the public demo password",
    env: { SEED_DEMO: "true" },
    names: /DEMO_PASSWORD is not set: must be a private value in production when SEED_DEMO is true/,
  },
];
