import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "coordinator" }));

import { appRequest, envelope, type StubbedApi, signedInAs, stubApi, userRecord } from "../testing/harness";
import { EMPTY_COMPOSE } from "./compose";
import { composeField, sendMailAction, sendMailLoader } from "./send-mail.server";

const stateCoordinator = userRecord({ role_id: 9, role_name: "State Coordinator", username: "state" });
const args = (request: Request) => ({ request, context: {}, params: {} });
const mailForm = (intent: string, values: object, variables: string[] = []) => ({
  intent,
  mail: JSON.stringify({ ...EMPTY_COMPOSE, ...values }),
  template_variables: JSON.stringify(variables),
});
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

describe("the compose page", () => {
  it("offers a coordinator only the roles it may mail, no pasted lists, and its region's pickers", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(stateCoordinator),
      "GET /api/mail/templates/options": {
        body: envelope([{ key: "general-circular", language: "hi", name: "General circular", variables: ["title"] }]),
      },
      "POST /api/fetchZone": { body: envelope([{ id: 2, name: "West" }]) },
      "POST /api/fetchState": { body: envelope([{ id: 4, name: "Maharashtra" }]) },
      "POST /api/fetchPrant": { body: envelope([{ id: 7, name: "Vidarbha", state_name: "Maharashtra" }]) },
      "POST /api/fetchDistrict": { body: envelope([]) },
      "POST /api/mail/campaigns/list": { body: envelope({ items: [], page: 1, per_page: 10, total: 0, last_page: 1 }) },
    });
    const data = await sendMailLoader(args(await appRequest("/send-mail")));
    expect(data.roles.map((r) => r.label)).toEqual([
      "School",
      "Master Institute",
      "Institute",
      "Prant Coordinator",
      "District Coordinator",
    ]);
    expect(data.mayPasteList).toBe(false);
    expect(data.templates).toEqual([
      { value: "general-circular|hi", label: "General circular (Hindi)", variables: ["title"] },
    ]);
    expect(data.regions.prant).toEqual([{ value: "7", label: "Vidarbha (Maharashtra)" }]);
  });
});

describe("composing", () => {
  it("counts the audience the form describes", async () => {
    const summary = { count: 12, invalid: [], invalid_total: 0, sample: [] };
    api = stubApi({
      "GET /api/user": signedInAs(stateCoordinator),
      "POST /api/mail/audience/count": { body: envelope(summary) },
    });
    const form = mailForm("count", { kind: "roles", role_ids: ["10", "11"], state_ids: ["4"] });
    const result = await sendMailAction(args(await appRequest("/send-mail", { form })));
    expect(result).toMatchObject({ data: { intent: "count", ok: true, summary } });
    expect(api.calls.at(-1)?.body).toEqual({ audience: { kind: "roles", role_ids: [10, 11], state_ids: [4] } });
  });

  it("places the API's field errors on the form's fields", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(stateCoordinator),
      "POST /api/mail/send": {
        status: 422,
        body: {
          status: false,
          message: "Give a value for each variable",
          data: null,
          errors: [
            { field: "variables.title", message: "Give a value" },
            { field: "audience.role_ids", message: "Not yours to mail" },
          ],
        },
      },
    });
    const form = mailForm("send", { role_ids: ["3"], template: "general-circular|hi" }, ["title"]);
    const result = await sendMailAction(args(await appRequest("/send-mail", { form })));
    expect(result).toMatchObject({
      init: { status: 422 },
      data: { ok: false, errors: [{ field: "variables.title" }, { field: "role_ids" }] },
    });
  });

  it("refuses a written mail without a subject before calling the API", async () => {
    api = stubApi({ "GET /api/user": signedInAs(stateCoordinator) });
    const form = mailForm("send", { role_ids: ["10"], mode: "compose", subject: "", body: "<p>Hello</p>" });
    const result = await sendMailAction(args(await appRequest("/send-mail", { form })));
    expect(result).toMatchObject({ init: { status: 400 }, data: { ok: false, errors: [{ field: "subject" }] } });
    expect(api.calls.map((c) => c.path)).toEqual(["/api/user"]);
  });

  it("sends and goes on to watch the new campaign", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(stateCoordinator),
      "POST /api/mail/send": {
        status: 202,
        body: envelope({ id: 31, status: "preparing" }, "Sending to 12 recipients"),
      },
    });
    const form = mailForm("send", { role_ids: ["10"], template: "general-circular|en" }, ["title"]);
    const response = await sendMailAction(
      args(
        await appRequest("/send-mail", {
          form: { ...form, mail: form.mail.replace('"variables":{}', '"variables":{"title":"Holiday"}') },
        }),
      ),
    );
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).headers.get("Location")).toBe("/send-mail?campaign=31");
    expect(api.calls.at(-1)?.body).toEqual({
      audience: { kind: "roles", role_ids: [10] },
      template_key: "general-circular",
      language: "en",
      variables: { title: "Holiday" },
    });
  });
});

describe("where an error shows", () => {
  it("maps body paths to the compose form's fields", () => {
    expect(composeField("audience.addresses.3")).toBe("addresses");
    expect(composeField("audience.role_ids")).toBe("role_ids");
    expect(composeField("language")).toBe("template");
    expect(composeField("variables.title")).toBe("variables.title");
    expect(composeField("")).toBe("form");
  });
});
