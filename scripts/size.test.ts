import { describe, expect, it } from "vitest";
import { budgetFor, LOGIN_BUDGET, measureAll, PAGE_BUDGET } from "./size";

describe("client JavaScript budgets (gzip, first view)", () => {
  it("gives sign-in pages 100 KB and every other page 130 KB", () => {
    expect(budgetFor("routes/login")).toBe(LOGIN_BUDGET);
    expect(budgetFor("routes/_auth.login")).toBe(LOGIN_BUDGET);
    expect(budgetFor("routes/admin-dashboard")).toBe(PAGE_BUDGET);
    expect(budgetFor("routes/loginhistory")).toBe(PAGE_BUDGET);
  });

  const pages = measureAll();
  it("measures at least the home page of every app", () => {
    expect(new Set(pages.map((p) => p.app))).toEqual(new Set(["school", "coordinator", "papersetter", "outbox"]));
    expect(pages.every((p) => p.gzipBytes > 10_000)).toBe(true);
  });

  for (const page of pages) {
    it(`${page.app} ${page.route} stays within ${page.budget / 1024} KB`, () => {
      expect(page.gzipBytes).toBeLessThanOrEqual(page.budget);
    });
  }
});
