import type { AddressInfo } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import { testDrivers } from "@repo/db/testing";
import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../src/app";
import { createMailWorker, enqueueMail } from "../src/domains/mail/index";
import { enqueueJob, JobError, runNextJob } from "../src/kernel/jobs/jobs";
import { startSmtp, type TestSmtp } from "./smtp";
import { startTestApi, type TestApi } from "./support";

const logger = pino({ level: "silent" });

/** The value of one sample in Prometheus text, 0 when absent (`name{a="b",c="d"}` with labels in any order). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return 0;
}

for (const driver of testDrivers()) {
  describe(`GET /metrics on ${driver}`, () => {
    let api: TestApi;
    let smtp: TestSmtp;
    let server: ServerType;
    let base: string;

    beforeAll(async () => {
      smtp = await startSmtp({ parse: false });
      api = await startTestApi(driver, { mail: { smtpUrl: smtp.url, maxAttempts: 1, ratePerMinute: 100_000 } });
      // Over a real socket: without METRICS_TOKEN only this machine may scrape.
      server = serve({ fetch: api.app.fetch, port: 0, hostname: "127.0.0.1" });
      await new Promise((resolve) => server.once("listening", resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await new Promise((resolve) => server?.close(resolve));
      await api?.close();
      await smtp?.close();
    });

    const scrape = async () => {
      const response = await fetch(`${base}/metrics`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
      return response.text();
    };

    it("counts requests by route pattern and status, with latency histograms", async () => {
      const before = await scrape();
      const token = await api.login("admin", "coordinator");
      const auth = { Authorization: `Bearer ${token}` };
      for (let i = 0; i < 3; i++) expect((await fetch(`${base}/api/health`)).status).toBe(200);
      // Two ids, one route: the label is the pattern, never the raw path.
      for (const id of [987654, 987655]) {
        expect((await fetch(`${base}/api/jobs/${id}`, { headers: auth })).status).toBe(404);
      }
      expect((await fetch(`${base}/api/jobs/987656`)).status).toBe(401);
      for (const path of ["/api/no-such-thing/1", "/wp-login.php", "/api/no-such-thing/2"]) {
        expect((await fetch(`${base}${path}`)).status).toBe(404);
      }
      const after = await scrape();

      const delta = (name: string, labels: Record<string, string>) =>
        sample(after, name, labels) - sample(before, name, labels);
      expect(delta("portal_http_requests_total", { route: "/api/health", method: "GET", status: "200" })).toBe(3);
      expect(delta("portal_http_requests_total", { route: "/api/jobs/:id", method: "GET", status: "404" })).toBe(2);
      expect(delta("portal_http_requests_total", { route: "/api/jobs/:id", method: "GET", status: "401" })).toBe(1);
      expect(delta("portal_http_requests_total", { route: "unmatched", method: "GET", status: "404" })).toBe(3);
      expect(delta("portal_http_requests_total", { route: "/api/login", method: "POST", status: "200" })).toBe(1);
      expect(after).not.toContain("987654");
      expect(after).not.toContain("no-such-thing");
      expect(after).not.toContain("wp-login");
      // Latency: every answer falls in the +Inf bucket; the sum is a positive number of seconds.
      expect(
        sample(after, "portal_http_request_duration_seconds_bucket", { route: "/api/health", le: "+Inf" }) -
          sample(before, "portal_http_request_duration_seconds_bucket", { route: "/api/health", le: "+Inf" }),
      ).toBe(3);
      expect(sample(after, "portal_http_request_duration_seconds_sum", { route: "/api/health" })).toBeGreaterThan(0);
      // Node's own: memory and CPU of the API process.
      expect(sample(after, "portal_api_process_resident_memory_bytes")).toBeGreaterThan(0);
    });

    it("reads the job queue and the database size at scrape, and counts finished and failed jobs", async () => {
      const before = await scrape();
      expect(sample(before, "portal_database_up")).toBe(1);
      expect(sample(before, "portal_database_size_bytes")).toBeGreaterThan(1_000_000);
      await enqueueJob(api.db, { kind: "metrics.test.ok" });
      await enqueueJob(api.db, { kind: "metrics.test.broken" });
      const queued = await scrape();
      expect(
        sample(queued, "portal_jobs", { status: "queued" }) - sample(before, "portal_jobs", { status: "queued" }),
      ).toBe(2);
      // How long the oldest of each kind has waited, so that a watched kind's wait stands out (decision 071).
      await api.db.execute(
        sql`update jobs set run_after = now() - interval '90 seconds' where kind = 'metrics.test.ok'`,
      );
      const aged = await scrape();
      expect(sample(aged, "portal_jobs_oldest_queued_seconds", { kind: "metrics.test.ok" })).toBeGreaterThanOrEqual(90);
      expect(sample(aged, "portal_jobs_oldest_queued_seconds", { kind: "metrics.test.broken" })).toBeLessThan(30);

      const handlers = {
        "metrics.test.ok": async () => ({ fine: true }),
        "metrics.test.broken": async () => {
          throw new JobError("The file has no rows");
        },
      };
      const options = { runnerId: "metrics-test", log: logger, metrics: api.services.metrics };
      while (await runNextJob(api.db, handlers, options)) {}
      const after = await scrape();
      expect(sample(after, "portal_jobs", { status: "queued" })).toBe(
        sample(before, "portal_jobs", { status: "queued" }),
      );
      expect(sample(after, "portal_jobs_finished_total", { kind: "metrics.test.ok", outcome: "done" })).toBe(1);
      expect(sample(after, "portal_jobs_finished_total", { kind: "metrics.test.broken", outcome: "failed" })).toBe(1);
      expect(sample(after, "portal_job_duration_seconds_count", { kind: "metrics.test.ok" })).toBe(1);
      expect(after).not.toContain('portal_jobs_oldest_queued_seconds{kind="metrics.test.ok"}');
    });

    it("counts mail sent and failed, and shows the mail queue", async () => {
      smtp.reply = (to) => (to.startsWith("bounce") ? { code: 550, message: "No such mailbox" } : null);
      const mail = (to: string) =>
        enqueueMail(api.db, {
          templateKey: "school-email-verification",
          language: "en",
          to,
          variables: {
            school_name: "Metrics School",
            verify_url: "https://portal.example.org/v?t=1",
            expires_hours: "48",
          },
        });
      const before = await scrape();
      await mail("office@metrics-one.test");
      await mail("office@metrics-two.test");
      await mail("bounce@metrics-three.test");
      const queued = await scrape();
      expect(sample(queued, "portal_mail_queue", { status: "queued" })).toBeGreaterThanOrEqual(3);

      const worker = createMailWorker(api.services, { logger, batchSize: 10 });
      await worker.tick();
      await worker.stop();
      const after = await scrape();
      const delta = (outcome: string) =>
        sample(after, "portal_mail_messages_total", { outcome }) -
        sample(before, "portal_mail_messages_total", { outcome });
      expect(delta("sent")).toBe(2);
      expect(delta("failed")).toBe(1);
      expect(sample(after, "portal_mail_queue", { status: "queued" })).toBe(0);
    });

    it("is not public: a proxied or remote scraper needs METRICS_TOKEN", async () => {
      // A same-host proxy passing on a request from outside.
      const proxied = await fetch(`${base}/metrics`, { headers: { "X-Forwarded-For": "203.0.113.9" } });
      expect(proxied.status).toBe(403);
      expect(await proxied.text()).toMatch(/only to this machine.*set METRICS_TOKEN/);
      // No socket at all (not a loopback connection).
      expect((await api.app.request("/metrics")).status).toBe(403);

      const token = "s3cret-metrics-token-for-tests";
      const guarded = createApp({
        services: { ...api.services, config: { ...api.services.config, metricsToken: token } },
        logger,
        version: "test",
      });
      const none = await guarded.request("/metrics");
      expect(none.status).toBe(401);
      expect(none.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(await none.text()).toContain("Authorization: Bearer <token>");
      const wrong = await guarded.request("/metrics", { headers: { Authorization: `Bearer ${token}x` } });
      expect(wrong.status).toBe(401);
      const right = await guarded.request("/metrics", {
        headers: { Authorization: `Bearer ${token}`, "X-Forwarded-For": "203.0.113.9" },
      });
      expect(right.status).toBe(200);
      expect(await right.text()).toContain("portal_http_requests_total");
    });
  });
}
