// `npm run test:e2e:razorpay`: the end-to-end test of Razorpay's browser checkout
// (e2e/razorpay.spec.ts), with the portal started in Razorpay mode against the test's stand-in for
// Razorpay's API. Build first (npm run test:e2e builds; this reuses that build).
import { spawnSync } from "node:child_process";
import { RAZORPAY_STAND_IN } from "../e2e/support";

const result = spawnSync("npx", ["playwright", "test", "e2e/razorpay.spec.ts", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: {
    ...process.env,
    PAYMENT_PROVIDER: "razorpay",
    RAZORPAY_KEY_ID: RAZORPAY_STAND_IN.keyId,
    RAZORPAY_KEY_SECRET: RAZORPAY_STAND_IN.keySecret,
    RAZORPAY_WEBHOOK_SECRET: RAZORPAY_STAND_IN.webhookSecret,
    RAZORPAY_API_URL: `http://127.0.0.1:${RAZORPAY_STAND_IN.port}`,
  },
});
process.exit(result.status ?? 1);
