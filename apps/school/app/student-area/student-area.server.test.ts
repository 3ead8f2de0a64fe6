import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "school" }));

import { appRequest, envelope, type StubbedApi, signedInAs, stubApi, userRecord } from "@repo/remix-app/testing";
import { area, areaIn, BEFORE_THE_EXAMS, homeAnswers, student } from "./student-area.fixtures";
import {
  admitCardLoader,
  ownCertificateLoader,
  type StudentArea,
  studentHomeLoader,
  studentResultsLoader,
  studentUnavailableLoader,
} from "./student-area.server";

const args = (request: Request, params: Record<string, string> = {}) => ({ request, context: {}, params });
let api: StubbedApi | undefined;
afterEach(() => api?.restore());
describe("the student's home page", () => {
  it("speaks the student's exam language, writes its dates there, and links its receipt and fee", async () => {
    // The dates ahead are counted from today: the clock stands before the fixture's mock exam.
    vi.useFakeTimers({ now: BEFORE_THE_EXAMS, toFake: ["Date"] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    api = stubApi(homeAnswers());
    const answer = await studentHomeLoader(args(await appRequest("/student")));
    const page = (answer as unknown as { data: Awaited<ReturnType<typeof studentHomeLoader>>["data"] }).data;
    expect(page.locale).toMatchObject({ code: "hi", dir: "ltr" });
    expect(page.words.examsTitle).toBe("मेरी परीक्षाएँ");
    // The time where Hindi puts it, on a 24-hour clock: never ICU's "10:00 am बजे" (issue 35 item 7).
    expect(page.when?.exams.level1).toBe("रविवार, 13 दिसंबर 2026, 10:00 बजे");
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
    api = stubApi(homeAnswers());
    const answer = (await studentHomeLoader(args(await appRequest("/student?lang=ur")))) as unknown as {
      data: { locale: { code: string; dir: string }; words: { examsTitle: string } };
      init: { headers: Headers };
    };
    expect(answer.data.locale).toMatchObject({ code: "ur", dir: "rtl" });
    expect(answer.data.words.examsTitle).toBe("میرے امتحانات");
    const cookie = new Headers(answer.init.headers).get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/^school_student_language=/);
    // The next page, with the cookie, stays in Urdu; without it, the exam language (Tamil) speaks.
    api.restore();
    api = stubApi(homeAnswers(areaIn("ta")));
    const request = await appRequest("/student");
    const withChoice = new Request(request.url, {
      headers: { Cookie: `${request.headers.get("Cookie")}; ${cookie.split(";")[0]}` },
    });
    const next = (await studentHomeLoader(args(withChoice))) as unknown as { data: { locale: { code: string } } };
    expect(next.data.locale.code).toBe("ur");
    const plain = (await studentHomeLoader(args(await appRequest("/student")))) as unknown as {
      data: { locale: { code: string } };
    };
    expect(plain.data.locale.code).toBe("ta");
  });

  it("offers to finish a payment the student started, and says when its area cannot be loaded", async () => {
    api = stubApi(
      homeAnswers(area({ payment: { status: "pending", paid_at: null, open_order_id: 31, receipt: null } })),
    );
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
    // In the page's language, not the API's English.
    expect(failed.data).toMatchObject({ area: null, failure: "Your exams could not be loaded. Please try again." });
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

  it("speaks the student's exam language even before there is a result (issue 35 item 7)", async () => {
    api = stubApi({
      "GET /api/user": student(),
      "GET /api/student/results/level1/explained": {
        status: 404,
        body: { status: false, message: "You have no Level 1 result yet.", data: null },
      },
      "GET /api/student/results": { body: envelope([]) },
      "GET /api/student/me": { body: envelope(areaIn("ta")) },
    });
    const answer = (await studentResultsLoader(args(await appRequest("/student/results")))) as unknown as {
      data: { locale: { code: string }; words: { noResult: string } };
    };
    expect(answer.data.locale.code).toBe("ta");
    expect(answer.data.words.noResult).toBe("இன்னும் முடிவு இல்லை");
  });

  it("passes any other failure on as the area's error page, in the student's language", async () => {
    api = stubApi({
      "GET /api/user": student(),
      "GET /api/student/results/level1/explained": {
        status: 500,
        body: { status: false, message: "Something went wrong on our side.", data: null },
      },
      "GET /api/student/results": { body: envelope([]) },
      "GET /api/student/me": { body: envelope(area()) },
    });
    const thrown = await studentResultsLoader(args(await appRequest("/student/results?level=nonsense"))).catch(
      (error: unknown) => error,
    );
    const problem = thrown as {
      init: { status: number };
      data: { studentProblem: { title: string; message: string } };
    };
    expect(problem.init.status).toBe(500);
    expect(problem.data.studentProblem).toMatchObject({
      title: "कुछ गड़बड़ हो गई",
      message: "आपकी परीक्षाएँ लोड नहीं हो सकीं। कृपया फिर से प्रयास करें।",
    });
    expect(JSON.stringify(problem.data)).not.toContain("our side");
  });
});

describe("the student's downloads", () => {
  it("streams the admit card, and sends a refusal to the page saying why", async () => {
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
    // Not raw text on a phone (issue 35 item 7): the area's page, in the student's language.
    expect(refused.status).toBe(303);
    expect(refused.headers.get("Location")).toBe("/student/unavailable/admit-card/level2");
  });

  it("asks nothing for a level without admit cards or certificates", async () => {
    api = stubApi({ "GET /api/user": student() });
    const mock = (await admitCardLoader(
      args(await appRequest("/student/admit-card/mock"), { level: "mock" }),
    )) as Response;
    expect(mock.headers.get("Location")).toBe("/student/unavailable/admit-card/mock");
    const certificate = (await ownCertificateLoader(
      args(await appRequest("/student/certificate/mock"), { level: "mock" }),
    )) as Response;
    expect(certificate.headers.get("Location")).toBe("/student/unavailable/certificate/mock");
    expect(api.calls.map((c) => c.path)).toEqual(["/api/user", "/api/user"]);
  });
});

describe("the page saying why a file cannot be given (issue 35 item 7)", () => {
  type Problem = {
    init: { status: number };
    data: { studentProblem: { title: string; message: string; locale: { dir: string } } };
  };
  const unavailable = async (path: string, params: Record<string, string>, me = area()) => {
    api?.restore();
    api = stubApi({
      "GET /api/user": student(),
      "GET /api/student/me": { body: envelope(me) },
      "GET /api/student/results": { body: envelope([]) },
    });
    return (await studentUnavailableLoader(args(await appRequest(path), params))) as unknown as Problem;
  };

  it("says why Level 2's admit card is not ready, 409, in the student's language and direction", async () => {
    const hindi = await unavailable("/student/unavailable/admit-card/level2", { file: "admit-card", level: "level2" });
    expect(hindi.init.status).toBe(409);
    expect(hindi.data.studentProblem).toMatchObject({
      title: "आपका स्तर 2 प्रवेश पत्र अभी तैयार नहीं है",
      message: "स्तर 1 से राज्य शिविर के लिए चुने गए विद्यार्थियों के लिए।",
    });
    const urdu = await unavailable(
      "/student/unavailable/admit-card/level2",
      { file: "admit-card", level: "level2" },
      areaIn("ur"),
    );
    expect(urdu.data.studentProblem.locale.dir).toBe("rtl");
  });

  it("says an unpaid student's Level 1 admit card waits for the fee", async () => {
    const unpaid = area({
      exams: [
        { ...(area().exams[1] as StudentArea["exams"][number]), admit_card: { available: false, reason: "unpaid" } },
      ],
    });
    const answer = await unavailable(
      "/x",
      { file: "admit-card", level: "level1" },
      { ...unpaid, student: { ...unpaid.student, language: "en" } },
    );
    expect(answer.init.status).toBe(409);
    expect(answer.data.studentProblem).toMatchObject({
      title: "Your Level 1 admit card is not ready",
      message: "Ready once your fee is paid.",
    });
  });

  it("says there is no certificate yet (404), and nothing at an address that names no file (404)", async () => {
    const certificate = await unavailable("/x", { file: "certificate", level: "level1" });
    expect(certificate.init.status).toBe(404);
    expect(certificate.data.studentProblem.title).toBe("अभी स्तर 1 का कोई प्रमाणपत्र नहीं");
    const nothing = await unavailable("/x", { file: "admit-card", level: "mock" });
    expect(nothing.init.status).toBe(404);
    expect(nothing.data.studentProblem.title).toBe("इस पते पर कुछ नहीं है");
  });

  it("is refused to a school account (403)", async () => {
    api = stubApi({ "GET /api/user": signedInAs(userRecord({ role_id: 2, role_name: "School" })) });
    await expect(
      studentUnavailableLoader(args(await appRequest("/x"), { file: "admit-card", level: "level1" })),
    ).rejects.toMatchObject({ status: 403 });
  });
});
