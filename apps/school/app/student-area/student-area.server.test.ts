import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "school" }));

import { appRequest, envelope, type StubbedApi, signedInAs, stubApi, userRecord } from "@repo/remix-app/testing";
import {
  admitCardLoader,
  ownCertificateLoader,
  type StudentArea,
  studentHomeLoader,
  studentResultsLoader,
} from "./student-area.server";

const args = (request: Request, params: Record<string, string> = {}) => ({ request, context: {}, params });
let api: StubbedApi | undefined;
afterEach(() => api?.restore());
const student = () => signedInAs(userRecord({ role_id: 1, role_name: "Student", username: "stu000123" }));

/** What GET /api/student/me answers for a student who paid itself, before its exam. */
const area = (extra: Partial<StudentArea> = {}): StudentArea => ({
  student: {
    id: 123,
    first_name: "Ira",
    last_name: "Kulkarni",
    school_name: "Jnana Prabodhini Prashala, Pune",
    school_listed: true,
    class_level: 9,
    language: "hi",
    roll_number: "2009000042",
    exam_year: "2026-27",
    source: "sif",
    registered_at: "2026-09-01T05:00:00.000Z",
  },
  payment: {
    status: "paid",
    paid_at: "2026-09-02T05:00:00.000Z",
    open_order_id: null,
    receipt: { order_id: 77, invoice_number: "2026-27/000077", paid_at: "2026-09-02T05:00:00.000Z" },
  },
  timeline: { level: "level1", next: "admit_card", steps: [] },
  exams: [
    {
      level: "mock",
      schedule: { starts_at: "2026-12-06T05:30:00.000Z", duration_minutes: 90, note: null },
      admit_card: null,
      result: null,
    },
    {
      level: "level1",
      schedule: { starts_at: "2026-12-13T04:30:00.000Z", duration_minutes: 90, note: null },
      admit_card: { available: true, reason: null },
      result: null,
    },
  ],
  important_dates: [
    { id: 5, title: "Level I exam", start_date: "2027-01-10", end_date: "2027-01-12", description: "Online." },
  ],
  ...extra,
});

describe("the student's home page", () => {
  it("speaks the student's exam language, writes its dates there, and links its receipt and fee", async () => {
    api = stubApi({ "GET /api/user": student(), "GET /api/student/me": { body: envelope(area()) } });
    const answer = await studentHomeLoader(args(await appRequest("/student")));
    const page = (answer as unknown as { data: Awaited<ReturnType<typeof studentHomeLoader>>["data"] }).data;
    expect(page.locale).toMatchObject({ code: "hi", dir: "ltr" });
    expect(page.words.examsTitle).toBe("मेरी परीक्षाएँ");
    expect(page.when?.exams.level1).toContain("13 दिसंबर 2026");
    expect(page.links).toMatchObject({
      payMyFee: "/payment/pay-my-fee",
      receipt: "/payment/invoice/77",
      continuePayment: null,
    });
    expect(page.links.study.map((s) => s.href)).toContain("/study-material/study-material");
    // The dates ahead, nearest first: the mock, Level 1, then the important date's range.
    expect(page.when?.ahead.map((d) => d.key)).toEqual(["exam-mock", "exam-level1", "date-5"]);
    expect(page.failure).toBeNull();
  });

  it("switches to Urdu, right to left, when asked, and remembers the choice", async () => {
    api = stubApi({ "GET /api/user": student(), "GET /api/student/me": { body: envelope(area()) } });
    const answer = (await studentHomeLoader(args(await appRequest("/student?lang=ur")))) as unknown as {
      data: { locale: { code: string; dir: string }; words: { examsTitle: string } };
      init: { headers: Headers };
    };
    expect(answer.data.locale).toMatchObject({ code: "ur", dir: "rtl" });
    expect(answer.data.words.examsTitle).toBe("میرے امتحانات");
    const cookie = new Headers(answer.init.headers).get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/^school_student_language=/);
    // The next page, with the cookie, stays in Urdu; a language without a dictionary falls back to English.
    api.restore();
    api = stubApi({
      "GET /api/user": student(),
      "GET /api/student/me": { body: envelope(area({ student: { ...area().student, language: "ta" } })) },
    });
    const request = await appRequest("/student");
    const withChoice = new Request(request.url, {
      headers: { Cookie: `${request.headers.get("Cookie")}; ${cookie.split(";")[0]}` },
    });
    const next = (await studentHomeLoader(args(withChoice))) as unknown as { data: { locale: { code: string } } };
    expect(next.data.locale.code).toBe("ur");
    const plain = (await studentHomeLoader(args(await appRequest("/student")))) as unknown as {
      data: { locale: { code: string } };
    };
    expect(plain.data.locale.code).toBe("en");
  });

  it("offers to finish a payment the student started, and says when its area cannot be loaded", async () => {
    api = stubApi({
      "GET /api/user": student(),
      "GET /api/student/me": {
        body: envelope(area({ payment: { status: "pending", paid_at: null, open_order_id: 31, receipt: null } })),
      },
    });
    const pending = (await studentHomeLoader(args(await appRequest("/student")))) as unknown as {
      data: { links: { continuePayment: string | null; receipt: string | null } };
    };
    expect(pending.data.links).toMatchObject({ continuePayment: "/payment/checkout/31", receipt: null });
    api.restore();
    api = stubApi({
      "GET /api/user": student(),
      "GET /api/student/me": {
        status: 404,
        body: { status: false, message: "Your registration was not found.", data: null },
      },
    });
    const failed = (await studentHomeLoader(args(await appRequest("/student")))) as unknown as {
      data: { area: unknown; failure: string };
    };
    expect(failed.data).toMatchObject({ area: null, failure: "Your registration was not found." });
  });

  it("is refused to a school account (403)", async () => {
    api = stubApi({ "GET /api/user": signedInAs(userRecord({ role_id: 2, role_name: "School" })) });
    await expect(studentHomeLoader(args(await appRequest("/student")))).rejects.toMatchObject({ status: 403 });
  });
});

describe("the student's explained result", () => {
  it("asks the API for the level in the address, and shows the empty state when there is no result", async () => {
    api = stubApi({
      "GET /api/user": student(),
      "GET /api/student/results/mock/explained": {
        status: 404,
        body: { status: false, message: "You have no Mock exam result yet.", data: null },
      },
      "GET /api/student/results": { body: envelope([]) },
    });
    const answer = (await studentResultsLoader(args(await appRequest("/student/results?level=mock")))) as unknown as {
      data: { level: string; result: unknown; levels: string[]; home: string };
    };
    expect(answer.data).toMatchObject({ level: "mock", result: null, levels: [], home: "/student" });
  });

  it("passes any other failure on as an error page", async () => {
    api = stubApi({
      "GET /api/user": student(),
      "GET /api/student/results/level1/explained": {
        status: 500,
        body: { status: false, message: "Something went wrong on our side.", data: null },
      },
      "GET /api/student/results": { body: envelope([]) },
    });
    await expect(studentResultsLoader(args(await appRequest("/student/results?level=nonsense")))).rejects.toMatchObject(
      {
        status: 500,
      },
    );
  });
});

describe("the student's downloads", () => {
  it("streams the admit card, and passes the API's reason on when there is none yet", async () => {
    api = stubApi({
      "GET /api/user": student(),
      "GET /api/student/admit-card/level1": () =>
        new Response("%PDF-1.7", {
          headers: { "Content-Type": "application/pdf", "Content-Disposition": 'attachment; filename="a.pdf"' },
        }),
    });
    const card = (await admitCardLoader(
      args(await appRequest("/student/admit-card/level1"), { level: "level1" }),
    )) as Response;
    expect(card.headers.get("Content-Type")).toBe("application/pdf");
    expect(await card.text()).toBe("%PDF-1.7");
    api.restore();
    api = stubApi({
      "GET /api/user": student(),
      "GET /api/student/admit-card/level2": {
        status: 409,
        body: { status: false, message: "Level 2 is sat by the students Level 1 selects.", data: null },
      },
    });
    const refused = (await admitCardLoader(
      args(await appRequest("/student/admit-card/level2"), { level: "level2" }),
    )) as Response;
    expect(refused.status).toBe(409);
    expect(await refused.text()).toBe("Level 2 is sat by the students Level 1 selects.");
  });

  it("asks nothing for a level without admit cards or certificates", async () => {
    api = stubApi({ "GET /api/user": student() });
    const mock = (await admitCardLoader(
      args(await appRequest("/student/admit-card/mock"), { level: "mock" }),
    )) as Response;
    expect(mock.status).toBe(404);
    const certificate = (await ownCertificateLoader(
      args(await appRequest("/student/certificate/mock"), { level: "mock" }),
    )) as Response;
    expect(certificate.status).toBe(404);
    expect(api.calls.map((c) => c.path)).toEqual(["/api/user", "/api/user"]);
  });
});
