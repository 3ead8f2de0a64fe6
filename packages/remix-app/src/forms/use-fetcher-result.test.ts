// @vitest-environment happy-dom
import { renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useFetcherResult } from "./use-fetcher-result";

type Fetcher = { state: "idle" | "loading" | "submitting"; data: { ok: boolean } | undefined };

describe("useFetcherResult", () => {
  it("acts once per answer, however often the caller re-renders with new callbacks", () => {
    const seen: unknown[] = [];
    const answer = { ok: true };
    const { rerender } = renderHook(
      ({ fetcher, tag }: { fetcher: Fetcher; tag: number }) =>
        useFetcherResult(fetcher, (data) => seen.push([tag, data])),
      { initialProps: { fetcher: { state: "submitting", data: undefined } as Fetcher, tag: 0 } },
    );
    expect(seen).toEqual([]);
    rerender({ fetcher: { state: "idle", data: answer }, tag: 1 });
    rerender({ fetcher: { state: "idle", data: answer }, tag: 2 });
    rerender({ fetcher: { state: "idle", data: answer }, tag: 3 });
    expect(seen).toEqual([[1, answer]]);
  });

  it("acts on the next answer, and not while a request is still under way", () => {
    const onResult = vi.fn();
    const first = { ok: false };
    const second = { ok: true };
    const { rerender } = renderHook(({ fetcher }: { fetcher: Fetcher }) => useFetcherResult(fetcher, onResult), {
      initialProps: { fetcher: { state: "idle", data: first } as Fetcher },
    });
    rerender({ fetcher: { state: "submitting", data: first } });
    rerender({ fetcher: { state: "loading", data: second } });
    expect(onResult).toHaveBeenCalledTimes(1);
    rerender({ fetcher: { state: "idle", data: second } });
    expect(onResult.mock.calls).toEqual([[first], [second]]);
  });
});
