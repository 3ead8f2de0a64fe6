/**
 * Every decision record (docs/decisions/NNN-*.md) says when it was taken, where it stands and what
 * else was weighed (issue 37): a `Date:` (YYYY-MM-DD), a `Status:` (accepted, resolved, and what
 * amends or replaces it), and its options, as a section (`## Options considered`) or, in a record
 * of several small decisions, an `**Options.**` paragraph in each. A record that says it amends,
 * refines, replaces or adds to another is named in that other record's status, so that a reader
 * of the older one finds the newer.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../docs/decisions");
const files = readdirSync(dir)
  .filter((name) => /^\d{3}-.+\.md$/.test(name))
  .sort();

/** What a record lacks, as sentences. */
function problems(name: string, text: string): string[] {
  const found: string[] = [];
  const number = name.slice(0, 3);
  if (!new RegExp(`^# ${number}\\b`).test(text)) found.push(`its title does not start with "# ${number}"`);
  if (!/^(- )?Date: \d{4}-\d{2}-\d{2}\b/m.test(text)) found.push("no Date: YYYY-MM-DD");
  const status = statusOf(text);
  if (!status) found.push("no Status:");
  else if (!/^(accepted|resolved|superseded|amended)\b/.test(status)) found.push(`an unknown status "${status}"`);
  const sections = text.split(/^## /m).length - 1;
  const optionParagraphs = (text.match(/^\*\*Options[^*]*\*\*/gm) ?? []).length;
  const optionSection = /^## (Options|Alternatives)\b/m.test(text);
  if (!optionSection && (optionParagraphs === 0 || optionParagraphs < sections)) {
    found.push("no options considered (a ## Options section, or an **Options.** paragraph in each section)");
  }
  return found;
}

/** The status line, with its continuation lines joined. */
function statusOf(text: string): string | null {
  const match = /^(?:- )?(?:Date: [^\n]*?\.\s+)?Status: ([^\n]+(?:\n {2}[^\n]+)*)/m.exec(text);
  return match ? (match[1] ?? "").replace(/\s+/g, " ").trim() : null;
}

/** The records a status says this one amends, refines, replaces or adds to. */
function changes(status: string): string[] {
  const found = [...status.matchAll(/\b(?:amends|refines|replaces|adds to|supersedes)\s+([^;)]*)/g)];
  return found.flatMap((m) => [...(m[1] ?? "").matchAll(/\b(\d{3})\b/g)].map((n) => n[1] ?? ""));
}

describe("decision records", () => {
  it("are there to read", () => {
    expect(files.length).toBeGreaterThan(60);
  });

  it("finds a record without its date, status or options", () => {
    expect(problems("070-x.md", "# 070 X\n\n## Context\n\nText.\n\n## Decision\n\nText.\n")).toEqual([
      "no Date: YYYY-MM-DD",
      "no Status:",
      "no options considered (a ## Options section, or an **Options.** paragraph in each section)",
    ]);
    const whole = "# 070 X\n\n- Date: 2026-12-06\n- Status: accepted\n\n## Context\n\n## Options considered\n";
    expect(problems("070-x.md", whole)).toEqual([]);
    expect(problems("070-x.md", "# 070 X\n\nDate: 2026-12-06. Status: accepted.\n\n## Options\n")).toEqual([]);
    const sections = "# 070 X\n\n- Date: 2026-12-06\n- Status: accepted\n\n## A\n\n**Options.** a\n\n## B\n\nb\n";
    expect(problems("070-x.md", sections)).toEqual([
      "no options considered (a ## Options section, or an **Options.** paragraph in each section)",
    ]);
    expect(changes("accepted (amends 003-sessions.md and 028-x.md); amended by 045")).toEqual(["003", "028"]);
  });

  it.each(files)("%s has its date, status and options", (name) => {
    expect(problems(name, readFileSync(path.join(dir, name), "utf8"))).toEqual([]);
  });

  it("names each record that changes another in the other's status", () => {
    const statuses = new Map(
      files.map((name) => [name.slice(0, 3), statusOf(readFileSync(path.join(dir, name), "utf8"))]),
    );
    const unnamed = [...statuses].flatMap(([number, status]) =>
      changes(status ?? "")
        .filter((other) => !new RegExp(`\\b${number}\\b`).test(statuses.get(other) ?? ""))
        .map((other) => `${number} changes ${other}, whose status does not name ${number}`),
    );
    expect(unnamed).toEqual([]);
  });
});
