// The season's people, through HTTP as their browsers would (the apps' forms, cookies, Origin and
// form tokens, behind Caddy): schools register and verify, import their students, pay; the
// gateway sends its webhooks (repeated and out of order); coordinators browse and export; the
// exam office stores the answer sheets; students read their results and certificates.
import { randomUUID } from "node:crypto";
import { Agent, request as httpRequest } from "node:http";
import { APP_IDS, type AppId } from "@repo/auth/apps";
import { pagePath } from "@repo/auth/menus";
import { studentResultsPath } from "@repo/auth/student-paths";
import { hmacHex, webhookBody } from "../../apps/api/src/domains/payments/gateway";
import {
  type Account,
  type Answer,
  Browser,
  csrfOf,
  form,
  locationOf,
  multipartOf,
  Recorder,
  type RequestFailed,
  redirectsTo,
  StepFailed,
  snippet,
  VirtualUser,
} from "../load";
import { BENCH_PRODUCTION_ENV } from "../support";
import type { MailSink } from "./mail-sink";
import { studentList } from "./spreadsheets";

export const JOURNEYS = {
  register: "1. schools register and verify",
  import: "2. schools import students",
  pay: "3. schools pay (and the gateway's webhooks)",
  signIns: "3b. paid students' sign-in details go out (jobs, mail)",
  coordinators: "4. coordinators browse and export",
  examOffice: "5. exam office stores answer sheets",
  students: "6. students read results and certificates",
} as const;
export type Journey = (typeof JOURNEYS)[keyof typeof JOURNEYS];

/** A stretch of time when the cluster was disturbed on purpose (an API killed, PostgreSQL restarted). */
export interface Disruption {
  what: string;
  from: number;
  to: number | null;
  errors: number;
  retried: number;
}

/**
 * Answers a person meets while an instance or the database restarts, and tries again a moment
 * later; and 429, where the portal itself says to upload again in a few seconds (its import slots).
 */
const transient = (status: number | null) =>
  status === null || status === 429 || status === 500 || status === 502 || status === 503 || status === 504;
const RETRIES = 4;
/** "Upload yours again in a few seconds": people do, for a minute or so. */
const BUSY_RETRIES = 12;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface School {
  index: number;
  username: string;
  password: string;
  email: string;
  address: string;
  registered: boolean;
  verified: boolean;
  /** Students each done import reported inserted (or already there from an earlier try). */
  imported: number;
  expectedStudents: number;
  emails: string[];
  importJobs: number[];
  errorFileJobs: number[];
  orders: number[];
  /** The order the school saw "Payment received" for. */
  paidOrder: number | null;
  paidVia: "checkout" | "webhooks" | null;
}

export interface Place {
  zone_id: number;
  state_id: number;
  prant_id?: number;
  district_id?: number;
  city_id?: number;
}

export class Season {
  readonly recorders = new Map<Journey, Recorder>();
  readonly disruptions: Disruption[] = [];
  readonly notes: string[] = [];
  /** Every webhook delivery the gateway made, and how many the API refused. */
  readonly gateway = { deliveries: 0, duplicates: 0, reordered: 0, refused: 0 };
  private readonly webhookAgent = new Agent({ keepAlive: true, maxSockets: 8 });

  constructor(
    readonly ports: Record<AppId, number>,
    readonly origins: Record<AppId, string>,
    readonly apiProxy: string,
    readonly sink: MailSink,
    readonly tag: string,
  ) {
    for (const journey of Object.values(JOURNEYS)) this.recorders.set(journey, new Recorder(30));
  }

  recorder(journey: Journey): Recorder {
    return this.recorders.get(journey) as Recorder;
  }

  /** A failed step that is no request of its own (a mail that never came, a job that failed): an error, not a request. */
  problem(journey: Journey, kind: string, status: number | null, message: string) {
    this.recorder(journey).fail(kind, status, message, undefined, true);
  }

  disrupt(what: string): Disruption {
    const d = { what, from: Date.now(), to: null, errors: 0, retried: 0 };
    this.disruptions.push(d);
    return d;
  }

  /** The disruption an error at `at` belongs to: from its start to 20 s after its end. */
  private disruptionAt(at: number): Disruption | undefined {
    return this.disruptions.find((d) => at >= d.from - 1000 && (d.to === null || at <= d.to + 20_000));
  }

  close() {
    this.webhookAgent.destroy();
  }

  /**
   * One request of a person: timed and checked, and tried again (as a person would, a second
   * later) while the answer is a gateway error or none at all; every failed try is counted.
   */
  async call(
    journey: Journey,
    browser: Browser,
    kind: string,
    method: "GET" | "POST",
    url: string,
    check: (answer: Answer) => string | null,
    body?: { bytes: Buffer; type: string },
    headers?: Record<string, string>,
    retry = true,
  ): Promise<Answer> {
    const recorder = this.recorder(journey);
    for (let attempt = 0; ; attempt++) {
      let answer: Answer | undefined;
      let problem: string | null = null;
      let status: number | null = null;
      let ms: number | undefined;
      try {
        answer = await browser.send(method, url, body, headers);
        status = answer.status;
        ms = answer.ms;
        try {
          problem = check(answer);
        } catch (error) {
          problem = `unreadable answer (${(error as Error).message}): ${snippet(answer.body)}`;
        }
      } catch (error) {
        const failed = error as RequestFailed;
        problem = failed.message;
        ms = failed.ms;
      }
      if (!problem && answer) {
        recorder.ok(kind, answer.ms);
        return answer;
      }
      recorder.fail(kind, status, `${method} ${url}: ${problem}`, ms);
      const during = this.disruptionAt(Date.now());
      if (during) during.errors++;
      if (!retry || !transient(status) || attempt >= (status === 429 ? BUSY_RETRIES : RETRIES)) throw new StepFailed();
      if (during) during.retried++;
      const retryAfter = Number(answer?.headers["retry-after"]);
      await sleep(retryAfter > 0 ? Math.min(retryAfter, 10) * 1000 : 1000 * Math.min(attempt + 1, 5));
    }
  }

  /** A signed-in page: 200 and HTML; its form token is kept. */
  async page(journey: Journey, browser: Browser, kind: string, url: string, mustSay?: string) {
    const answer = await this.call(journey, browser, kind, "GET", url, (a) => {
      if (a.status !== 200) return `answered ${a.status}${locationOf(a) ? ` → ${locationOf(a)}` : ""}`;
      if (mustSay && !a.body.includes(mustSay)) return `the page does not say "${mustSay}": ${snippet(a.body)}`;
      return null;
    });
    browser.csrf = csrfOf(answer.body) ?? browser.csrf;
    return answer;
  }

  async signIn(journey: Journey, browser: Browser, username: string, password: string) {
    await this.call(journey, browser, "login page", "GET", "/login", (a) =>
      a.status === 200 ? null : `answered ${a.status}`,
    );
    const landing = await this.call(
      journey,
      browser,
      "sign-in (POST /login)",
      "POST",
      "/login",
      (a) => {
        const location = locationOf(a);
        if (a.status !== 302 && a.status !== 303) return `answered ${a.status}: ${snippet(a.body)}`;
        return !location || location.startsWith("/login") ? `sent to ${location}` : null;
      },
      form({ username, password }),
    );
    await this.page(journey, browser, "landing page", locationOf(landing) ?? "/");
  }

  /** Follows a job through the app's /jobs/{id} until it ends; its result, or a failure. */
  async job(journey: Journey, browser: Browser, kind: string, jobId: number, timeoutMs = 300_000) {
    const started = Date.now();
    for (;;) {
      await sleep(700);
      let job: { status: string; result: Record<string, unknown> | null } | undefined;
      await this.call(
        journey,
        browser,
        `${kind}: job poll`,
        "GET",
        `/jobs/${jobId}`,
        (a) => {
          if (a.status !== 200) return `answered ${a.status}: ${snippet(a.body)}`;
          job = (JSON.parse(a.body) as { job: typeof job }).job;
          return null;
        },
        undefined,
        { Accept: "application/json" },
      );
      if (job?.status === "done") return job.result ?? {};
      if (job?.status === "failed") {
        this.problem(journey, `${kind}: job`, null, `job ${jobId} failed: ${JSON.stringify(job)}`);
        throw new StepFailed();
      }
      if (Date.now() - started > timeoutMs) {
        this.problem(journey, `${kind}: job`, null, `job ${jobId} not done after ${timeoutMs / 1000} s`);
        throw new StepFailed();
      }
    }
  }

  // ── 1. Register and verify ─────────────────────────────────────────────────────────────

  schoolBrowser(school: School, app: AppId = "school") {
    return new Browser(app, this.ports[app], this.origins[app], school.address);
  }

  async register(school: School, place: Place) {
    const journey = JOURNEYS.register;
    const browser = this.schoolBrowser(school);
    try {
      await this.page(journey, browser, "register page", "/register");
      const fields: Record<string, string> = {
        school_name: `Rehearsal Vidyalaya ${school.index}`,
        category_id: String(1 + (school.index % 4)),
        board_id: String(1 + (school.index % 3)),
        country_id: "1",
        zone_id: String(place.zone_id),
        state_id: String(place.state_id),
        prant_id: place.prant_id ? String(place.prant_id) : "",
        district_id: place.district_id ? String(place.district_id) : "",
        city_id: place.city_id ? String(place.city_id) : "",
        address: `${1 + (school.index % 90)}, Station Road`,
        pincode: "411001",
        contact_name: "S. Deshpande",
        contact_phone: `8${String(school.index).padStart(9, "0")}`,
        email: school.email,
        username: school.username,
        password: school.password,
        confirm_password: school.password,
      };
      if (browser.csrf) fields.csrf = browser.csrf;
      // A retried registration that had gone through answers "username taken": that is the school's own.
      await this.call(
        journey,
        browser,
        "register (POST)",
        "POST",
        "/register",
        (a) => {
          if (a.status === 200 && a.body.includes("Check your e-mail")) return null;
          if (a.status === 409 && a.body.includes("already")) return null;
          return `answered ${a.status}: ${snippet(a.body)}`;
        },
        form(fields),
      );
      school.registered = true;
      // The school opens the link of its mail.
      const mail = await this.sink.waitFor(school.email, /./, 180_000);
      const href = mail?.links.find((link) => link.includes("/verify-school-email?token="));
      if (!href) {
        this.problem(journey, "verification mail", null, `no verification mail to ${school.email} within 3 minutes`);
        return;
      }
      const link = new URL(href);
      const token = link.searchParams.get("token") ?? "";
      await this.page(journey, browser, "verification link", `${link.pathname}${link.search}`);
      await this.call(
        journey,
        browser,
        "verify (POST)",
        "POST",
        "/verify-school-email",
        (a) => {
          if (a.status !== 200) return `answered ${a.status}: ${snippet(a.body)}`;
          // A retry after the first try went through finds the link used: verified all the same.
          return /E-mail address verified|already used/.test(a.body) ? null : `not verified: ${snippet(a.body)}`;
        },
        form({ token }),
      );
      school.verified = true;
    } catch (error) {
      if (!(error instanceof StepFailed)) this.problem(journey, "unexpected", null, String((error as Error).stack));
    } finally {
      browser.close();
    }
  }

  // ── 2. Import students ─────────────────────────────────────────────────────────────────

  async importStudents(school: School, firstStudent: number, good: number, bad: number) {
    const journey = JOURNEYS.import;
    const browser = this.schoolBrowser(school);
    try {
      await this.signIn(journey, browser, school.username, school.password);
      await this.page(journey, browser, "add students page", pagePath("school", "add-students"));
      const list = await studentList(school.index, firstStudent, good, bad, this.tag);
      school.expectedStudents = good;
      school.emails = list.emails;
      const data = new FormData();
      data.set("csrf", browser.csrf ?? "");
      data.set("mode", "valid-rows");
      data.set("file", new File([list.bytes.slice()], list.name, { type: list.type }));
      const body = await multipartOf(data);
      let jobId = 0;
      await this.call(
        journey,
        browser,
        `import upload (${list.kind})`,
        "POST",
        "/student/import/upload",
        (a) => {
          if (a.status !== 202) return `answered ${a.status}: ${snippet(a.body)}`;
          jobId = (JSON.parse(a.body) as { jobId: number }).jobId;
          return null;
        },
        body,
        { Accept: "application/json" },
      );
      school.importJobs.push(jobId);
      const result = (await this.job(journey, browser, "import", jobId)) as {
        inserted?: number;
        already_registered?: number;
        bad_rows?: number;
        errors_file_id?: string | null;
      };
      // A second upload after a lost answer finds its students there already: imported all the same.
      const done = (result.inserted ?? 0) + (result.already_registered ?? 0);
      if (done !== good || result.bad_rows !== bad) {
        this.problem(
          journey,
          "import result",
          null,
          `${list.kind}: inserted ${result.inserted}, already ${result.already_registered}, bad ${result.bad_rows}; expected ${good} and ${bad} bad`,
        );
      }
      school.imported = done;
      if (result.errors_file_id) school.errorFileJobs.push(jobId);
    } catch (error) {
      if (!(error instanceof StepFailed)) this.problem(journey, "unexpected", null, String((error as Error).stack));
    } finally {
      browser.close();
    }
  }

  // ── 3. Pay ─────────────────────────────────────────────────────────────────────────────

  /**
   * The school pays for all its students: the payment page, the order, then either the demo
   * checkout's Pay button or (every other school) the gateway's own webhooks, sent by `deliver`.
   */
  async pay(school: School, viaWebhooks: boolean, deliver: (orderId: number) => Promise<void>) {
    const journey = JOURNEYS.pay;
    const browser = this.schoolBrowser(school);
    try {
      await this.signIn(journey, browser, school.username, school.password);
      const payPath = pagePath("school", "payment-student");
      await this.page(journey, browser, "payment page", payPath);
      // A lost answer may have made the order: the person reloads the page, which offers the
      // order it made to continue with (decision 054); when it shows none, they press Pay again.
      const create = (attempt: number): Promise<Answer> =>
        this.call(
          journey,
          browser,
          "create order (POST)",
          "POST",
          payPath,
          redirectsTo("/payment/checkout/"),
          form({ csrf: browser.csrf ?? "" }),
          undefined,
          false,
        ).catch(async (error) => {
          if (!(error instanceof StepFailed)) throw error;
          await sleep(2000);
          const again = await this.page(journey, browser, "payment page (again)", payPath);
          const open = again.body.match(/\/payment\/checkout\/(\d+)/)?.[0];
          if (open) return { headers: { location: open } } as unknown as Answer;
          if (attempt >= 2) throw error;
          return create(attempt + 1);
        });
      const created = await create(0);
      const checkout = locationOf(created) ?? "";
      const orderId = Number(checkout.split("/").pop());
      school.orders.push(orderId);
      await this.page(journey, browser, "checkout page", checkout);
      if (viaWebhooks) {
        await deliver(orderId);
      } else {
        // Pay; when the answer is lost (an instance killed under it), the person looks at the
        // result and, while the order still waits, opens the checkout and pays again.
        for (let attempt = 0; ; attempt++) {
          const paid = await this.call(
            journey,
            browser,
            "pay at the demo checkout (POST)",
            "POST",
            checkout,
            redirectsTo("/payment/result/"),
            form({ csrf: browser.csrf ?? "", outcome: "pay" }),
            undefined,
            false,
          ).then(
            () => true,
            (error) => {
              if (!(error instanceof StepFailed)) throw error;
              return false;
            },
          );
          if (paid || attempt >= 2) break;
          await sleep(2000);
          const result = await this.page(journey, browser, "payment result page", `/payment/result/${orderId}`);
          if (result.body.includes("Payment received")) break;
          await this.page(journey, browser, "checkout page (again)", checkout);
        }
      }
      // The result page, reloaded until the payment shows (the webhooks may come a moment later).
      const until = Date.now() + 120_000;
      for (;;) {
        const result = await this.page(journey, browser, "payment result page", `/payment/result/${orderId}`);
        if (result.body.includes("Payment received")) break;
        if (Date.now() > until) {
          this.problem(journey, "payment result", null, `order ${orderId}: no "Payment received" after 2 minutes`);
          return;
        }
        await sleep(1500);
      }
      school.paidOrder = orderId;
      school.paidVia = viaWebhooks ? "webhooks" : "checkout";
    } catch (error) {
      if (!(error instanceof StepFailed)) this.problem(journey, "unexpected", null, String((error as Error).stack));
    } finally {
      browser.close();
    }
  }

  /** One signed webhook delivery to the API's public address, as the gateway makes it. */
  async webhook(raw: string, eventId: string) {
    const journey = JOURNEYS.pay;
    const recorder = this.recorder(journey);
    const url = new URL(`${this.apiProxy}/api/payments/webhook/demo`);
    const signature = hmacHex(BENCH_PRODUCTION_ENV.DEMO_GATEWAY_SECRET, raw);
    // The gateway retries a delivery that got no 2xx, as Razorpay does.
    for (let attempt = 0; attempt < 8; attempt++) {
      const started = performance.now();
      const status = await new Promise<number | null>((resolve) => {
        const request = httpRequest(
          {
            host: url.hostname,
            port: url.port,
            path: url.pathname,
            method: "POST",
            agent: this.webhookAgent,
            headers: {
              "Content-Type": "application/json",
              "Content-Length": Buffer.byteLength(raw),
              "X-Razorpay-Signature": signature,
              "X-Razorpay-Event-Id": eventId,
            },
          },
          (response) => {
            response.resume();
            response.on("end", () => resolve(response.statusCode ?? null));
          },
        );
        request.setTimeout(30_000, () => request.destroy(new Error("timeout")));
        request.on("error", () => resolve(null));
        request.end(raw);
      });
      const ms = performance.now() - started;
      this.gateway.deliveries++;
      if (status === 200) {
        recorder.ok("gateway webhook", ms);
        return;
      }
      recorder.fail("gateway webhook", status, `event ${eventId} answered ${status ?? "nothing"}`, ms);
      const during = this.disruptionAt(Date.now());
      if (during) during.errors++;
      if (status !== null && status < 500) {
        this.gateway.refused++;
        return;
      }
      if (during) during.retried++;
      await sleep(1000 * (attempt + 1));
    }
  }

  /**
   * The gateway's events for one paid order: a failed first try (sent last: out of order), the
   * capture, the same capture event again, and the capture once more under a new event id.
   */
  gatewayEvents(order: { id: number; amountMinor: number; currency: string }) {
    const payment = `pay_reh_${order.id}_${randomUUID().slice(0, 8)}`;
    const providerOrderId = `demo_order_${order.id}`;
    const captured = webhookBody("payment.captured", {
      paymentId: payment,
      providerOrderId,
      amountMinor: order.amountMinor,
      currency: order.currency,
      status: "captured",
      method: "card",
      error: null,
    });
    const failedTry = webhookBody("payment.failed", {
      paymentId: `${payment}_try1`,
      providerOrderId,
      amountMinor: order.amountMinor,
      currency: order.currency,
      status: "failed",
      method: "card",
      error: "The card was declined.",
    });
    const event = `evt_reh_${order.id}_${randomUUID().slice(0, 8)}`;
    return {
      first: [{ raw: captured, eventId: event }],
      // Repeats and the late failed try go out later, shuffled among other orders' events.
      later: [
        { raw: captured, eventId: event },
        { raw: captured, eventId: `${event}_again` },
        { raw: failedTry, eventId: `${event}_failedtry` },
      ],
    };
  }

  // ── 4. Coordinators ────────────────────────────────────────────────────────────────────

  async coordinators(accounts: Account[], seconds: number, thinkMs: number) {
    const clock = { thinkMs, stopAt: performance.now() + seconds * 1000 };
    const recorder = this.recorder(JOURNEYS.coordinators);
    const sessions = { count: 0 };
    const users = accounts.map((account, i) => new VirtualUser(i, account, this.ports, this.origins, recorder, clock));
    await Promise.all(
      users.map(async (user, i) => {
        await sleep((i * 2000) / users.length);
        await user.run(sessions);
      }),
    );
    return sessions.count;
  }

  // ── 5. Exam office ─────────────────────────────────────────────────────────────────────

  /** The admin uploads the vendor's file, reads the check, confirms, and waits for the store job. */
  async examOffice(file: Uint8Array, password: string): Promise<{ uploadId: number; stored: boolean }> {
    const journey = JOURNEYS.examOffice;
    const browser = new Browser("coordinator", this.ports.coordinator, this.origins.coordinator);
    let uploadId = 0;
    try {
      await this.signIn(journey, browser, "admin", password);
      const pagePathOf = pagePath("coordinator", "upload-exam-file");
      await this.page(journey, browser, "upload exam file page", pagePathOf);
      const data = new FormData();
      data.set("csrf", browser.csrf ?? "");
      data.set("exam_level", "level1");
      data.set("format", "default");
      data.set("file", new File([file.slice()], `vendor-level1-${this.tag}.txt`, { type: "text/plain" }));
      let checkJob = 0;
      await this.call(
        journey,
        browser,
        "answer file upload (POST)",
        "POST",
        `${pagePathOf}/upload`,
        (a) => {
          if (a.status !== 202) return `answered ${a.status}: ${snippet(a.body)}`;
          const body = JSON.parse(a.body) as { uploadId: number; jobId: number };
          uploadId = body.uploadId;
          checkJob = body.jobId;
          return null;
        },
        await multipartOf(data),
        { Accept: "application/json" },
        false,
      );
      await this.job(journey, browser, "answer file check", checkJob, 900_000);
      await this.page(journey, browser, "the check's report", `${pagePathOf}?upload=${uploadId}`);
      const confirmed = await this.call(
        journey,
        browser,
        "store the sheets (POST)",
        "POST",
        `${pagePathOf}?upload=${uploadId}`,
        (a) => (a.status === 202 || a.status === 200 ? null : `answered ${a.status}: ${snippet(a.body)}`),
        form({ csrf: browser.csrf ?? "", intent: "confirm", upload_id: String(uploadId) }),
        undefined,
        false,
      );
      // The action's answer is in the page's data (single fetch's stream): the store job's id.
      const storeJob = Number(/\\?"jobId\\?",(\d+)/.exec(confirmed.body)?.[1] ?? 0);
      if (storeJob > 0) await this.job(journey, browser, "store answer sheets", storeJob, 900_000);
      // The admin reloads the upload's report until it says how storing ended.
      const until = Date.now() + 900_000;
      for (;;) {
        const report = await this.page(journey, browser, "the upload's report", `${pagePathOf}?upload=${uploadId}`);
        if (report.body.includes("Stored: ")) return { uploadId, stored: true };
        if (report.body.includes("Failed: ") || Date.now() > until) {
          this.problem(journey, "store answer sheets", null, `upload ${uploadId}: ${snippet(report.body)}`);
          return { uploadId, stored: false };
        }
        await sleep(2000);
      }
    } catch (error) {
      if (!(error instanceof StepFailed)) this.problem(journey, "unexpected", null, String((error as Error).stack));
      return { uploadId, stored: false };
    } finally {
      browser.close();
    }
  }

  // ── 6. Students ────────────────────────────────────────────────────────────────────────

  /** A paid student signs in with the details of its mail, opens its area, its result and (some) its certificate. */
  async student(email: string, address: string, withCertificate: boolean): Promise<"read" | "no mail" | "failed"> {
    const journey = JOURNEYS.students;
    const mail = await this.sink.waitFor(email, /./, 120_000);
    const [username, password] = mail?.strong ?? [];
    if (!username || !password) {
      this.problem(journey, "sign-in details mail", null, `no sign-in details mailed to ${email}`);
      return "no mail";
    }
    const browser = new Browser("school", this.ports.school, this.origins.school, address);
    try {
      await this.signIn(journey, browser, username, password);
      await this.page(journey, browser, "student area", "/student");
      await this.page(journey, browser, "result (Level 1)", studentResultsPath("level1"));
      if (withCertificate) {
        const answer = await this.call(
          journey,
          browser,
          "certificate (Level 1, PDF)",
          "GET",
          "/student/certificate/level1",
          (a) => {
            if (a.status === 200 && String(a.headers["content-type"]).includes("pdf")) return null;
            // A student without an award is sent to the page saying why: the rule, not a fault.
            if ((a.status === 302 || a.status === 303) && locationOf(a)?.includes("/student/unavailable/")) return null;
            return `answered ${a.status}: ${snippet(a.body)}`;
          },
        );
        if (answer.status !== 200) this.certificatesRefused++;
        else this.certificatesRead++;
      }
      return "read";
    } catch (error) {
      if (!(error instanceof StepFailed)) this.problem(journey, "unexpected", null, String((error as Error).stack));
      return "failed";
    } finally {
      browser.close();
    }
  }

  certificatesRead = 0;
  certificatesRefused = 0;
}

/** Runs `work` over `items`, `concurrency` at a time; `progress` after each. */
export async function pool<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<void>,
  progress?: (done: number) => void,
) {
  let next = 0;
  let done = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index] as T, index);
        done++;
        progress?.(done);
      }
    }),
  );
}

/** The n-th person's own address, 127.10.0.1 and on: each school on its own network. */
export function addressOf(n: number): string {
  const x = n + 1;
  return `127.${10 + Math.floor(x / 65_536)}.${Math.floor(x / 256) % 256}.${x % 256}`;
}

export const APPS_OF_SEASON: AppId[] = APP_IDS.filter((app) => app === "school" || app === "coordinator");
