import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "school" }));

import { FOREIGN_FORM } from "@repo/remix-app/forms/server";
import { appRequest, envelope, type StubbedApi, stubApi } from "@repo/remix-app/testing";
import { sifRegisterAction } from "./sif.server";

const args = (request: Request) => ({ request, context: {}, params: {} });
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

/** The form of a student of a listed school, as the page posts it. */
const ira = {
  first_name: "Ira",
  last_name: "Kulkarni",
  class_level: "9",
  language: "mr",
  gender: "female",
  date_of_birth: "2012-02-10",
  parent_name: "Sunita Kulkarni",
  phone: "9744001122",
  email: "ira@example.org",
  school_id: "12",
};
const post = async (form: Record<string, string>) =>
  sifRegisterAction(args(await appRequest("/sif/register", { form, signedIn: false })));

describe("a student's own registration (SIF)", () => {
  it("answers the school search without JavaScript with the form again, what was typed and the schools found", async () => {
    const school = { id: 12, name: "Jnana Prabodhini Prashala", city: "Pune", district: "Pune", state: "Maharashtra" };
    api = stubApi({
      "GET /api/sif/list/schools": {
        body: envelope({ items: [school], page: 1, per_page: 20, total: 1, last_page: 1 }),
      },
    });
    const result = await post({ ...ira, school_id: "", intent: "schools", school_search: "jnana", unlisted: "on" });
    expect(result.init?.status ?? 200).toBe(200);
    expect(result.data).toMatchObject({
      ok: false,
      message: "",
      schools: [school],
      values: { first_name: "Ira", school_search: "jnana", unlisted: "" },
    });
    expect(api.calls.map((c) => c.path)).toEqual(["/api/sif/list/schools?search=jnana&per_page=20"]);
  });

  it("puts the API's refusal on its field, with its status and what was typed", async () => {
    const taken = { field: "email", message: "This e-mail address is registered already" };
    api = stubApi({
      "POST /api/sif/register/student": {
        status: 422,
        body: { status: false, message: "Please correct the marked fields.", data: null, errors: [taken] },
      },
    });
    const result = await post(ira);
    expect(result.init?.status).toBe(422);
    expect(result.data).toMatchObject({
      ok: false,
      message: "Please correct the marked fields.",
      errors: [taken],
      values: { first_name: "Ira", email: "ira@example.org" },
    });
    expect(api.calls.at(-1)?.body).toMatchObject({ first_name: "Ira", class_level: 9, school_id: 12 });
  });

  it("refuses the contract's refusals before the API, and a form another site sent", async () => {
    api = stubApi({});
    const missing = await post({ ...ira, school_id: "" });
    expect(missing.init?.status).toBe(400);
    expect(missing.data?.errors?.map((e) => e.field)).toContain("school_id");
    const foreign = new Request(new URL("/sif/register", "http://elsewhere.test"), {
      method: "POST",
      headers: { Origin: "http://elsewhere.test" },
      body: new URLSearchParams(ira),
    });
    const refused = await sifRegisterAction(args(foreign));
    expect(refused.init?.status).toBe(403);
    expect(refused.data).toMatchObject({ ok: false, message: FOREIGN_FORM });
    expect(api.calls).toEqual([]);
  });
});
