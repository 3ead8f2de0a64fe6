import { once } from "node:events";
import http, { type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { APP_FORM_MAX_BYTES, APP_UPLOAD_MAX_BYTES } from "@repo/contracts/app-requests";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestGate } from "../src/request-gate";

const ORIGIN = "http://localhost:3001";
const SESSION_COOKIE = "school_session=signed-in";

/**
 * The gate in front of a handler that reads the whole body, on a real HTTP server: what passes
 * the gate is answered 200 with the number of bytes the handler read.
 */
let server: http.Server;
let port: number;
let bodiesRead = 0;
beforeAll(async () => {
  const app = express();
  app.use(
    requestGate({
      appOrigin: ORIGIN,
      hasSession: async (cookie) => cookie === SESSION_COOKIE,
      anyHostPaths: ["/healthz"],
    }),
  );
  app.all("*", (req, res) => {
    let bytes = 0;
    req.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
    });
    req.on("end", () => {
      if (req.method === "POST") bodiesRead++;
      res.end(`read ${bytes}`);
    });
  });
  server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A raw request (fetch may not set Host); `declared` sends a Content-Length without the body. */
function send(options: {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method: options.method ?? "GET",
        path: options.path ?? "/login",
        headers: { host: `localhost:3001`, ...options.headers },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

const form = (body: string, headers: Record<string, string> = {}) => ({
  method: "POST",
  body,
  headers: {
    origin: ORIGIN,
    "content-type": "application/x-www-form-urlencoded",
    "content-length": String(Buffer.byteLength(body)),
    ...headers,
  },
});

describe("the app's request gate", () => {
  it("sends another name of the host (127.0.0.1, a bare domain) to the configured origin before any form", async () => {
    for (const host of ["127.0.0.1:3001", "[::1]:3001", "example.org"]) {
      const answer = await send({ path: "/login?redirectTo=%2Fstudents", headers: { host } });
      expect(answer.status, host).toBe(302);
      expect(answer.headers.location).toBe(`${ORIGIN}/login?redirectTo=%2Fstudents`);
    }
    expect((await send({ path: "/login" })).status).toBe(200);
    // A health check comes by address and is answered there.
    expect((await send({ path: "/healthz", headers: { host: "127.0.0.1:3001" } })).status).toBe(200);
  });

  it("answers a same-origin form", async () => {
    const answer = await send(form("username=a&password=b"));
    expect(answer).toMatchObject({ status: 200, body: "read 21" });
  });

  it("refuses a form from another site with a plain 403 page, unread", async () => {
    const before = bodiesRead;
    const foreign: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { origin: "null" },
      { origin: "", "sec-fetch-site": "cross-site" },
    ];
    for (const headers of foreign) {
      const answer = await send(form("username=a&password=b", headers));
      expect(answer.status, JSON.stringify(headers)).toBe(403);
      expect(answer.headers["content-type"]).toMatch(/^text\/html/);
      expect(answer.body).toContain("sent from another site");
      expect(answer.body).not.toMatch(/\bat .*\(|Error:/);
    }
    expect(bodiesRead).toBe(before);
  });

  it("refuses a body that is not a form (415), has no length (411) or is too large (413), unread", async () => {
    const before = bodiesRead;
    const json = await send(form("{}", { "content-type": "application/json" }));
    expect(json.status).toBe(415);
    expect(json.body).toContain("application/x-www-form-urlencoded or multipart/form-data");
    const text = await send(form("a", { "content-type": "text/plain" }));
    expect(text.status).toBe(415);
    // A declared length over the limit is refused before a byte of the body is read.
    const huge = await send({
      method: "POST",
      headers: {
        origin: ORIGIN,
        "content-type": "application/x-www-form-urlencoded",
        "content-length": String(APP_FORM_MAX_BYTES + 1),
      },
    });
    expect(huge.status).toBe(413);
    const chunked = await send({
      method: "POST",
      body: "a=b",
      headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded", "transfer-encoding": "chunked" },
    });
    expect(chunked.status).toBe(411);
    expect(bodiesRead).toBe(before);
  });

  it("takes a large upload only with a session cookie, and never one past the largest upload", async () => {
    const multipart = (length: number, cookie?: string) => ({
      method: "POST",
      headers: {
        origin: ORIGIN,
        "content-type": "multipart/form-data; boundary=x",
        "content-length": String(length),
        ...(cookie ? { cookie } : {}),
      },
    });
    expect((await send(multipart(APP_FORM_MAX_BYTES + 1))).status).toBe(401);
    expect((await send(multipart(APP_UPLOAD_MAX_BYTES + 1, SESSION_COOKIE))).status).toBe(413);
  });

  it("refuses methods no form sends", async () => {
    const answer = await send({ method: "PUT", headers: { origin: ORIGIN } });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe("GET, HEAD, POST");
  });
});
