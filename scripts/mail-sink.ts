// A mail sink for the end-to-end tests and local trials: a real SMTP server that keeps what it
// accepts in memory, and a small HTTP endpoint that lists it (GET /messages?to=…) so a test can
// open the link a mail carries. Addresses whose local part starts with "bounce" are refused with
// 550 the first time and accepted after that, so a test can fail a message and retry it.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface SunkMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
}

export interface MailSink {
  smtpUrl: string;
  httpUrl: string;
  close(): Promise<void>;
}

export async function startMailSink(options: { smtpPort?: number; httpPort?: number } = {}): Promise<MailSink> {
  const received: SunkMail[] = [];
  const refused = new Set<string>();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    hideSTARTTLS: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      if (to.startsWith("bounce") && !refused.has(to)) {
        refused.add(to);
        const error = Object.assign(new Error("No such mailbox here (the mail sink refuses it once)"), {
          responseCode: 550,
        });
        return callback(error);
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((group) =>
            group.value.map((entry) => (entry.address ?? "").toLowerCase()),
          );
          received.push({
            to,
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            html: typeof mail.html === "string" ? mail.html : "",
            receivedAt: new Date().toISOString(),
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(options.smtpPort ?? 0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const http: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://sink.invalid");
    if (url.pathname !== "/messages") {
      response.writeHead(404).end();
      return;
    }
    const to = url.searchParams.get("to")?.toLowerCase();
    const list = to ? received.filter((mail) => mail.to.includes(to)) : received;
    response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(list));
  });
  await new Promise<void>((resolve) => http.listen(options.httpPort ?? 0, "127.0.0.1", resolve));
  const httpPort = (http.address() as AddressInfo).port;

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    httpUrl: `http://127.0.0.1:${httpPort}`,
    close: () =>
      Promise.all([
        new Promise<void>((resolve) => smtp.close(() => resolve())),
        new Promise<void>((resolve) => http.close(() => resolve())),
      ]).then(() => undefined),
  };
}
