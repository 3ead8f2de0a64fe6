// @vitest-environment happy-dom
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { JobItem, JobStatus } from "../jobs/use-job";
import type { ImportAnswer, ImportPreview } from "./spreadsheet";
import { useImportFlow } from "./use-import-flow";

// The job's polling has its own tests; here the flow is given each state of the job directly.
const jobs = vi.hoisted(() => ({
  followed: [] as (number | null)[],
  status: { job: null, failure: null } as JobStatus,
}));
vi.mock("../jobs/use-job", () => ({
  useJob: (id: number | null) => {
    jobs.followed.push(id);
    return id === null ? { job: null, failure: null } : jobs.status;
  },
}));

const KIND = {
  paths: { template: "/t", upload: "/things/import/upload", errors: (id: number) => `/e/${id}` },
  maxBytes: 1024 * 1024,
};
const preview: ImportPreview = {
  format: "csv",
  sheet_name: null,
  encoding: null,
  separator: null,
  header_row: 1,
  columns: [],
  total_rows: 2,
  bad_rows: 1,
  error_rows: [],
  rows: [],
  warnings: [],
};
const result = { inserted: 1, errors: [{ row: 3, message: "Class: Choose a class" }], message: "1 student added." };
const job = (fields: Partial<JobItem>) => ({ id: 7, status: "running", progress: { done: 0, total: 2 }, ...fields });
const file = (name = "students.csv", bytes = 10) => new File([new Uint8Array(bytes)], name);

/** The upload route's answers, in turn, and the forms it was sent. */
let answers: ImportAnswer[] = [];
let sent: FormData[] = [];
beforeEach(() => {
  answers = [];
  sent = [];
  jobs.followed = [];
  jobs.status = { job: null, failure: null };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string, init: RequestInit) => {
      expect(path).toBe(KIND.paths.upload);
      sent.push(init.body as FormData);
      return Response.json(answers.shift());
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function render(onStarted = vi.fn()) {
  const view = renderHook(() =>
    useImportFlow<typeof result>({ csrf: "token", kind: KIND, extra: { school_id: "12" }, onStarted }),
  );
  return { ...view, onStarted };
}

/** The job reaches `status`: the hook is rendered again, as useJob would make it. */
function jobIs(view: ReturnType<typeof render>, status: JobStatus) {
  jobs.status = status;
  view.rerender();
}

describe("useImportFlow", () => {
  it("previews the chosen file, starts its job in the chosen mode and ends with the job's result", async () => {
    const view = render();
    answers.push({ ok: true, message: "Preview", preview });
    await act(() => view.result.current.choose(file()));
    expect(view.result.current.stage).toMatchObject({ step: "preview", preview });
    expect(view.result.current.previewed?.file.name).toBe("students.csv");
    expect(Object.fromEntries(sent[0] ?? [])).toMatchObject({ school_id: "12", csrf: "token", mode: "preview" });
    // All or nothing with a bad row saves nothing; the good rows only does not.
    expect(view.result.current.nothingWillBeSaved).toBe(true);
    act(() => view.result.current.setMode("valid-rows"));
    expect(view.result.current.nothingWillBeSaved).toBe(false);

    answers.push({ ok: true, message: "The import has started", jobId: 7 });
    await act(() => view.result.current.start());
    expect(sent[1]?.get("mode")).toBe("valid-rows");
    expect(view.result.current.stage).toEqual({ step: "importing", jobId: 7 });
    expect(view.onStarted).toHaveBeenCalledWith(7);
    expect(jobs.followed.at(-1)).toBe(7);

    jobIs(view, { job: job({ status: "running", progress: { done: 1, total: 2 } }) as JobItem, failure: null });
    expect(view.result.current.job?.progress.done).toBe(1);
    jobIs(view, { job: job({ status: "done", result }) as JobItem, failure: null });
    expect(view.result.current.stage).toEqual({ step: "result", jobId: 7, result });
    expect(jobs.followed.at(-1)).toBeNull();
  });

  it("refuses a file over the limit without sending it", async () => {
    const view = render();
    await act(() => view.result.current.choose(file("big.csv", 2 * 1024 * 1024)));
    expect(view.result.current.stage).toEqual({ step: "choose" });
    expect(view.result.current.problem).toBe(
      "The file is 2 MB; at most 1 MB can be imported at once. Split it into smaller files.",
    );
    expect(sent).toEqual([]);
  });

  it("shows the upload route's refusal, and keeps the preview when the start is refused", async () => {
    const view = render();
    answers.push({ ok: false, message: "The file has no column “Class”." });
    await act(() => view.result.current.choose(file()));
    expect(view.result.current.stage).toEqual({ step: "choose" });
    expect(view.result.current.problem).toBe("The file has no column “Class”.");

    answers.push({ ok: true, message: "Preview", preview }, { ok: false, message: "This form has expired." });
    await act(() => view.result.current.choose(file()));
    expect(view.result.current.problem).toBeNull();
    await act(() => view.result.current.start());
    expect(view.result.current.stage).toMatchObject({ step: "preview", preview });
    expect(view.result.current.problem).toBe("This form has expired.");
    expect(view.onStarted).not.toHaveBeenCalled();
  });

  it("forgets the preview of a file chosen again meanwhile", async () => {
    const view = render();
    // The first file's preview comes back last.
    let answerFirst: (response: Response) => void = () => {};
    const late = new Promise<Response>((resolve) => {
      answerFirst = resolve;
    });
    vi.mocked(fetch).mockImplementationOnce(() => late);
    answers.push({ ok: true, message: "Preview", preview: { ...preview, total_rows: 9 } });
    await act(async () => {
      const first = view.result.current.choose(file("first.csv"));
      await view.result.current.choose(file("second.csv"));
      answerFirst(Response.json({ ok: true, message: "Preview", preview }));
      await first;
    });
    expect(view.result.current.previewed?.file.name).toBe("second.csv");
    expect(view.result.current.previewed?.preview.total_rows).toBe(9);
  });

  it("goes back to an empty file input with why the job failed", async () => {
    for (const [status, message] of [
      [{ job: job({ status: "failed", error: "The database is busy." }), failure: null }, "The database is busy."],
      [{ job: null, failure: "Your session has ended." }, "Your session has ended."],
      [
        { job: job({ status: "done", result: { total: 3 } }), failure: null },
        "The import finished without a result. Please try again.",
      ],
    ] as const) {
      jobs.status = { job: null, failure: null };
      const view = render();
      answers.push({ ok: true, message: "Preview", preview }, { ok: true, message: "Started", jobId: 8 });
      await act(() => view.result.current.choose(file()));
      await act(() => view.result.current.start());
      const inputKey = view.result.current.inputKey;
      jobIs(view, status as unknown as JobStatus);
      expect(view.result.current.stage).toEqual({ step: "choose" });
      expect(view.result.current.problem).toBe(message);
      expect(view.result.current.inputKey).toBe(inputKey + 1);
      view.unmount();
    }
  });

  it("asks for a file when Import is pressed before one was read", async () => {
    const view = render();
    await act(() => view.result.current.start());
    expect(view.result.current.problem).toBe("Choose the spreadsheet to upload (.xlsx or .csv)");
    expect(sent).toEqual([]);
  });
});
