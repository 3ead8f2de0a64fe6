// The local fake SMS gateway (docs/decisions/051-sms-gateway.md): speaks MSG91's Flow API as the
// adapter (src/domains/sms/gateway.ts) uses it, checks the key, the sender, the template ids and
// every template variable, and keeps what it accepts in an inbox a developer or a test reads:
//   GET  /messages?to=9876543210        the texts accepted for a number (all without `to`), oldest first
//   POST /fail {"to", "times", "permanent"}  refuse the next `times` texts to a number: 503
//                                       (temporary, retried) or 400 (permanent, like a bad number)
// `npm start` and the e2e server start it (scripts/portal.ts); production refuses it (env.ts).
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SMS_KINDS, SMS_TEMPLATE_VARIABLES, type SmsKind, smsText } from "@repo/contracts/sms-constants";
import { FAKE_SMS_AUTH_KEY, FAKE_SMS_SENDER_ID, FAKE_SMS_TEMPLATES, SMS_FLOW_PATH } from "../src/domains/sms/gateway";

/** The fake's port under `npm start`, shifted by PORT_OFFSET like every other port. */
export const FAKE_SMS_PORT = 4010;

export interface FakeSms {
  id: string;
  /** The number as the gateway got it (country code, no plus). */
  to: string;
  kind: SmsKind;
  template_id: string;
  sender: string;
  variables: Record<string, string>;
  /** The registered text with the values filled in: what the phone shows. */
  text: string;
  received_at: string;
}

export interface FakeSmsGateway {
  url: string;
  inbox: FakeSms[];
  /** Every request to the Flow API, accepted or not (a test counts the tries). */
  requests: { to: string | null; status: number }[];
  /** Refuses the next `times` texts to `to` (any form of the number). */
  fail(to: string, times?: number, permanent?: boolean): void;
  close(): Promise<void>;
}

const lastTen = (number: string) => number.replace(/\D/g, "").slice(-10);

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 100_000) throw new Error("body too large");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeSmsGateway(
  options: {
    port?: number;
    host?: string;
    authKey?: string;
    senderId?: string;
    templates?: Record<SmsKind, string>;
  } = {},
): Promise<FakeSmsGateway> {
  const authKey = options.authKey ?? FAKE_SMS_AUTH_KEY;
  const senderId = options.senderId ?? FAKE_SMS_SENDER_ID;
  const templates = options.templates ?? FAKE_SMS_TEMPLATES;
  const kindOf = new Map(SMS_KINDS.map((kind) => [templates[kind], kind]));
  const inbox: FakeSms[] = [];
  const requests: FakeSmsGateway["requests"] = [];
  const failing = new Map<string, { times: number; permanent: boolean }>();
  let next = 1;

  const server: Server = createServer((request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    const url = new URL(request.url ?? "/", "http://fake");
    void (async () => {
      if (request.method === "GET" && url.pathname === "/messages") {
        const to = url.searchParams.get("to");
        return answer(200, to ? inbox.filter((m) => lastTen(m.to) === lastTen(to)) : inbox);
      }
      if (request.method === "GET" && url.pathname === "/healthz") return answer(200, { ok: true });
      if (request.method === "POST" && url.pathname === "/fail") {
        const body = JSON.parse(await readBody(request)) as { to?: string; times?: number; permanent?: boolean };
        if (!body.to) return answer(400, { type: "error", message: "to is required" });
        failing.set(lastTen(body.to), { times: body.times ?? 1, permanent: body.permanent === true });
        return answer(200, { ok: true });
      }
      if (request.method !== "POST" || url.pathname !== SMS_FLOW_PATH) {
        return answer(404, { type: "error", message: "Not found" });
      }
      const refuse = (status: number, message: string, to: string | null = null) => {
        requests.push({ to, status });
        answer(status, { type: "error", message });
      };
      if (request.headers.authkey !== authKey) return refuse(401, "Authentication failure");
      let body: { template_id?: unknown; sender?: unknown; recipients?: unknown };
      try {
        body = JSON.parse(await readBody(request));
      } catch {
        return refuse(400, "Invalid JSON");
      }
      const kind = typeof body.template_id === "string" ? kindOf.get(body.template_id) : undefined;
      if (!kind) return refuse(400, `Template ID ${String(body.template_id)} is not approved for this account`);
      if (body.sender !== undefined && body.sender !== senderId) {
        return refuse(400, `Sender ID ${String(body.sender)} is not registered for this template`);
      }
      const recipients = Array.isArray(body.recipients) ? (body.recipients as Record<string, unknown>[]) : [];
      if (recipients.length === 0) return refuse(400, "recipients is required");
      for (const recipient of recipients) {
        const mobile = String(recipient.mobiles ?? "");
        if (!/^91\d{10}$/.test(mobile)) return refuse(400, `Invalid mobile number ${mobile}`, mobile);
        const missing = SMS_TEMPLATE_VARIABLES[kind].filter((name) => typeof recipient[name] !== "string");
        if (missing.length > 0) return refuse(400, `Missing value for ${missing.join(", ")}`, mobile);
        const failure = failing.get(lastTen(mobile));
        if (failure && failure.times > 0) {
          failure.times -= 1;
          return failure.permanent
            ? refuse(400, `Mobile number ${mobile} is on the DND registry (fake)`, mobile)
            : refuse(503, "Service temporarily unavailable (fake gateway told to fail this number)", mobile);
        }
      }
      const id = `fake${String(next++).padStart(8, "0")}`;
      for (const recipient of recipients) {
        const mobile = String(recipient.mobiles);
        const variables = Object.fromEntries(
          SMS_TEMPLATE_VARIABLES[kind].map((name) => [name, String(recipient[name])]),
        );
        inbox.push({
          id,
          to: mobile,
          kind,
          template_id: String(body.template_id),
          sender: senderId,
          variables,
          text: smsText(kind, variables),
          received_at: new Date().toISOString(),
        });
        requests.push({ to: mobile, status: 200 });
      }
      answer(200, { type: "success", message: id });
    })().catch((error: unknown) => answer(400, { type: "error", message: (error as Error).message }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    inbox,
    requests,
    fail(to, times = 1, permanent = false) {
      failing.set(lastTen(to), { times, permanent });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
