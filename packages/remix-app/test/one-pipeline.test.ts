import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// One home per form and list helper (issue 37): actions read and answer forms through
// @repo/remix-app/forms/server, pickers' options are @repo/ui/select's SelectOption, and list
// screens change their URL through @repo/remix-app/lists/filter-params. A hand-written copy of
// any of them in an app, or in this package outside its home, fails here with its place named.
const root = fileURLToPath(new URL("../../..", import.meta.url));
const SCANNED = [
  "apps/school/app",
  "apps/coordinator/app",
  "apps/papersetter/app",
  "apps/outbox/app",
  "packages/remix-app/src",
];

/** The homes themselves, and the one answer that is no form action's (see below). */
const HOMES = new Set([
  "packages/remix-app/src/forms/form-pipeline.server.ts",
  "packages/remix-app/src/lists/filter-params.ts",
]);

interface Copy {
  what: string;
  pattern: RegExp;
  use: string;
  /** Files allowed to keep it, each with the reason. */
  except?: Record<string, string>;
}

const COPIES: Copy[] = [
  {
    what: "a local fail helper",
    pattern: /\b(?:const|function)\s+fail\s*[=(]/,
    use: "formAnswers<T>(common, refusal).fail / failFromApi (@repo/remix-app/forms/server)",
    except: {
      "packages/remix-app/src/imports/imports.server.ts":
        "the upload resource route answers a fetch with Response.json (no-store), not a form action's data()",
    },
  },
  {
    what: "a local answer helper (a function that answers data(…))",
    pattern:
      /\b(?:const|function)\s+\w+\s*=?\s*(?:async\s*)?(?:<[^>]*>)?\([^)]*\)\s*(?::[^={]{0,80})?(?:=>|\{\s*return)\s*data\s*(?:<[^>]*>)?\(/,
    use: "formAnswers<T>(common, refusal): fail, failFromApi, done (@repo/remix-app/forms/server)",
    except: {
      "packages/remix-app/src/sign-in/password-reset.server.ts":
        "the reset pages answer the step the reset is at (ForgotState, ResetState), and an API that is down a 503 with Retry-After (decision 045)",
    },
  },
  {
    what: "a refusal built by hand (data({ ok: false, … }))",
    pattern: /\bdata\s*(?:<[^>]*>)?\(\s*\{[^}]*\bok:\s*false\b/,
    use: "formAnswers<T>(common, refusal).fail / failFromApi (@repo/remix-app/forms/server)",
  },
  {
    what: "the API's field errors carried by hand",
    pattern: /\berror\??\.errors\b/,
    use: "failFromApi(call, fallback, rename) or fromApiError(error, rename) (@repo/remix-app/forms/server)",
    except: {
      "packages/remix-app/src/imports/imports.server.ts":
        "the upload resource route answers a fetch with Response.json (no-store), not a form action's data()",
      "apps/coordinator/app/answer-uploads/answer-uploads.server.ts":
        "the upload resource route answers a fetch with Response.json (no-store), as the imports' one does",
      "apps/papersetter/app/question-images/question-images.server.ts":
        "the editor's picture upload answers the editor one message (or the picture's address), not a form",
      "packages/remix-app/src/sign-in/password-reset.server.ts":
        "the reset pages show the API's messages on their step's fields (ForgotState, ResetState)",
    },
  },
  {
    what: "zod issues mapped to field errors by hand",
    pattern: /\.issues\.map\(/,
    use: "parseForm(form, schema) or issueErrors(issues, rename)",
  },
  {
    what: "a hand-written Origin check or form read",
    pattern: /\b(?:isSameOrigin|readFormBody)\(/,
    use: "readPublicForm(request, auth.appOrigin) on a signed-out page, else auth.readForm",
    except: {
      "packages/remix-app/src/sign-in/sign-in.server.ts": "signing out posts no form: the Origin check alone",
    },
  },
  {
    what: "a local Option interface",
    pattern: /\binterface\s+Option\s*\{/,
    use: "SelectOption (@repo/ui/select) and optionsOf (@repo/remix-app/content/choices)",
  },
  {
    what: "a list's URL parameters changed by hand",
    pattern: /tableQueryToParams\(|\.delete\(\s*"page"\s*\)/,
    use: "useFilterParams() (filter, .query, .reset, .href) or withFilters (@repo/remix-app/lists/filter-params)",
  },
];

function sources(dir: string): string[] {
  return readdirSync(`${root}/${dir}`, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.includes("node_modules"))
    .map((file) => `${dir}/${file.split("\\").join("/")}`);
}

/** Each copy in `text` of `file` that its rule does not allow. */
function copiesIn(file: string, text: string): string[] {
  if (HOMES.has(file)) return [];
  return COPIES.filter((copy) => copy.pattern.test(text) && !copy.except?.[file]).map(
    (copy) => `${file}: ${copy.what}; use ${copy.use}`,
  );
}

describe("one form pipeline, one option type, one list URL hook", () => {
  it("finds no hand-written copy in the apps or in @repo/remix-app", () => {
    const found = SCANNED.flatMap(sources).flatMap((file) => copiesIn(file, readFileSync(`${root}/${file}`, "utf8")));
    expect(found).toEqual([]);
  });

  it("recognises each kind of copy (so that the scan above can fail)", () => {
    const file = "apps/school/app/x/x.server.ts";
    // One sample of each kind, by the rule that must name it (a sample may break others too).
    const samples: Record<string, string> = {
      "a local fail helper":
        "const fail = (message: string, status: number) => data({ ok: false, message }, { status });",
      "a local answer helper (a function that answers data(…))":
        "const answer = (body: Answer, status = 200) => data(body, { status });",
      "a refusal built by hand (data({ ok: false, … }))":
        'if (!id) return data<Answer>({ ok: false, message: "Choose a row." }, { status: 400 });',
      "the API's field errors carried by hand": "return answer({ ok: false, message }, 422, result.error?.errors);",
      "zod issues mapped to field errors by hand":
        "const errors = parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));",
      "a hand-written Origin check or form read":
        "if (!isSameOrigin(request, auth.appOrigin)) { return forbidden(); }\n  const form = await readFormBody(request);",
      "a local Option interface": "export interface Option {\n  value: string;\n  label: string;\n}",
      "a list's URL parameters changed by hand":
        "onQueryChange={(next) => setParams(tableQueryToParams(next, params))}",
    };
    expect(Object.keys(samples).sort()).toEqual(COPIES.map((copy) => copy.what).sort());
    for (const [what, text] of Object.entries(samples)) {
      expect(copiesIn(file, text).filter((found) => found.includes(`: ${what}; use`))).toHaveLength(1);
    }
    expect(
      copiesIn(
        file,
        "const refuse = (message: string, errors: FieldError[], status: number) =>\n    data<Answer>({ intent, ok: false, message, errors }, { status });",
      ).length,
    ).toBeGreaterThan(0);
    expect(
      copiesIn(file, 'const next = new URLSearchParams(params);\nnext.set("status", value);\nnext.delete("page");'),
    ).toHaveLength(1);
    expect(copiesIn(file, "const { fail, done } = formAnswers<Answer>({ intent });")).toEqual([]);
    expect(
      copiesIn(file, 'if (!saved) return failFromApi(saved, "Could not save");\nreturn done(saved.message);'),
    ).toEqual([]);
    expect(copiesIn(file, "return data<Answer>({ intent, ok: true, mail: result.data });")).toEqual([]);
    expect(copiesIn(file, "const filter = useFilterParams();\nfilter({ status });")).toEqual([]);
  });
});
