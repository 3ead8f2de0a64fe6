import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "papersetter" }));

import { appRequest, envelope, type StubbedApi, signedInAs, stubApi, userRecord } from "@repo/remix-app/testing";
import { activityLogsLoader } from "./activity-logs.server";

const args = (request: Request) => ({ request, context: {}, params: {} });
let api: StubbedApi | undefined;
afterEach(() => api?.restore());
const admin = () =>
  signedInAs(userRecord({ id: 14, name: "Demo Papersetter Admin", role_id: 13, role_name: "Papersetter Admin" }));
const subjectPanel = () =>
  signedInAs(userRecord({ id: 16, name: "Demo Subject Panel", role_id: 15, role_name: "Subject Panel" }));
const translator = () => signedInAs(userRecord({ id: 17, role_id: 16, role_name: "Translator Panel" }));

const entry = {
  id: 9,
  user_id: 17,
  user_name: "Demo Translator Panel",
  role_id: 16,
  action: "translation.save",
  entity: "question_translation",
  entity_id: "2",
  summary: "Translation saved: question 2 in Urdu, version 1 (done)",
  created_at: "2026-11-26T14:29:00.000Z",
};
const page = envelope({ items: [entry], page: 2, per_page: 10, total: 11, last_page: 2 });
const queryOf = (api: StubbedApi) =>
  Object.fromEntries(
    new URL(`http://x${api.calls.find((c) => c.path.startsWith("/api/dashboard/user-activity-logs"))?.path}`)
      .searchParams,
  );

describe("the user activity log", () => {
  it("pages with the URL's filters and offers the panel members and the people on the page", async () => {
    api = stubApi({
      "GET /api/user": admin(),
      "GET /api/dashboard/user-activity-logs": { body: page },
      "GET /api/papersetter/panel-members": {
        body: envelope([
          {
            id: 16,
            username: "subject",
            name: "Demo Subject Panel",
            role_id: 15,
            is_active: true,
            subject_ids: [1],
            languages: [],
          },
        ]),
      },
    });
    const loaded = await activityLogsLoader(
      args(
        await appRequest(
          "/paper-editor-admin/user-activity-logs?page=2&user_id=17&action=translation.save&from=2026-11-01&to=2026-11-30&question_id=2",
        ),
      ),
    );
    expect(queryOf(api)).toEqual({
      page: "2",
      per_page: "10",
      user_id: "17",
      action: "translation.save",
      from: "2026-11-01",
      to: "2026-11-30",
      question_id: "2",
    });
    expect(loaded).toMatchObject({ ownOnly: false, total: 11, rows: [entry], failure: null });
    expect(loaded.people).toEqual([
      { value: "14", label: "Demo Papersetter Admin (Papersetter Admin)" },
      { value: "16", label: "Demo Subject Panel (Subject Panel)" },
      { value: "17", label: "Demo Translator Panel (Translator Panel)" },
    ]);
    expect(loaded.actions.find((a) => a.value === "translation.save")?.label).toBe("Translation saved");
  });

  it("drops filters it cannot read and gives a subject panel user no person filter", async () => {
    api = stubApi({
      "GET /api/user": subjectPanel(),
      "GET /api/dashboard/user-activity-logs": {
        body: envelope({ items: [], page: 1, per_page: 10, total: 0, last_page: 1 }),
      },
    });
    const loaded = await activityLogsLoader(
      args(
        await appRequest("/paper-editor-admin/user-activity-logs?user_id=17&action=drop&from=yesterday&question_id=x"),
      ),
    );
    expect(queryOf(api)).toEqual({ page: "1", per_page: "10" });
    expect(loaded).toMatchObject({ ownOnly: true, people: [] });
  });

  it("is not a translator's page", async () => {
    api = stubApi({ "GET /api/user": translator() });
    await expect(
      activityLogsLoader(args(await appRequest("/paper-editor-admin/user-activity-logs"))),
    ).rejects.toMatchObject({ status: 403 });
  });
});
