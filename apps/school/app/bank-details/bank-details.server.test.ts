import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "school" }));

import { auth } from "@repo/remix-app/auth.server";
import {
  appRequest,
  CSRF,
  envelope,
  type StubbedApi,
  sessionCookie,
  settle,
  signedInAs,
  stubApi,
  userRecord,
} from "@repo/remix-app/testing";
import { bankDetailsAction, bankDetailsLoader } from "./bank-details.server";

const args = (request: Request) => ({ request, context: {}, params: {} });
const PAGE = "/school/bank-detail";
const referrer = userRecord({ user_detail: { ...userRecord().user_detail, referred_student: 15 } });
const fields = {
  account_holder: "Trust",
  account_number: "123456789012",
  confirm_account_number: "123456789012",
  ifsc: "sbin0001234",
  bank_name: "SBI",
  branch: "Camp",
  password: "Demo@12345",
};
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

/** A multipart post of the bank form, as the browser sends it with a cheque. */
async function multipart(form: Record<string, string>, cheque?: File) {
  const body = new FormData();
  body.set("csrf", CSRF);
  for (const [name, value] of Object.entries(form)) body.set(name, value);
  if (cheque) body.set("cancelled_cheque", cheque);
  return new Request(new URL(PAGE, auth.appOrigin), {
    method: "POST",
    headers: { Cookie: await sessionCookie(), Origin: auth.appOrigin },
    body,
  });
}

describe("the bank detail page", () => {
  it("loads the masked details for a school with more than 10 referred students", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(referrer),
      "GET /api/bank-details": { body: envelope({ account_number_masked: "XXXXXXXX9012" }) },
    });
    const page = await bankDetailsLoader(args(await appRequest(PAGE)));
    expect(page.details).toEqual({ account_number_masked: "XXXXXXXX9012" });
  });

  it("is refused (403) to a school with 10 or fewer referred students", async () => {
    api = stubApi({ "GET /api/user": signedInAs() });
    const { thrown } = await settle(async () => bankDetailsLoader(args(await appRequest(PAGE))));
    expect(thrown?.status).toBe(403);
  });

  it("posts the checked fields and the cheque to the API as multipart", async () => {
    let sent: FormData | undefined;
    api = stubApi({
      "GET /api/user": signedInAs(referrer),
      "POST /api/bank-details": async (request) => {
        sent = await request.formData();
        return Response.json(envelope({ account_number_masked: "XXXXXXXX9012" }, "Bank details saved successfully"));
      },
    });
    const cheque = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], "cheque.jpg", { type: "image/jpeg" });
    const result = await bankDetailsAction(args(await multipart(fields, cheque)));
    expect(result.data).toEqual({ ok: true, message: "Bank details saved successfully" });
    expect(sent?.get("ifsc")).toBe("SBIN0001234");
    expect(sent?.get("password")).toBe("Demo@12345");
    expect(sent?.has("csrf")).toBe(false);
    expect((sent?.get("cancelled_cheque") as File | undefined)?.name).toBe("cheque.jpg");
  });

  it("answers field messages before the API, and the API's wrong-password refusal after", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(referrer),
      "POST /api/bank-details": {
        status: 422,
        body: {
          status: false,
          message: "The password is not correct",
          data: null,
          errors: [{ field: "password", message: "The password is not correct" }],
        },
      },
    });
    const bad = await bankDetailsAction(args(await multipart({ ...fields, confirm_account_number: "1", ifsc: "X" })));
    expect(bad.init?.status).toBe(400);
    expect(bad.data.errors).toEqual([
      { field: "ifsc", message: "Enter the 11-character IFSC, e.g. SBIN0001234" },
      { field: "confirm_account_number", message: "The account numbers do not match" },
    ]);
    const wrong = await bankDetailsAction(args(await multipart(fields)));
    expect(wrong.init?.status).toBe(422);
    expect(wrong.data.errors).toEqual([{ field: "password", message: "The password is not correct" }]);
  });
});
