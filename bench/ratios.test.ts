import { describe, expect, it } from "vitest";
import { benchDatabasePrefix } from "./database";
import {
  inlineStatement,
  interleave,
  median,
  notMeasured,
  oneLine,
  percentileOf,
  ratioRow,
  ratiosMarkdown,
  runInterleaved,
  spread,
} from "./ratios-figures";

describe("the ratios bench's figures", () => {
  it("runs a pair's sides in turn, round after round", async () => {
    expect(interleave(3, ["A", "B"]).map((step) => `${step.member}${step.round}`)).toEqual([
      "A0",
      "B0",
      "A1",
      "B1",
      "A2",
      "B2",
    ]);
    const order: string[] = [];
    const figures = await runInterleaved(2, ["api", "limit"] as const, async (side, round) => {
      order.push(side);
      return side === "api" ? 10 + round : 5;
    });
    expect(order).toEqual(["api", "limit", "api", "limit"]);
    expect(figures).toEqual({ api: [10, 11], limit: [5, 5] });
  });

  it("takes nearest-rank percentiles and medians of unsorted values", () => {
    const values = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(percentileOf(values, 95)).toBe(10);
    expect(percentileOf(values, 50)).toBe(5);
    expect(percentileOf([], 95)).toBe(0);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it("divides the medians and judges the ratio against the goal", () => {
    const slow = ratioRow({
      path: "dashboard",
      unit: "ms",
      portal: [50, 60, 55],
      limit: [10, 11, 9],
      goal: { kind: "max", value: 3, on: "ratio" },
    });
    expect(slow.ratio).toBe(5.5);
    expect(slow.result).toBe("FAIL");
    const signIns = ratioRow({
      path: "sign-ins",
      unit: "/s",
      portal: [100],
      limit: [120],
      goal: { kind: "min", value: 0.8, on: "ratio" },
    });
    expect(signIns.ratio).toBe(0.83);
    expect(signIns.result).toBe("PASS");
    const html = ratioRow({ path: "html", unit: "KB", portal: [70], goal: { kind: "max", value: 60, on: "portal" } });
    expect(html.ratio).toBeNull();
    expect(html.result).toBe("FAIL");
  });

  it("writes the table with the load average, the rounds' range and rows not measured", () => {
    const markdown = ratiosMarkdown({
      rows: [
        ratioRow({
          path: "list",
          unit: "ms",
          portal: [20, 24],
          limit: [10, 12],
          limitLabel: "pgbench",
          goal: { kind: "max", value: 1.5, on: "ratio" },
        }),
        notMeasured("render", "renderToString", null, "no harness"),
      ],
      load_average_before: [0.5, 1, 1.5],
      load_average_after: [2, 1.25, 1],
      cpus: 2,
      rounds: 2,
      seed: "Seed: reused.",
    });
    expect(markdown).toContain("Load average before: 0.50, 1.00, 1.50; after: 2.00, 1.25, 1.00 (2 cores)");
    expect(markdown).toContain("| list | 22 ms (20-24) | pgbench: 11 ms (10-12) | 2× | ≤ 1.5× | FAIL |");
    expect(markdown).toContain("| render |  | renderToString |  |  | not measured (no harness) |");
    expect(spread([1234.5], "rows/s")).toBe("1235 rows/s");
  });
});

describe("replaying a captured statement", () => {
  it("writes the parameters in as quoted literals and the statement on one line", () => {
    const statement = inlineStatement({
      text: "select * from t -- the page's rows\nwhere a = $1 and b = any($2) and c = $10 and d = $3 and e = '--x'",
      values: ["it's", "{1,2}", null, "4", "5", "6", "7", "8", "9", "ten"],
    });
    expect(oneLine(statement)).toBe(
      "select * from t where a = 'it''s' and b = any('{1,2}') and c = 'ten' and d = null and e = '--x'",
    );
  });
});

describe("the bench databases' names", () => {
  it("start with --database-prefix, else BENCH_DATABASE_PREFIX, else portal_bench_", () => {
    expect(benchDatabasePrefix([], {})).toBe("portal_bench_");
    expect(benchDatabasePrefix([], { BENCH_DATABASE_PREFIX: "h_i_" })).toBe("h_i_");
    expect(
      benchDatabasePrefix(["--only", "ratios", "--database-prefix", "ci_"], { BENCH_DATABASE_PREFIX: "h_i_" }),
    ).toBe("ci_");
    expect(() => benchDatabasePrefix(["--database-prefix", 'x"; drop'], {})).toThrow(/lower-case/);
  });
});

describe("a row's particulars", () => {
  it("show after its path in the table and stay apart from it in the figures", () => {
    const row = ratioRow({ path: "export", detail: "22,000 rows", unit: "rows/s", portal: [100], limit: [100] });
    expect(row.path).toBe("export");
    const markdown = ratiosMarkdown({
      rows: [row],
      load_average_before: [1, 1, 1],
      load_average_after: [1, 1, 1],
      cpus: 2,
      rounds: 1,
      seed: "",
    });
    expect(markdown).toContain("| export (22,000 rows) | 100 rows/s | 100 rows/s | 1× |  | — |");
  });
});
