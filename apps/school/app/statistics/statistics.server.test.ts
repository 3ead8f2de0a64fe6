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
import { statisticsLoader } from "./statistics.server";
import { classRows, genderSlices, languageRows, paymentSlices } from "./student-figures";

const args = (request: Request) => ({ request, context: {}, params: {} });
const PAGE = "/statistics";
const students = {
  total: 7,
  paid: 4,
  pending: 1,
  unpaid: 2,
  by_class: [
    { class_level: 8, total: 5, paid: 3, pending: 1, unpaid: 1 },
    { class_level: 6, total: 2, paid: 1, pending: 0, unpaid: 1 },
  ],
  by_language: [
    { language: "hi", count: 5 },
    { language: "ur", count: 2 },
  ],
  by_gender: [
    { gender: "female", count: 4 },
    { gender: "unknown", count: 3 },
  ],
};
const statistics = { exam_year: { label: "2026-27", starts_on: "2026-04-01", ends_on: "2027-03-31" }, students };
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

describe("the statistics loader", () => {
  it("loads the counts of the open exam year", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(userRecord({ role_id: 17, role_name: "Master Institute" })),
      "GET /api/schools/statistics": { body: envelope(statistics) },
    });
    const page = await statisticsLoader(args(await appRequest(PAGE)));
    // A master institute adds students into one of its schools (issue 11), so the empty state offers it.
    expect(page).toEqual({ statistics, failure: null, canAddStudents: true, ofSchools: true });
  });

  it("gives the API's message when the counts cannot be had", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(),
      "GET /api/schools/statistics": { status: 500, body: { status: false, message: "Try again", data: null } },
    });
    expect(await statisticsLoader(args(await appRequest(PAGE)))).toMatchObject({
      statistics: null,
      failure: "Try again",
      canAddStudents: true,
    });
  });

  it("refuses a role without the page (403)", async () => {
    api = stubApi({ "GET /api/user": signedInAs(userRecord({ role_id: 1, role_name: "Student" })) });
    const { thrown } = await settle(async () => statisticsLoader(args(await appRequest(PAGE))));
    expect(thrown?.status).toBe(403);
  });
});

describe("the chart figures", () => {
  it("has every class VI to XI, empty ones as zeros, split by payment", () => {
    expect(classRows(students)).toEqual([
      { class: "VI", Paid: 1, Pending: 0, Unpaid: 1 },
      { class: "VII", Paid: 0, Pending: 0, Unpaid: 0 },
      { class: "VIII", Paid: 3, Pending: 1, Unpaid: 1 },
      { class: "IX", Paid: 0, Pending: 0, Unpaid: 0 },
      { class: "X", Paid: 0, Pending: 0, Unpaid: 0 },
      { class: "XI", Paid: 0, Pending: 0, Unpaid: 0 },
    ]);
  });

  it("names languages, genders and payment statuses in words", () => {
    expect(languageRows(students)).toEqual([
      { language: "Hindi", Students: 5 },
      { language: "Urdu", Students: 2 },
    ]);
    expect(genderSlices(students).map((s) => [s.label, s.value])).toEqual([
      ["Female", 4],
      ["Not given", 3],
    ]);
    expect(paymentSlices(students).map((s) => [s.label, s.value])).toEqual([
      ["Paid", 4],
      ["Pending", 1],
      ["Unpaid", 2],
    ]);
  });
});
