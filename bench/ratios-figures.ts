// The pure part of the ratios bench (bench/ratios.ts, issue 39 item 1): the interleaved order of
// each pair, medians and percentiles, a row's ratio and verdict against its goal, and the table.

/** Nearest-rank percentile of values in any order (p in 0-100); 0 of none. */
export function percentileOf(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] ?? 0;
}

/** The median (mean of the two middle values of an even count); 0 of none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * The order in which a pair's sides (or a group's members) run: every round runs each of them
 * once, in the same order (A, B, A, B …), so that a busy minute of the machine falls on all of them.
 */
export function interleave<T>(rounds: number, members: readonly T[]): { round: number; member: T }[] {
  const order: { round: number; member: T }[] = [];
  for (let round = 0; round < rounds; round++) for (const member of members) order.push({ round, member });
  return order;
}

/** Runs `members` interleaved for `rounds`, collecting each member's figure per round. */
export async function runInterleaved<K extends string>(
  rounds: number,
  members: readonly K[],
  run: (member: K, round: number) => Promise<number>,
): Promise<Record<K, number[]>> {
  const figures = Object.fromEntries(members.map((m) => [m, [] as number[]])) as Record<K, number[]>;
  for (const { round, member } of interleave(rounds, members)) figures[member].push(await run(member, round));
  return figures;
}

export interface Goal {
  /** "max": the figure must be at most `value`; "min": at least. */
  kind: "max" | "min";
  value: number;
  /** What the goal is measured on: the ratio of portal to limit, or the portal's figure alone. */
  on: "ratio" | "portal";
}

export interface RatioRow {
  /** What is measured: the same words in every run, so that runs compare row by row. */
  path: string;
  /** This run's particulars, shown after the path (e.g. the CPU by process). */
  detail?: string;
  unit: string;
  /** The portal's figure per round (its median is the row's figure). */
  portal: number[];
  /** The limit's figure per round, or none for a row without a limit beside it. */
  limit: number[];
  limit_label: string;
  /** median(portal) ÷ median(limit), or null without a limit. */
  ratio: number | null;
  goal: Goal | null;
  /** PASS or FAIL against the goal, or "not measured" with `note` saying why. */
  result: "PASS" | "FAIL" | "not measured" | "—";
  note?: string;
}

/** A row from its per-round figures: the ratio of medians and the verdict against its goal. */
export function ratioRow(input: {
  path: string;
  unit: string;
  portal: readonly number[];
  limit?: readonly number[];
  limitLabel?: string;
  goal?: Goal | null;
  note?: string;
  detail?: string;
}): RatioRow {
  const portal = input.portal.map((n) => round(n, 3));
  const limit = (input.limit ?? []).map((n) => round(n, 3));
  const p = median(portal);
  const l = median(limit);
  const ratio = limit.length && l > 0 ? round(p / l, 2) : null;
  const goal = input.goal ?? null;
  let result: RatioRow["result"] = "—";
  if (goal) {
    const figure = goal.on === "ratio" ? ratio : portal.length ? p : null;
    if (figure === null) result = "not measured";
    else result = (goal.kind === "max" ? figure <= goal.value : figure >= goal.value) ? "PASS" : "FAIL";
  }
  return {
    path: input.path,
    ...(input.detail ? { detail: input.detail } : {}),
    unit: input.unit,
    portal,
    limit,
    limit_label: input.limitLabel ?? "",
    ratio,
    goal,
    result,
    ...(input.note ? { note: input.note } : {}),
  };
}

/** A row that was not measured, and why. */
export function notMeasured(path: string, limitLabel: string, goal: Goal | null, why: string): RatioRow {
  return {
    path,
    unit: "",
    portal: [],
    limit: [],
    limit_label: limitLabel,
    ratio: null,
    goal,
    result: "not measured",
    note: why,
  };
}

/** "12.3" for one round, "12.3 (11.9-12.8)" for several: the median and the rounds' range. */
export function spread(values: readonly number[], unit: string): string {
  if (values.length === 0) return "";
  const digits = (n: number) => (Math.abs(n) >= 100 ? String(Math.round(n)) : String(round(n, n >= 10 ? 1 : 2)));
  const m = digits(median(values));
  const suffix = unit ? ` ${unit}` : "";
  if (values.length === 1) return `${m}${suffix}`;
  return `${m}${suffix} (${digits(Math.min(...values))}-${digits(Math.max(...values))})`;
}

export function goalText(goal: Goal | null, unit: string): string {
  if (!goal) return "";
  const sign = goal.kind === "max" ? "≤" : "≥";
  return goal.on === "ratio" ? `${sign} ${goal.value}×` : `${sign} ${goal.value}${unit ? ` ${unit}` : ""}`;
}

/** The rows as a Markdown table, with the machine's load average before and after the run. */
export function ratiosMarkdown(report: {
  rows: readonly RatioRow[];
  load_average_before: readonly number[];
  load_average_after: readonly number[];
  cpus: number;
  rounds: number;
  seed: string;
}): string {
  const load = (l: readonly number[]) => l.map((n) => n.toFixed(2)).join(", ");
  const cell = (text: string) => text.replaceAll("|", "\\|");
  const lines = [
    `Ratios against the machine's limit (pairs interleaved, rounds: ${report.rounds}; the median, the rounds' range in brackets). ${report.seed}`,
    `Load average before: ${load(report.load_average_before)}; after: ${load(report.load_average_after)} (${report.cpus} cores).`,
    "",
    "| path | portal | limit beside it | ratio | goal | result |",
    "|---|---|---|---|---|---|",
  ];
  for (const row of report.rows) {
    const figures = spread(row.limit, row.unit);
    const limit = row.limit.length && row.limit_label ? `${row.limit_label}: ${figures}` : figures || row.limit_label;
    const result = row.note ? `${row.result} (${row.note})` : row.result;
    lines.push(
      `| ${cell(row.detail ? `${row.path} (${row.detail})` : row.path)} | ${cell(spread(row.portal, row.unit))} | ${cell(limit)} | ${row.ratio === null ? "" : `${row.ratio}×`} | ${cell(goalText(row.goal, row.unit))} | ${cell(result)} |`,
    );
  }
  return lines.join("\n");
}

/**
 * A statement on one line (pgbench reads a command a line, psql's \copy too): `--` comments
 * dropped (outside quoted strings and names) before the line breaks go.
 */
export function oneLine(statement: string): string {
  let out = "";
  let quote: "'" | '"' | null = null;
  for (let i = 0; i < statement.length; i++) {
    const c = statement[i] as string;
    if (quote) {
      if (c === quote) quote = null;
      out += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      out += c;
    } else if (c === "-" && statement[i + 1] === "-") {
      while (i < statement.length && statement[i] !== "\n") i++;
      out += " ";
    } else {
      out += c;
    }
  }
  return out.replace(/\s+/g, " ").trim();
}

/** A statement as the pg driver sent it: its text and parameters as PostgreSQL received them. */
export interface Captured {
  text: string;
  values: (string | null)[];
}

/** A statement with its parameters written in as literals (for pgbench and EXPLAIN). */
export function inlineStatement({ text, values }: Captured): string {
  return text.replace(/\$(\d+)/g, (whole, n: string) => {
    const value = values[Number(n) - 1];
    if (value === undefined) return whole;
    return value === null ? "null" : `'${value.replaceAll("'", "''")}'`;
  });
}
