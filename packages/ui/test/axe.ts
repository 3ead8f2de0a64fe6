// The accessibility check the stories and the end-to-end tests share. Both fail only on serious
// and critical findings, so axe runs only the rules that can report one, and returns details only
// for violations: measured in e2e, the full run took 37% of the tests' time, most of it in
// moderate rules such as `region` (which visits every element of the page).
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import axe from "axe-core";

export const BLOCKING_IMPACTS = ["serious", "critical"] as const;

type AuditedRule = { id: string; impact?: string };

/**
 * Rules whose impact, in the axe-core version installed, is only moderate or minor: they can never
 * fail a check, so running them costs time and proves nothing. Read from axe's own rule table
 * (its `_audit`, the only place that names a rule's impact), so an upgrade that raises a rule's
 * impact brings the rule back by itself.
 */
export const NON_BLOCKING_RULES: string[] = (
  (axe as unknown as { _audit: { rules: AuditedRule[] } })._audit.rules ?? []
)
  .filter((rule) => rule.impact === "moderate" || rule.impact === "minor")
  .map((rule) => rule.id);

/** An axe run of `page` that reports the serious and critical violations only. */
export function blockingAxe(page: Page): AxeBuilder {
  // options() replaces the run options, so it comes before disableRules(), which adds to them.
  return new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).disableRules(NON_BLOCKING_RULES);
}
