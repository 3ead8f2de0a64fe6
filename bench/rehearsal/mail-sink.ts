// The rehearsal's SMTP sink: every message it accepts is kept with the outbox id the API puts in
// its X-Exam-Portal-Message header, so that the end can tell a message sent twice from two
// messages; the season's people wait here for their mail (a verification link, sign-in details).
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface SunkMessage {
  /** The outbox row's id (X-Exam-Portal-Message), or null when a message has none. */
  id: number | null;
  to: string[];
  subject: string;
  /**
   * What people take from a mail: its links and its bold words (a verification link, a username
   * and password). Not the whole HTML: a 50,000-school season sinks a million messages.
   */
  links: string[];
  strong: string[];
  at: number;
}

const unescapeHtml = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code) => String.fromCharCode(Number.parseInt(code, 16)))
    .replace(/&amp;/g, "&");

export class MailSink {
  readonly messages: SunkMessage[] = [];
  private readonly byAddress = new Map<string, SunkMessage[]>();
  private readonly waiters = new Map<string, (() => void)[]>();
  private server: SMTPServer | undefined;

  async start(port: number) {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      hideSTARTTLS: true,
      logger: false,
      maxClients: 100,
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((mail) => {
            const header = mail.headers.get("x-exam-portal-message");
            const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((group) =>
              group.value.map((entry) => (entry.address ?? "").toLowerCase()),
            );
            const html = typeof mail.html === "string" ? mail.html : "";
            this.add({
              id: header === undefined ? null : Number(header),
              to,
              subject: mail.subject ?? "",
              links: [...html.matchAll(/href="([^"]+)"/g)].map((m) => unescapeHtml(m[1] ?? "")),
              strong: [...html.matchAll(/<strong>([^<]+)<\/strong>/g)].map((m) => unescapeHtml(m[1] ?? "").trim()),
              at: Date.now(),
            });
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve, reject) => {
      this.server?.once("error", reject);
      this.server?.listen(port, "127.0.0.1", () => resolve());
    });
    // A client's connection cut (an API instance killed mid-delivery) is the season's, not the
    // sink's fault: without a listener it threw and ended the rehearsal.
    this.server.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "ECONNRESET" && error.code !== "EPIPE") console.error(`mail sink: ${error.message}`);
    });
    return `smtp://127.0.0.1:${port}`;
  }

  private add(message: SunkMessage) {
    this.messages.push(message);
    for (const address of message.to) {
      const list = this.byAddress.get(address) ?? [];
      list.push(message);
      this.byAddress.set(address, list);
      for (const wake of this.waiters.get(address) ?? []) wake();
      this.waiters.delete(address);
    }
  }

  to(address: string): SunkMessage[] {
    return this.byAddress.get(address.toLowerCase()) ?? [];
  }

  /** The first message to `address` whose subject matches, waiting up to `ms` for it. */
  async waitFor(address: string, subject: RegExp, ms: number): Promise<SunkMessage | null> {
    const key = address.toLowerCase();
    const until = Date.now() + ms;
    for (;;) {
      const found = this.to(key).find((m) => subject.test(m.subject));
      if (found) return found;
      const left = until - Date.now();
      if (left <= 0) return null;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 5_000));
        const list = this.waiters.get(key) ?? [];
        list.push(() => {
          clearTimeout(timer);
          resolve();
        });
        this.waiters.set(key, list);
      });
    }
  }

  close() {
    return new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
