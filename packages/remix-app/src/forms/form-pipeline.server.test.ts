import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  CORRECT_THE_FIELDS,
  FOREIGN_FORM,
  formAnswers,
  fromApiError,
  issueErrors,
  parseForm,
  readPublicForm,
} from "./form-pipeline.server";

const schema = z.object({
  name: z.string().trim().min(1, "Enter the name"),
  class_level: z.coerce.number().int().min(1, "Choose a class"),
  new_password: z.string().min(8, "At least 8 characters"),
});

const formOf = (entries: Record<string, string>) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(entries)) form.set(key, value);
  return form;
};

/** What Remix's `data()` carries: the body and the response's status. */
const answerOf = (answer: unknown) => answer as { data: Record<string, unknown>; init: { status?: number } | null };

describe("parseForm", () => {
  it("reads each field of the schema from the form as text and gives the typed value", () => {
    const parsed = parseForm(
      formOf({ name: " Asha ", class_level: "7", new_password: "secret-12", other: "x" }),
      schema,
    );
    expect(parsed).toEqual({
      ok: true,
      data: { name: "Asha", class_level: 7, new_password: "secret-12" },
      values: { name: " Asha ", class_level: "7" },
    });
  });

  it("refuses with each field's message and what was typed, never a password", () => {
    const parsed = parseForm(formOf({ name: "", class_level: "0", new_password: "short" }), schema);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toEqual([
      { field: "name", message: "Enter the name" },
      { field: "class_level", message: "Choose a class" },
      { field: "new_password", message: "At least 8 characters" },
    ]);
    expect(parsed.values).toEqual({ name: "", class_level: "0" });
  });

  it("reads an absent field as empty text, so the schema's own message names it", () => {
    const parsed = parseForm(new FormData(), schema);
    expect(parsed.ok ? [] : parsed.errors.map((e) => e.field)).toEqual(["name", "class_level", "new_password"]);
  });

  it("checks an object the action built, and names the fields as the form does", () => {
    const items = z.object({ ids: z.array(z.number().int().positive("Pick a row")).min(1) });
    const parsed = parseForm({ ids: [3, -1] }, items, { rename: (field) => field.split(".")[0] ?? field });
    expect(parsed).toEqual({ ok: false, errors: [{ field: "ids", message: "Pick a row" }], values: {} });
  });
});

describe("issueErrors", () => {
  it("joins nested paths and lets the form rename them (an empty path too)", () => {
    const issues = [
      { path: ["rows", 2, "name"], message: "Enter the name" },
      { path: [], message: "Choose something" },
    ];
    expect(issueErrors(issues)).toEqual([
      { field: "rows.2.name", message: "Enter the name" },
      { field: "", message: "Choose something" },
    ]);
    expect(issueErrors(issues, (field) => field || "title").map((e) => e.field)).toEqual(["rows.2.name", "title"]);
  });
});

describe("fromApiError", () => {
  it("gives the API's field messages under the form's names", () => {
    const error = { message: "Invalid", errors: [{ field: "question.body", message: "Too long" }] };
    expect(fromApiError(error)).toEqual([{ field: "question.body", message: "Too long" }]);
    expect(fromApiError(error, (field) => field.replace(/^question\./, ""))).toEqual([
      { field: "body", message: "Too long" },
    ]);
    expect(error.errors[0]?.field).toBe("question.body");
  });

  it("is undefined when the API named no field (or did not answer)", () => {
    expect(fromApiError({ message: "Not found" })).toBeUndefined();
    expect(fromApiError(undefined)).toBeUndefined();
    expect(fromApiError({ message: "Invalid", errors: [] })).toEqual([]);
  });
});

describe("formAnswers", () => {
  type Answer = {
    ok: boolean;
    message: string;
    errors?: { field: string; message: string }[];
    intent: string;
    values?: Record<string, string>;
    kept?: number[];
  };

  it("refuses with the status, the message, the field messages, the common part and the refusal's", () => {
    const { fail } = formAnswers<Answer>({ intent: "save" }, { values: { name: "A" } });
    const answer = answerOf(fail(CORRECT_THE_FIELDS, 400, [{ field: "name", message: "Too short" }]));
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toEqual({
      ok: false,
      intent: "save",
      message: CORRECT_THE_FIELDS,
      errors: [{ field: "name", message: "Too short" }],
      values: { name: "A" },
    });
  });

  it("says saved with the common part and its own, never what a refusal carries", () => {
    const { done } = formAnswers<Answer>({ intent: "approve" }, { values: { name: "A" } });
    expect(answerOf(done("Approved", { kept: [4] })).data).toEqual({
      ok: true,
      intent: "approve",
      message: "Approved",
      kept: [4],
    });
  });

  it("answers a refused API call with its status, message and field messages, or the fallback", () => {
    const { failFromApi } = formAnswers<Answer>({ intent: "save" });
    const refused = answerOf(
      failFromApi(
        {
          error: { message: "Already taken", errors: [{ field: "question.code", message: "Taken" }] },
          response: new Response(null, { status: 409 }),
        },
        "Could not save",
        (field) => field.replace(/^question\./, ""),
      ),
    );
    expect(refused.init?.status).toBe(409);
    expect(refused.data).toMatchObject({
      ok: false,
      message: "Already taken",
      errors: [{ field: "code", message: "Taken" }],
    });
    const silent = answerOf(failFromApi({ response: new Response(null, { status: 502 }) }, "Could not save"));
    expect(silent.init?.status).toBe(502);
    expect(silent.data).toMatchObject({ ok: false, message: "Could not save", errors: undefined });
  });
});

describe("readPublicForm", () => {
  const APP = "http://localhost:3002";
  const post = (headers: Record<string, string>) =>
    new Request(`${APP}/register`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: "name=Asha",
    });

  it("reads the form the app's own page posted", async () => {
    expect((await readPublicForm(post({ origin: APP }), APP))?.get("name")).toBe("Asha");
    expect((await readPublicForm(post({ "sec-fetch-site": "same-origin" }), APP))?.get("name")).toBe("Asha");
  });

  it("refuses, unread, a form another site posted or one that says nothing of where it came from", async () => {
    const foreign = post({ origin: "https://evil.example" });
    expect(await readPublicForm(foreign, APP)).toBeNull();
    expect(foreign.bodyUsed).toBe(false);
    expect(await readPublicForm(post({ "sec-fetch-site": "cross-site" }), APP)).toBeNull();
    expect(await readPublicForm(post({}), APP)).toBeNull();
    expect(FOREIGN_FORM).toMatch(/another site/);
  });
});
