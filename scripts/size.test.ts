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
    const allowance = OVER_BUDGET[`${page.app} ${page.route}`];
    if (allowance !== undefined) {
      // A known overage (docs/decisions/024-result-pages-over-budget.md): it may not grow, and the
      // allowance goes as soon as the page is back within its budget.
      it(`${page.app} ${page.route} is back within ${page.budget / 1024} KB or stays under its ${allowance} B allowance`, () => {
        expect(page.gzipBytes).toBeLessThanOrEqual(allowance);
        expect(page.gzipBytes, "within budget again: remove its allowance").toBeGreaterThan(page.budget);
      });
      continue;
    }
    it(`${page.app} ${page.route} stays within ${page.budget / 1024} KB`, () => {
      expect(page.gzipBytes).toBeLessThanOrEqual(page.budget);
    });
  }
});

/**
 * Pages over their budget that the results issue (15) left for its next session to bring back
 * (decision 024), each with a ceiling a little above what it weighs now (gzip bytes).
 */
const OVER_BUDGET: Record<string, number> = {
  "school routes/_app.results": 134_912,
  "coordinator routes/_app.result-overview.prant-wise-grouping": 134_912,
  "coordinator routes/_app.result-overview.result-winner-tab": 143_104,
  "coordinator routes/_app.result-overview.school-final": 134_912,
  "coordinator routes/_app.result-overview.school-mock": 134_912,
  "coordinator routes/_app.result-overview.statewise-student-list": 134_912,
  "coordinator routes/_app.result-overview.student-final": 134_912,
  "coordinator routes/_app.result-overview.student-mock": 134_912,
  "coordinator routes/_app.result-overview.student-mock-insight": 136_960,
  "coordinator routes/_app.result-overview.student-result": 133_632,
  "coordinator routes/_app.result-overview.upload-exam-file": 138_496,
  "coordinator routes/_app.study-material.study-material": 133_376,
  "coordinator routes/_app.study-material.vvm-brochure-download": 133_376,
  "coordinator routes/_app.study-material.vvm-brochure-flipbook": 133_376,
};
