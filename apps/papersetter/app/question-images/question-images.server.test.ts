import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "papersetter" }));

import { auth } from "@repo/remix-app/auth.server";
import {
  CSRF,
  envelope,
  type StubbedApi,
  sessionCookie,
  signedInAs,
  stubApi,
  userRecord,
} from "@repo/remix-app/testing";
import { questionImageAction, questionImageLoader } from "./question-images.server";

let api: StubbedApi | undefined;
afterEach(() => api?.restore());
const writer = () => signedInAs(userRecord({ role_id: 15, role_name: "Subject Panel" }));
const translator = () => signedInAs(userRecord({ role_id: 16, role_name: "Translator Panel" }));

async function upload(file: File | null) {
  const form = new FormData();
  form.set("csrf", CSRF);
  if (file) form.set("image", file);
  const headers = new Headers({ Cookie: await sessionCookie(), Origin: auth.appOrigin });
  const request = new Request(new URL("/question-images/upload", auth.appOrigin), {
    method: "POST",
    headers,
    body: form,
  });
  return questionImageAction({ request, context: {}, params: {} });
}
const bodyOf = (result: unknown) => result as { data: unknown; init?: { status?: number } | null };

describe("question pictures", () => {
  it("sends the chosen picture to the API's file service and answers its address", async () => {
    api = stubApi({
      "GET /api/user": writer(),
      "POST /api/question/image": { body: envelope({ src: "/question-images/abc.png" }, "The picture is uploaded.") },
    });
    const result = bodyOf(await upload(new File([new Uint8Array([1, 2, 3])], "magnet.png", { type: "image/png" })));
    expect(result.data).toEqual({ src: "/question-images/abc.png", message: "The picture is uploaded." });
    expect(api.calls.find((c) => c.path === "/api/question/image")).toBeTruthy();
  });

  it("passes the API's reason on, and asks for a picture when none came", async () => {
    api = stubApi({
      "GET /api/user": writer(),
      "POST /api/question/image": {
        status: 422,
        body: {
          status: false,
          message: "Bad",
          data: null,
          errors: [{ field: "image", message: "The picture must be a PNG" }],
        },
      },
    });
    const refused = bodyOf(await upload(new File(["<html>"], "x.png")));
    expect(refused.data).toEqual({ message: "The picture must be a PNG" });
    expect(refused.init?.status).toBe(422);
    expect(bodyOf(await upload(null)).init?.status).toBe(400);
  });

  it("is for writers only: a translator is refused before anything is sent", async () => {
    api = stubApi({ "GET /api/user": translator() });
    await expect(upload(new File(["x"], "x.png"))).rejects.toMatchObject({ status: 403 });
    expect(api.calls.some((c) => c.path === "/api/question/image")).toBe(false);
  });

  it("serves a picture through the API with the viewer's token", async () => {
    api = stubApi({
      "GET /api/user": writer(),
      "GET /api/question-images/abc.png": () =>
        new Response(new Uint8Array([137, 80]), { headers: { "Content-Type": "image/png" } }),
    });
    const request = new Request(new URL("/question-images/abc.png", auth.appOrigin), {
      headers: { Cookie: await sessionCookie() },
    });
    const response = await questionImageLoader({ request, context: {}, params: { name: "abc.png" } });
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array([137, 80]));
  });

  it("answers 404 for a picture the API does not have, and 503 when the API cannot answer", async () => {
    api = stubApi({
      "GET /api/user": writer(),
      "GET /api/question-images/gone.png": () => new Response("no", { status: 404 }),
      "GET /api/question-images/later.png": () => new Response("no upstreams", { status: 503 }),
    });
    const request = new Request(new URL("/question-images/x.png", auth.appOrigin), {
      headers: { Cookie: await sessionCookie() },
    });
    for (const [name, status] of [
      ["gone.png", 404],
      ["later.png", 503],
    ] as const) {
      const response = await questionImageLoader({ request, context: {}, params: { name } });
      expect(response.status).toBe(status);
    }
  });
});
