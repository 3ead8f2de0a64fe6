import { healthzLoader } from "@repo/remix-app/healthz";

export const loader = healthzLoader("outbox");
