import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "school" }));

import { verifyPath } from "@repo/contracts/results-constants";
import { appRequest, envelope, type StubbedApi, stubApi } from "@repo/remix-app/testing";
import { verifyLoader } from "./verify.server";

const args = (request: Request, code: string) => ({ request, context: {}, params: { code } });
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

const certificate = {
  status: "valid",
  student_name: "आरव शर्मा",
  school_name: "Jnana Prabodhini Prashala, Pune",
  level: "level1",
  level_name: "Level 1",
  exam_year: "2026-27",
  award: "national_camp",
  award_name: "National camp",
  withdrawn_at: null,
  withdrawn_reason: null,
};

describe("the public certificate check", () => {
  it("asks the API without a sign-in and shows what the certificate says", async () => {
    api = stubApi({ "GET /api/certificate/verify/K7M2Q9X4TB3P": { body: envelope(certificate) } });
    const answer = await verifyLoader(
      args(await appRequest(verifyPath("k7m2q9x4tb3p"), { signedIn: false }), "k7m2q9x4tb3p"),
    );
    expect(answer.data).toEqual({ outcome: "valid", code: "K7M2Q9X4TB3P", certificate });
    expect(api.calls).toHaveLength(1);
  });

  it("answers 410 for a withdrawn certificate, with when it was withdrawn and what it printed", async () => {
    const withdrawn = {
      ...certificate,
      status: "withdrawn",
      withdrawn_at: "2026-12-06T08:00:00.000Z",
      withdrawn_reason: "results_removed",
    };
    api = stubApi({ "GET /api/certificate/verify/K7M2Q9X4TB3P": { body: envelope(withdrawn) } });
    const answer = await verifyLoader(
      args(await appRequest(verifyPath("K7M2Q9X4TB3P"), { signedIn: false }), "K7M2Q9X4TB3P"),
    );
    expect(answer.data).toEqual({ outcome: "withdrawn", code: "K7M2Q9X4TB3P", certificate: withdrawn });
    expect(answer.init?.status).toBe(410);
  });

  it("answers 404 for an unknown code, and does not ask about something that cannot be a code", async () => {
    api = stubApi({
      "GET /api/certificate/verify/ZZZZZZZZZZZZ": { status: 404, body: { status: false, message: "x", data: null } },
    });
    const unknown = await verifyLoader(
      args(await appRequest(verifyPath("ZZZZZZZZZZZZ"), { signedIn: false }), "ZZZZZZZZZZZZ"),
    );
    expect(unknown.data.outcome).toBe("invalid");
    expect(unknown.init?.status).toBe(404);
    const junk = await verifyLoader(args(await appRequest("/verify/%3Cscript%3E", { signedIn: false }), "<script>"));
    expect(junk.init?.status).toBe(404);
    expect(api.calls).toHaveLength(1);
  });

  it("says the check is unavailable when the API fails", async () => {
    api = stubApi({
      "GET /api/certificate/verify/K7M2Q9X4TB3P": { status: 500, body: { status: false, message: "Down", data: null } },
    });
    const answer = await verifyLoader(
      args(await appRequest(verifyPath("K7M2Q9X4TB3P"), { signedIn: false }), "K7M2Q9X4TB3P"),
    );
    expect(answer.data).toMatchObject({ outcome: "unavailable", message: "Down" });
    expect(answer.init?.status).toBe(503);
  });
});
