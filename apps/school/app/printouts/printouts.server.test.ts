import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "school" }));

import { PRINTOUT_PAGES } from "@repo/auth/student-paths";
import {
  appRequest,
  envelope,
  type StubbedApi,
  settle,
  signedInAs,
  stubApi,
  userRecord,
} from "@repo/remix-app/testing";
import { printoutQueryFrom, printoutsAction, printoutsLoader, slipsAction } from "./printouts.server";

const args = (request: Request, params: Record<string, string> = {}) => ({ request, context: {}, params });
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

const school = () => signedInAs(userRecord({ role_id: 2, role_name: "School" }));
const summary = { level: "level1", school_id: 1, school_name: "Demo", class_level: 8, cards: 3, left_out: [] };
const pdf = () =>
  new Response("%PDF-1.7", {
    headers: { "content-type": "application/pdf", "content-disposition": 'attachment; filename="s.pdf"' },
  });
const location = (response: unknown) =>
  decodeURIComponent(((response as Response).headers.get("Location") ?? "").replace(/\+/g, " "));

describe("the printouts' choices", () => {
  it("reads the level, class and school, and drops what is not a value", () => {
    expect(printoutQueryFrom(new URLSearchParams("level=level2&class_level=8&school_id=5"))).toEqual({
      level: "level2",
      class_level: 8,
      school_id: 5,
    });
    expect(printoutQueryFrom(new URLSearchParams("level=mock&class_level=13&school_id=x"))).toEqual({
      level: "level1",
    });
  });
});

describe("the Admit Cards & Slips page", () => {
  it("loads the run's counts and the class's reach with the URL's choices", async () => {
    api = stubApi({
      "GET /api/user": school(),
      "GET /api/school/admit-cards": { body: envelope(summary) },
      "GET /api/school/sign-in-slips": {
        body: envelope({ school_name: "Demo", class_level: 8, never_signed_in: 2, signed_in: 1 }),
      },
    });
    const data = await printoutsLoader(args(await appRequest(`${PRINTOUT_PAGES.page}?class_level=8`)));
    expect(data).toMatchObject({ summary: { cards: 3 }, preview: { never_signed_in: 2 }, schools: null, job: null });
  });

  it("starts a run and follows it on the page, or comes back with the API's reason", async () => {
    api = stubApi({
      "GET /api/user": school(),
      "POST /api/school/admit-cards": { status: 202, body: envelope({ job_id: 77 }, "Printing 3 admit cards") },
    });
    const started = await printoutsAction(args(await appRequest(PRINTOUT_PAGES.page, { form: { class_level: "8" } })));
    expect(started.status).toBe(303);
    expect(location(started)).toBe(`${PRINTOUT_PAGES.page}?level=level1&class_level=8&job=77`);
    api.restore();
    api = stubApi({
      "GET /api/user": school(),
      "POST /api/school/admit-cards": {
        status: 422,
        body: { status: false, message: "There is no Level 2 admit card to print.", data: null },
      },
    });
    const refused = await printoutsAction(args(await appRequest(PRINTOUT_PAGES.page, { form: { level: "level2" } })));
    expect(location(refused)).toContain("problem=There is no Level 2 admit card to print.");
  });
});

describe("the slips route", () => {
  it("answers a student's slip as the PDF download, and a refusal back on the page it came from", async () => {
    api = stubApi({ "GET /api/user": school(), "POST /api/school/students/42/sign-in-slip": pdf });
    const slip = await slipsAction(args(await appRequest(PRINTOUT_PAGES.slips, { form: { student_id: "42" } })));
    expect((slip as Response).headers.get("Content-Disposition")).toContain("attachment");
    api.restore();
    api = stubApi({
      "GET /api/user": school(),
      "POST /api/school/sign-in-slips": {
        status: 400,
        body: {
          status: false,
          message: "Check the form",
          errors: [{ field: "confirm", message: "Tick the box to confirm" }],
        },
      },
    });
    const refused = await slipsAction(
      args(
        await appRequest(PRINTOUT_PAGES.slips, {
          form: { class_level: "8", audience: "all", back: "/student/admit-cards?class_level=8" },
        }),
      ),
    );
    expect(location(refused)).toBe("/student/admit-cards?class_level=8&problem=Tick the box to confirm");
    // Only this app's own pages: another site's address is not followed.
    const elsewhere = await slipsAction(
      args(
        await appRequest(PRINTOUT_PAGES.slips, {
          form: { class_level: "8", audience: "all", back: "//evil.example/x" },
        }),
      ),
    );
    expect(location(elsewhere).startsWith(`${PRINTOUT_PAGES.page}?`)).toBe(true);
  });

  it("needs the form's CSRF token", async () => {
    api = stubApi({ "GET /api/user": school() });
    const { thrown } = await settle(async () =>
      slipsAction(args(await appRequest(PRINTOUT_PAGES.slips, { form: { student_id: "42", csrf: "forged" } }))),
    );
    expect((thrown as Response).status).toBe(403);
  });
});
