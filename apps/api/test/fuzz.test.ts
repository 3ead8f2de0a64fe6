import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTE_ACCESS } from "../src/kernel/http/routes";
import { buildOpenApiDocument } from "../src/openapi-document";
import { ApiFuzzer, type Finding, signsOut } from "./fuzz/runner";
import { DEMO_PASSWORD, startTestApi, type TestApi } from "./support";

/**
 * The short, deterministic fuzz run (the long one is `npx tsx bench/run.ts --only fuzz`): every
 * operation of the OpenAPI document, as anonymous, a school, an admin and (for operations none of
 * them may call) a role that may, with the same seed every time. Each gets the fixed cases (path
 * ids at and past PostgreSQL's integer range, NUL bytes and lone surrogates in every string, a
 * body that is not JSON) and a few random ones (one field hostile, or the whole body wrong). No
 * answer may be a 5xx, come later than the timeout, or show a stack, SQL or the database's words.
 */
const SEED = 20260117;
const document = await buildOpenApiDocument();

describe("fuzzing every operation of the OpenAPI document", () => {
  let api: TestApi;
  let fuzzer: ApiFuzzer;
  const options = {
    seed: SEED,
    runs: 3,
    timeoutMs: 10_000,
    sizes: { longString: 100_000, nesting: 2_000, bigArray: 10_000 },
    password: DEMO_PASSWORD,
  };
  // The operations' order (reads, writes, deletes, sign-outs) is the fuzzer's, known before the API starts.
  const operations = new ApiFuzzer(async () => new Response(), document, options).operations;

  beforeAll(async () => {
    api = await startTestApi("pglite");
    fuzzer = new ApiFuzzer(async (path, init) => api.app.request(path, init), document, options);
  });
  afterAll(async () => {
    await api?.close();
  });

  it("covers every route the API declares but its own documentation", () => {
    const documentation = /^GET \/api\/(docs|openapi\.json)/;
    const declared = [...ROUTE_ACCESS.keys()].filter((key) => !documentation.test(key));
    expect(operations.map((op) => op.key).sort()).toEqual(declared.sort());
  });

  for (const op of operations) {
    it(op.key, async () => {
      const findings: Finding[] = [];
      // The fixed cases go to the first caller that gets past the permission check: what they
      // test (the validators) is the same for every caller.
      let examplesSent = false;
      for (const caller of await fuzzer.callersFor(op)) {
        const allowed = fuzzer.mayCall(op, caller);
        const finding = await fuzzer.fuzz(op, caller, allowed && !examplesSent);
        examplesSent ||= allowed;
        if (finding) findings.push(finding);
      }
      await fuzzer.afterOperation(op);
      expect(findings).toEqual([]);
    });
  }

  // A password reset locks its user out, and sign-outs end sessions: those run last. Anything
  // earlier that loses a caller leaves the operations after it fuzzed without that caller.
  it("lost no caller before the operations that sign out", () => {
    const early = fuzzer
      .lostCallers()
      .filter((c) => !operations.some((op) => op.key === c.signedOutIn && signsOut(op)));
    expect(early.map((c) => `${c.label}: ${c.lost}`)).toEqual([]);
  });
});
