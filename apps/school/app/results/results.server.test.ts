import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "school" }));

import {
  appRequest,
  envelope,
  type StubbedApi,
  settle,
  signedInAs,
  stubApi,
  userRecord,
} from "@repo/remix-app/testing";
import { bulkCertificatesPath, certificatePath } from "./paths";
import { bulkFileLoader, certificateLoader, resultsAction, resultsLoader, resultsQueryFrom } from "./results.server";

const args = (request: Request, params: Record<string, string> = {}) => ({ request, context: {}, params });
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

const school = () => signedInAs(userRecord({ role_id: 2, role_name: "School" }));
const masterInstitute = () => signedInAs(userRecord({ role_id: 17, role_name: "Master Institute" }));
const page = { items: [{ student_id: 42 }], page: 1, per_page: 10, total: 1, last_page: 1 };
const refusal = (status: number, message: string) => ({ status, body: { status: false, message, data: null } });

describe("the Results query", () => {
  it("reads the level, class, school, search and paging, and drops what is not a value", () => {
    expect(
      resultsQueryFrom(new URLSearchParams("level=level2&class_level=8&school_id=12&search=aarav&page=3&per_page=25")),
    ).toEqual({ level: "level2", class_level: 8, school_id: 12, search: "aarav", page: 3, per_page: 25 });
    expect(resultsQueryFrom(new URLSearchParams("level=level9&class_level=13&school_id=x"))).toEqual({
      level: "level1",
      page: 1,
      per_page: 10,
    });
  });
});

describe("the Results page", () => {
  it("loads the school's results with the URL's filters, without a school picker", async () => {
    api = stubApi({ "GET /api/user": school(), "GET /api/school/results": { body: envelope(page) } });
    const data = await resultsLoader(args(await appRequest("/results?level=mock&class_level=9")));
    expect(data).toMatchObject({ level: "mock", total: 1, schools: null, failure: null });
    expect(data.filters).toEqual({ level: "mock", class_level: 9 });
    expect(api.calls.find((c) => c.path.startsWith("/api/school/results"))?.path).toBe(
      "/api/school/results?level=mock&page=1&per_page=10&class_level=9",
    );
  });

  it("gives a master institute its schools to choose from, and says so when the list fails", async () => {
    api = stubApi({
      "GET /api/user": masterInstitute(),
      "GET /api/school/results": refusal(500, "Server error"),
      "GET /api/master-institute/schools/choices": {
        body: envelope([{ id: 5, name: "Vidya Bharati School", is_active: true }]),
      },
    });
    const data = await resultsLoader(args(await appRequest("/results")));
    expect(data.schools).toEqual([{ value: "5", label: "Vidya Bharati School" }]);
    expect(data.rows).toEqual([]);
    expect(data.failure).toBe("Server error");
  });

  it("is refused to a role without results.own", async () => {
    api = stubApi({ "GET /api/user": signedInAs(userRecord({ role_id: 1, role_name: "Student" })) });
    const { thrown } = await settle(async () => resultsLoader(args(await appRequest("/results"))));
    expect(thrown?.status).toBe(403);
  });
});

describe("making every certificate", () => {
  it("starts the bulk job for the level (and the institute's chosen school) and answers its id", async () => {
    api = stubApi({
      "GET /api/user": masterInstitute(),
      "POST /api/certificates/bulk": { status: 202, body: envelope({ job_id: 77 }, "Making 12 certificates") },
    });
    const answer = await resultsAction(
      args(await appRequest("/results", { form: { level: "level2", output: "zip", school_id: "5" } })),
    );
    expect(answer.data).toEqual({ ok: true, jobId: 77, message: "Making 12 certificates" });
    expect(api.calls.at(-1)?.body).toEqual({ level: "level2", output: "zip", school_id: 5 });
  });

  it("passes the API's refusal on, refuses a mock, and needs the form's CSRF token", async () => {
    api = stubApi({
      "GET /api/user": school(),
      "POST /api/certificates/bulk": refusal(422, "There are no Level 1 answer sheets yet."),
    });
    const refused = await resultsAction(args(await appRequest("/results", { form: { level: "level1" } })));
    expect(refused.data).toEqual({ ok: false, message: "There are no Level 1 answer sheets yet." });
    expect(refused.init?.status).toBe(422);
    const mock = await resultsAction(args(await appRequest("/results", { form: { level: "mock" } })));
    expect(mock.data.ok).toBe(false);
    const { thrown } = await settle(async () =>
      resultsAction(args(await appRequest("/results", { form: { level: "level1", csrf: "forged" } }))),
    );
    expect(thrown?.status).toBe(403);
    expect(api.calls.filter((c) => c.path === "/api/certificates/bulk")).toHaveLength(1);
  });
});

describe("the certificate downloads", () => {
  it("streams a student's certificate of the level", async () => {
    api = stubApi({
      "GET /api/user": school(),
      "GET /api/certificate/42": () =>
        new Response("%PDF-1.7 certificate", {
          headers: { "Content-Type": "application/pdf", "Content-Disposition": 'attachment; filename="c.pdf"' },
        }),
    });
    const response = await certificateLoader(args(await appRequest(certificatePath(42, "level2")), { student: "42" }));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("%PDF-1.7 certificate");
    expect(api.calls.at(-1)?.path).toBe("/api/certificate/42?level=level2");
  });

  it("answers 404 for another school's student, a mock or a made-up id", async () => {
    api = stubApi({ "GET /api/user": school(), "GET /api/certificate/43": refusal(404, "Certificate not found") });
    expect(
      (await certificateLoader(args(await appRequest(certificatePath(43, "level1")), { student: "43" }))).status,
    ).toBe(404);
    expect(
      (await certificateLoader(args(await appRequest("/results/certificate/43?level=mock"), { student: "43" }))).status,
    ).toBe(404);
    expect(
      (await certificateLoader(args(await appRequest("/results/certificate/x?level=level1"), { student: "x" }))).status,
    ).toBe(404);
    expect(api.calls.filter((c) => c.path.startsWith("/api/certificate/"))).toHaveLength(1);
  });

  it("streams a finished run's file, and says when it is not ready", async () => {
    api = stubApi({
      "GET /api/user": school(),
      "GET /api/certificates/bulk/77/file": () =>
        new Response("%PDF-1.7 all", { headers: { "Content-Type": "application/pdf" } }),
      "GET /api/certificates/bulk/78/file": refusal(409, "The certificates are not ready yet."),
    });
    expect(await (await bulkFileLoader(args(await appRequest(bulkCertificatesPath(77)), { job: "77" }))).text()).toBe(
      "%PDF-1.7 all",
    );
    const waiting = await bulkFileLoader(args(await appRequest(bulkCertificatesPath(78)), { job: "78" }));
    expect(waiting.status).toBe(409);
  });
});
