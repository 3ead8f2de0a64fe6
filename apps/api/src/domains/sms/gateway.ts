/**
 * The SMS gateway behind one interface (docs/decisions/051-sms-gateway.md): MSG91's Flow API
 * (`POST /api/v5/flow`, header `authkey`, one registered DLT template id per message, its
 * variables per recipient), which the local fake gateway (apps/api/scripts/fake-sms-gateway.ts)
 * speaks too, so one adapter serves production, development and tests.
 */
import { SMS_KINDS, type SmsKind } from "@repo/contracts/sms-constants";

export interface SmsGatewayConfig {
  /** msg91: the real gateway; fake: the local fake (refused in production, decision 051). */
  provider: "msg91" | "fake";
  /** The gateway's origin (https://control.msg91.com); null: nothing is sent, messages stay queued. */
  url: string | null;
  authKey: string;
  /** The DLT-registered sender id (header) the templates are registered under. */
  senderId: string;
  /** The registered template id of each kind. */
  templates: Record<SmsKind, string>;
  /** Tries of a message before a temporary failure is final. */
  maxAttempts: number;
  /** First retry after this many seconds, then doubling (base × 2^(attempt-1)). */
  retryBaseSeconds: number;
}

/** The fake gateway's public key and template ids: the defaults outside production (decision 051). */
export const FAKE_SMS_AUTH_KEY = "fake-sms-auth-key";
export const FAKE_SMS_SENDER_ID = "EXMPRT";
export const FAKE_SMS_TEMPLATES = Object.fromEntries(SMS_KINDS.map((kind) => [kind, `fake-${kind}`])) as Record<
  SmsKind,
  string
>;

/** The Flow API's path on the gateway's origin. */
export const SMS_FLOW_PATH = "/api/v5/flow";

/** A gateway's refusal or an unreachable gateway; `temporary` ones are worth another try. */
export class SmsGatewayError extends Error {
  constructor(
    message: string,
    readonly temporary: boolean,
  ) {
    super(message);
  }
}

/**
 * The number as the gateway takes it: digits with the country code, no plus (a 10-digit Indian
 * number, or one dialled with a leading 0, gets 91).
 */
export function gatewayNumber(mobile: string): string {
  const digits = mobile.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("0")) return `91${digits.slice(1)}`;
  return digits.length === 10 ? `91${digits}` : digits;
}

export interface SmsGateway {
  /** Hands one message over; answers the gateway's id for it, or throws SmsGatewayError. */
  send(message: { kind: SmsKind; to: string; variables: Record<string, string> }): Promise<{ gatewayId: string }>;
}

/** MSG91's Flow API (or the fake): JSON `{type: "success"|"error", message}`. */
export function flowGateway(config: SmsGatewayConfig & { url: string }, timeoutMs = 10_000): SmsGateway {
  return {
    async send({ kind, to, variables }) {
      let response: Response;
      try {
        response = await fetch(new URL(SMS_FLOW_PATH, config.url), {
          method: "POST",
          headers: { authkey: config.authKey, "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify({
            template_id: config.templates[kind],
            sender: config.senderId,
            short_url: "0",
            recipients: [{ mobiles: gatewayNumber(to), ...variables }],
          }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new SmsGatewayError(`The SMS gateway could not be reached: ${(error as Error).message}`, true);
      }
      const text = await response.text().catch(() => "");
      let reply: { type?: unknown; message?: unknown } = {};
      try {
        reply = JSON.parse(text) as typeof reply;
      } catch {
        // Not JSON (a proxy's error page): the status says what to do.
      }
      const said = typeof reply.message === "string" ? reply.message : text.slice(0, 300);
      if (response.ok && reply.type === "success" && typeof reply.message === "string") {
        return { gatewayId: reply.message };
      }
      // 5xx and 429 are the gateway's trouble, worth another try; any other refusal (a wrong key,
      // an unregistered template, a bad number) will be refused again.
      const temporary = response.status >= 500 || response.status === 429;
      const what = temporary ? "The SMS gateway could not take it now" : "The SMS gateway refused it";
      throw new SmsGatewayError(`${what} (HTTP ${response.status}): ${said || "no answer"}`, temporary);
    },
  };
}
