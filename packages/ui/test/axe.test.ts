import axe from "axe-core";
import { describe, expect, it } from "vitest";
import { NON_BLOCKING_RULES } from "./axe";

describe("the rules the accessibility checks leave out", () => {
  const rules = axe.getRules().map((rule) => rule.ruleId);

  it("are real axe rules, and include the slow page-wide ones that are only moderate", () => {
    for (const id of NON_BLOCKING_RULES) expect(rules).toContain(id);
    expect(NON_BLOCKING_RULES).toEqual(expect.arrayContaining(["region", "heading-order", "landmark-one-main"]));
  });

  it("never include a rule that can report a serious or critical finding", () => {
    for (const id of ["color-contrast", "label", "button-name", "image-alt", "aria-required-attr", "link-name"]) {
      expect(rules).toContain(id);
      expect(NON_BLOCKING_RULES).not.toContain(id);
    }
    expect(NON_BLOCKING_RULES.length).toBeLessThan(rules.length / 2);
  });
});
