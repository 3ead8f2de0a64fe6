// The portal as the end-to-end tests see it: production build, ports shifted by 100, and a
// freshly created embedded database (demo data included) so every run starts from the same state.
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { startMailSink } from "./mail-sink";

// E2E_PORT_OFFSET (default 100) shifts every port, the mail sink's too (e2e/support.ts reads it),
// and names the database folder, so two runs with different offsets never wipe each other's data.
const offset = Number(process.env.E2E_PORT_OFFSET ?? 100);
const dataDir = fileURLToPath(new URL(`../.data/e2e-pglite${offset === 100 ? "" : `-${offset}`}`, import.meta.url));
rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
process.env.PORT_OFFSET = String(offset);
process.env.LOG_LEVEL ??= "warn";
// Every test signs in from this machine's one address, a few with wrong passwords: lift the
// per-client limit on wrong passwords (the limits themselves are covered by the API's tests).
process.env.LOGIN_LIMIT_PER_CLIENT ??= "100000";
// Mail goes to a local sink the tests can read (e2e/support.ts: MAIL_SINK), retried quickly.
const sink = await startMailSink({ smtpPort: 2525 + offset, httpPort: 2526 + offset });
process.env.SMTP_URL = sink.smtpUrl;
process.env.MAIL_RETRY_BASE_SECONDS ??= "1";
await import("./portal");
