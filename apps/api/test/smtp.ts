import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer, type SMTPServerSession } from "smtp-server";

/** A reply the test server gives instead of accepting a message: `{ code: 451, message }`. */
export type SmtpReply = { code: number; message: string } | null;

export interface TestSmtp {
  /** smtp://127.0.0.1:<port> */
  url: string;
  /** Every message accepted, parsed. */
  received: ParsedMail[];
  /** How many times a message for each recipient reached DATA (accepted or not). */
  tries: Map<string, number>;
  /** Decides the answer to a message for `to` on its n-th try (1-based); null accepts it. */
  reply: (to: string, attempt: number) => SmtpReply;
  /** True keeps a message for `to` unanswered after its DATA (a hand-over in flight) until `release`. */
  hold: (to: string) => boolean;
  /** Messages kept unanswered now. */
  readonly held: number;
  /** Answers every message kept unanswered with `reply`. */
  release(reply: NonNullable<SmtpReply>): void;
  /** Resolves once `n` messages were accepted in all. */
  waitFor(n: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free port (smtp-server), reading what it accepts with mailparser. No
 * TLS (the client does not upgrade), no authentication.
 */
export async function startSmtp(options: { parse?: boolean } = {}): Promise<TestSmtp> {
  const parse = options.parse !== false;
  const received: ParsedMail[] = [];
  const tries = new Map<string, number>();
  let accepted = 0;
  const waiters: { n: number; resolve: () => void }[] = [];
  const state: Pick<TestSmtp, "reply" | "hold"> = { reply: () => null, hold: () => false };
  const held: ((error: Error) => void)[] = [];

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    hideSTARTTLS: true,
    size: 20 * 1024 * 1024,
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const to = session.envelope.rcptTo[0]?.address.toLowerCase() ?? "";
        const attempt = (tries.get(to) ?? 0) + 1;
        tries.set(to, attempt);
        if (state.hold(to)) {
          held.push((error) => callback(error));
          return;
        }
        const reply = state.reply(to, attempt);
        if (reply) {
          const error = Object.assign(new Error(reply.message), { responseCode: reply.code });
          callback(error);
          return;
        }
        const done = () => {
          accepted++;
          for (const waiter of waiters.filter((w) => accepted >= w.n)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve();
          }
          callback(null, "Message queued");
        };
        if (!parse) return done();
        simpleParser(Buffer.concat(chunks)).then(
          (mail) => {
            received.push(mail);
            done();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    tries,
    get reply() {
      return state.reply;
    },
    set reply(fn) {
      state.reply = fn;
    },
    get hold() {
      return state.hold;
    },
    set hold(fn) {
      state.hold = fn;
    },
    get held() {
      return held.length;
    },
    release(reply) {
      for (const answer of held.splice(0))
        answer(Object.assign(new Error(reply.message), { responseCode: reply.code }));
    },
    waitFor(n, timeoutMs = 20_000) {
      if (accepted >= n) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`only ${accepted} of ${n} messages arrived`)), timeoutMs);
        waiters.push({
          n,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
