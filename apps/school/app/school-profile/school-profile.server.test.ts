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
import { schoolPasswordLoader, schoolProfileAction, schoolProfileLoader } from "./school-profile.server";

const args = (request: Request) => ({ request, context: {}, params: {} });
const PAGE = "/school/edit-school-profile";
const fields = {
  board_id: "3",
  address: "5, New Road",
  pincode: "411002",
  contact_name: "A. Joshi",
  contact_phone: "9812345678",
};
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

describe("the school profile page", () => {
  it("loads the signed-in school", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(),
      "GET /api/schools/profile": { body: envelope({ id: 5, name: "X" }) },
    });
    const page = await schoolProfileLoader(args(await appRequest(PAGE)));
    expect(page.profile).toEqual({ id: 5, name: "X" });
    expect(page.failure).toBeNull();
  });

  it("shows the API's message when the profile cannot be loaded", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(),
      "GET /api/schools/profile": { status: 404, body: { status: false, message: "School not found", data: null } },
    });
    const page = await schoolProfileLoader(args(await appRequest(PAGE)));
    expect(page).toMatchObject({ profile: null, failure: "School not found" });
  });

  it("is refused to a student with 403 (not a school account's page)", async () => {
    api = stubApi({ "GET /api/user": signedInAs(userRecord({ role_id: 1, role_name: "Student" })) });
    const { thrown } = await settle(async () => schoolProfileLoader(args(await appRequest(PAGE))));
    expect(thrown?.status).toBe(403);
  });

  it("saves only the editable fields, as numbers where the API wants them", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(),
      "POST /api/schools/update/5": { body: envelope({ id: 5 }, "School profile updated successfully") },
    });
    const result = await schoolProfileAction(
      args(await appRequest(PAGE, { form: { ...fields, id: "5", school_name: "Renamed" } })),
    );
    expect(result.data).toEqual({ ok: true, message: "School profile updated successfully" });
    expect(api.calls[1]?.body).toEqual({ ...fields, board_id: 3 });
  });

  it("answers field messages before the API, and the API's 404 after", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(),
      "POST /api/schools/update/6": { status: 404, body: { status: false, message: "School not found", data: null } },
    });
    const bad = await schoolProfileAction(args(await appRequest(PAGE, { form: { ...fields, id: "5", pincode: "!" } })));
    expect(bad.data.errors).toEqual([{ field: "pincode", message: "Enter the PIN or postal code, e.g. 110001" }]);
    const other = await schoolProfileAction(args(await appRequest(PAGE, { form: { ...fields, id: "6" } })));
    expect(other.init?.status).toBe(404);
    expect(other.data.message).toBe("School not found");
  });
});

describe("the password page", () => {
  it("gives the form its CSRF token; an institute may open it too", async () => {
    api = stubApi({ "GET /api/user": signedInAs(userRecord({ role_id: 18, role_name: "Institute" })) });
    const page = await schoolPasswordLoader(args(await appRequest("/school/update-school-password")));
    expect(page.csrf).toBeTruthy();
  });
});
