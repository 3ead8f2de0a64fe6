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
import { importantDatesLoader, syllabusLevelLoader } from "./content-texts.server";

const school = userRecord({ role_id: 2, role_name: "School", username: "school" });
const args = (request: Request) => ({ request, context: {}, params: {} });
const page = <const T>(items: readonly T[]) =>
  envelope({ items, page: 1, per_page: 100, total: items.length, last_page: 1 });
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

describe("the school's reading pages", () => {
  it("load the level's syllabus and its paper pattern together", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(school),
      "GET /api/syllabus": { body: page([{ id: 1, title: "Science" }]) },
      "GET /api/frontend-pattern": { body: page([{ id: 2, class_band: "VI-XI" }]) },
    });
    const data = await syllabusLevelLoader(1, args(await appRequest("/study-material/syllabus-for-exam-level-i")));
    expect(data).toMatchObject({ level: 1, failure: null });
    expect(data.syllabus).toEqual([{ id: 1, title: "Science" }]);
    expect(data.patterns).toEqual([{ id: 2, class_band: "VI-XI" }]);
    const paths = api.calls.map((c) => c.path);
    expect(paths).toContain("/api/syllabus?per_page=100&syllabus_type=1");
    expect(paths).toContain("/api/frontend-pattern?per_page=100&exam_level=1");
  });

  it("show the list's failure and no dates when the API fails", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(school),
      "GET /api/important-dates": { status: 500, body: { status: false, message: "Something went wrong", data: null } },
    });
    const data = await importantDatesLoader(args(await appRequest("/student/important-dates")));
    expect(data).toEqual({ dates: [], failure: "Something went wrong" });
  });

  it("keep important dates from a master institute, as the menu does", async () => {
    api = stubApi({ "GET /api/user": signedInAs(userRecord({ role_id: 17, role_name: "Master Institute" })) });
    const { thrown } = await settle(async () =>
      importantDatesLoader(args(await appRequest("/student/important-dates"))),
    );
    expect(thrown?.status).toBe(403);
  });
});
