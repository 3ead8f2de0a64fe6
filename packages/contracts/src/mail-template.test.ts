import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { escapeHtml, fillTemplate, MissingVariablesError, parseTemplate, templateVariables } from "./mail-template";

const parsed = (text: string) => {
  const result = parseTemplate(text);
  if (!result.ok) throw new Error(result.problem.message);
  return result;
};

describe("mail templates", () => {
  it("lists each variable once, in order of first use, spaces inside braces allowed", () => {
    expect(parseTemplate("Dear {{ name }}, your code is {{code}}. {{name}}!")).toMatchObject({
      ok: true,
      variables: ["name", "code"],
    });
    expect(templateVariables("Results for {{ school_name }}", "Dear {{name}} of {{school_name}}")).toEqual([
      "school_name",
      "name",
    ]);
  });

  it("says where a template is wrong: unclosed, stray close, bad or empty names", () => {
    expect(parseTemplate("Hello\n  {{ name")).toEqual({
      ok: false,
      problem: { line: 2, column: 3, message: "'{{' is not closed with '}}'" },
    });
    expect(parseTemplate("a {{ x {{ y }}")).toMatchObject({ ok: false, problem: { line: 1, column: 3 } });
    expect(parseTemplate("done }} here")).toMatchObject({
      ok: false,
      problem: { line: 1, column: 6, message: expect.stringContaining("never opened") },
    });
    expect(parseTemplate("{{ School Name }}")).toMatchObject({
      ok: false,
      problem: { message: expect.stringContaining('"School Name" is not a variable name') },
    });
    expect(parseTemplate("{{ }}")).toMatchObject({ ok: false, problem: { message: "'{{ }}' names no variable" } });
  });

  it("fills variables, escaping them for HTML where asked, never the template's own markup", () => {
    const template = parsed("<p>Dear {{name}}</p>");
    expect(fillTemplate(template, { name: "<b>Asha & Co</b>" }, escapeHtml)).toBe(
      "<p>Dear &lt;b&gt;Asha &amp; Co&lt;/b&gt;</p>",
    );
    expect(fillTemplate(template, { name: "<b>Asha</b>" })).toBe("<p>Dear <b>Asha</b></p>");
  });

  it("refuses to fill a template when a variable has no value, naming every missing one", () => {
    const template = parsed("{{a}} {{b}} {{c}}");
    expect(() => fillTemplate(template, { b: "2" })).toThrow(MissingVariablesError);
    try {
      fillTemplate(template, { b: "2" });
    } catch (error) {
      expect((error as MissingVariablesError).missing).toEqual(["a", "c"]);
    }
  });

  it("gives back any text without braces unchanged", () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes("{{") && !s.includes("}}")),
        (text) => fillTemplate(parsed(text), {}) === text,
      ),
    );
  });

  it("never lets a filled HTML value open a tag", () => {
    fc.assert(
      fc.property(fc.string(), (value) => !fillTemplate(parsed("{{v}}"), { v: value }, escapeHtml).includes("<")),
    );
  });
});
