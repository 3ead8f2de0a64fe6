import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "coordinator" }));

import { PASSWORD_MESSAGES } from "@repo/contracts/auth";
import { appRequest, type StubbedApi, settle, signedInAs, stubApi, userRecord } from "../testing/harness";
import { profileAction, profileDetails, profilePageLoader } from "./profile.server";

const args = (request: Request) => ({ request, context: {}, params: {} });
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

describe("the My Profile page's details", () => {
  it("names a coordinator by its full name, with its photo through the app and each region by level", () => {
    const details = profileDetails(
      userRecord({
        role_id: 9,
        role_name: "State Coordinator",
        username: "state",
        name: "Demo State Coordinator",
        profile_photo: "/api/user/photo?v=12-ab.png",
        profile: { full_name: "Asha Kulkarni", designation: "Coordinator", team: null },
        mobile: "+919800000009",
        mobile_verified: true,
        user_detail: {
          name: "Asha Kulkarni",
          profile_photo: "/api/user/photo?v=12-ab.png",
          school_category_id: null,
          school_name: null,
          referred_student: 0,
          assignments: [
            { id: 1, level: "state", coordinatable_id: 4, coordinatable_name: "Maharashtra" },
            { id: 2, level: "prant", coordinatable_id: 7, coordinatable_name: "Vidarbha" },
          ],
          school_email: null,
        },
      }),
    );
    expect(details).toMatchObject({
      name: "Asha Kulkarni",
      roleName: "State Coordinator",
      avatarUrl: "/avatar/12-ab.png",
      mobile: "+919800000009",
      mobileVerified: true,
      school: null,
      schoolEmail: null,
      assignment: "Maharashtra",
    });
    expect(details.regions).toEqual([
      { label: "State", value: "Maharashtra" },
      { label: "Prant", value: "Vidarbha" },
    ]);
  });

  it("gives a student its school, named apart from the student", () => {
    const details = profileDetails(
      userRecord({
        role_id: 1,
        role_name: "Student",
        username: "student",
        name: "Demo Student",
        user_detail: {
          name: "Demo Student",
          profile_photo: null,
          school_category_id: 2,
          school_name: "Jnana Prabodhini Prashala",
          referred_student: 0,
          assignments: [],
          school_email: null,
        },
      }),
    );
    expect(details).toMatchObject({ name: "Demo Student", school: "Jnana Prabodhini Prashala", avatarUrl: null });
    expect(details.regions).toEqual([]);
  });

  it("does not repeat a school account's own name as its school, and keeps its school e-mail's state", () => {
    const details = profileDetails(userRecord({ name: "Demo School", mobile: "+919800000002" }));
    expect(details).toMatchObject({
      name: "Demo School",
      school: null,
      schoolEmail: { address: "office@example.org", verified: true },
      mobileVerified: false,
    });
  });

  it("keeps a student's school when the student gives a full name", () => {
    const details = profileDetails(
      userRecord({
        role_id: 1,
        name: "Demo Student",
        profile: { full_name: "Riya Deshpande", designation: null, team: null },
        user_detail: {
          ...userRecord().user_detail,
          name: "Riya Deshpande",
          school_name: "Jnana Prabodhini Prashala",
          school_email: null,
        },
      }),
    );
    expect(details).toMatchObject({ name: "Riya Deshpande", school: "Jnana Prabodhini Prashala" });
  });
});

describe("the My Profile page's loader", () => {
  it("answers the signed-in user's details and the form token the dialogs post with", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(
        userRecord({ role_id: 3, role_name: "Admin", username: "admin", name: "Demo Admin" }),
      ),
    });
    const answer = await profilePageLoader(args(await appRequest("/view-profile")));
    expect(answer.profile).toMatchObject({ username: "admin", name: "Demo Admin", roleName: "Admin" });
    expect(answer.csrf).toBe("test-csrf-token");
  });

  it("sends a visitor who is not signed in to the sign-in page, back to the profile afterwards", async () => {
    api = stubApi({});
    const request = await appRequest("/view-profile", { signedIn: false });
    const { thrown } = await settle(() => profilePageLoader(args(request)));
    expect(thrown?.status).toBe(302);
    expect(thrown?.headers.get("Location")).toBe("/login?redirectTo=%2Fview-profile");
  });

  it("moves a user of another app to its own app", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(userRecord({ role_id: 2 })),
      "POST /api/handoff": {
        body: { status: true, message: "OK", data: { code: "c", target_app: "school", expires_at: "x" } },
      },
    });
    const request = await appRequest("/view-profile");
    const { thrown } = await settle(() => profilePageLoader(args(request)));
    expect(thrown?.status).toBe(302);
    expect(thrown?.headers.get("Location")).toMatch(/\/auth\/handoff\?code=c&to=%2Fadmin-dashboard$/);
  });
});

describe("the My Profile dialog's forms", () => {
  const admin = () => signedInAs(userRecord({ role_id: 3, role_name: "Admin" }));
  const post = async (form: Record<string, string>) => profileAction(args(await appRequest("/profile", { form })));

  it("refuses a new password the rules refuse before calling the API, on its field and without the passwords", async () => {
    api = stubApi({ "GET /api/user": admin() });
    const result = await post({
      intent: "change-password",
      old_password: "Old-pass1!",
      new_password: "Old-pass1!",
      confirm_password: "Old-pass1!",
    });
    expect(result.init?.status).toBe(400);
    expect(result.data).toEqual({
      ok: false,
      intent: "change-password",
      message: PASSWORD_MESSAGES.sameAsOld,
      errors: [{ field: "new_password", message: PASSWORD_MESSAGES.sameAsOld }],
    });
    expect(api.calls.map((c) => c.path)).toEqual(["/api/user"]);
  });

  it("puts the API's field error back on the form's field, with its status", async () => {
    const wrong = { field: "old_password", message: "The current password is not right" };
    api = stubApi({
      "GET /api/user": admin(),
      "POST /api/change-password": {
        status: 422,
        body: { status: false, message: wrong.message, data: null, errors: [wrong] },
      },
    });
    const result = await post({
      intent: "change-password",
      old_password: "Wrong-pass1!",
      new_password: "New-pass1!",
      confirm_password: "New-pass1!",
    });
    expect(result.init?.status).toBe(422);
    expect(result.data).toMatchObject({
      ok: false,
      intent: "change-password",
      message: wrong.message,
      errors: [wrong],
    });
  });

  it("answers the API's message for the code it sent, naming the form", async () => {
    api = stubApi({
      "GET /api/user": admin(),
      "POST /api/send-mobile-otp-after-login": { body: { status: true, message: "Code sent", data: null } },
    });
    const result = await post({ intent: "send-otp", mobile: "9876543210" });
    expect(result.data).toMatchObject({ ok: true, intent: "send-otp", message: "Code sent" });
  });

  it("refuses an unknown form", async () => {
    api = stubApi({ "GET /api/user": admin() });
    const result = await post({ intent: "delete-account" });
    expect(result.init?.status).toBe(400);
    expect(result.data).toMatchObject({ ok: false, message: 'Unknown action "delete-account"' });
  });
});
