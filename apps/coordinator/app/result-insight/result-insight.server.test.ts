import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "coordinator" }));

import {
  appRequest,
  envelope,
  type StubbedApi,
  settle,
  signedInAs,
  stubApi,
  userRecord,
} from "@repo/remix-app/testing";
import {
  insightFiltersFrom,
  insightLoader,
  optionColumns,
  type QuestionInsight,
  studentResultLoader,
} from "./result-insight.server";

let api: StubbedApi | undefined;
afterEach(() => api?.restore());
const admin = () => signedInAs(userRecord({ role_id: 3, role_name: "Admin" }));
const args = async (path: string) => ({ request: await appRequest(path), context: {}, params: {} });

describe("the insight page", () => {
  it("looks at the mock unless the URL names another level, with the class, language and region", () => {
    expect(insightFiltersFrom(new URLSearchParams())).toEqual({ level: "mock" });
    expect(
      insightFiltersFrom(new URLSearchParams("level=level1&class_level=8&language=hi&district_id=9&language2=x")),
    ).toEqual({ level: "level1", class_level: 8, language: "hi", district_id: 9 });
    expect(insightFiltersFrom(new URLSearchParams("level=final&language=xx"))).toEqual({ level: "mock" });
  });

  it("asks for the paper set's questions and the level's summary with the same filters", async () => {
    api = stubApi({
      "GET /api/user": admin(),
      "POST /api/student-mock-insight": { body: envelope({ level: "mock", sheets: 6, questions: [] }) },
      "GET /api/get-exam-result-insights": { body: envelope({ level: "mock", sheets: 6 }) },
      "POST /api/fetchZone": { body: envelope([]) },
      "POST /api/fetchState": { body: envelope([]) },
    });
    const data = await insightLoader(await args("/result-overview/student-mock-insight?class_level=8&paper_set_id=3"));
    expect(data).toMatchObject({
      level: "mock",
      levels: ["mock", "level1", "level2"],
      letters: ["A", "B", "C", "D"],
      insight: { sheets: 6 },
      summary: { sheets: 6 },
      failure: null,
    });
    expect(api.calls.find((c) => c.path === "/api/student-mock-insight")?.body).toEqual({
      level: "mock",
      class_level: 8,
      paper_set_id: 3,
    });
    expect(api.calls.find((c) => c.path.startsWith("/api/get-exam-result-insights"))?.path).toBe(
      "/api/get-exam-result-insights?level=mock&class_level=8",
    );
  });

  it("shows options E and F as columns only where some sheet marked them", () => {
    type Marked = [QuestionInsight["options"][number]["option"], number];
    const question = (...marked: Marked[]): QuestionInsight => ({
      number: 1,
      section: "A",
      key: "A",
      answered: 4,
      correct: 1,
      correct_percent: 25,
      blank: 0,
      double: 0,
      options: marked.map(([option, count]) => ({ option, count, percent: 0 })),
    });
    expect(optionColumns([])).toEqual(["A", "B", "C", "D"]);
    expect(optionColumns([question(["A", 3], ["B", 0], ["E", 0], ["F", 0])])).toEqual(["A", "B", "C", "D"]);
    expect(optionColumns([question(["A", 1]), question(["F", 2])])).toEqual(["A", "B", "C", "D", "F"]);
  });
});

describe("a student's explained score", () => {
  it("loads the result of the level asked for", async () => {
    api = stubApi({
      "GET /api/user": admin(),
      "GET /api/student-result/42": { body: envelope({ total: 19, level: "level1" }) },
    });
    const data = await studentResultLoader(await args("/result-overview/student-result?student_id=42"));
    expect(data).toMatchObject({ level: "level1", result: { total: 19 }, message: null });
    expect(api.calls.at(-1)?.path).toBe("/api/student-result/42?level=level1");
  });

  it("answers 404 with the API's reason for a student outside the region, and for no student at all", async () => {
    api = stubApi({
      "GET /api/user": admin(),
      "GET /api/student-result/42": {
        status: 404,
        body: { status: false, message: "No such student in your region", data: null },
      },
    });
    const outside = await studentResultLoader(await args("/result-overview/student-result?student_id=42&level=mock"));
    expect(outside).toMatchObject({
      init: { status: 404 },
      data: { result: null, message: "No such student in your region" },
    });
    const none = await settle(async () => studentResultLoader(await args("/result-overview/student-result")));
    expect(none.thrown?.status).toBe(404);
  });
});
