// @vitest-environment happy-dom
import { UiProvider } from "@repo/ui/provider";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { Verification, VerifyState } from "./verify.server";

// The public check as the server renders it (what a phone shows first) for each answer.
const loaded = vi.hoisted(() => ({ state: undefined as unknown }));
vi.mock("@remix-run/react", async (original) => ({
  ...(await original<typeof import("@remix-run/react")>()),
  useLoaderData: () => loaded.state,
  Link: ({ to, children }: { to: string; children: ReactNode }) => <a href={to}>{children}</a>,
}));
const { VerifyScreen } = await import("./VerifyScreen");

const printed: Verification = {
  status: "withdrawn",
  student_name: "Aarav Sharma",
  school_name: "Jnana Prabodhini Prashala, Pune",
  level: "level1",
  level_name: "Level 1",
  exam_year: "2026-27",
  award: "national_camp",
  award_name: "National camp",
  // 20:00 UTC is already the next day in India.
  withdrawn_at: "2026-12-06T20:00:00.000Z",
  withdrawn_reason: "results_removed",
};

function pageText(state: VerifyState) {
  loaded.state = state;
  const html = renderToString(
    <UiProvider>
      <VerifyScreen />
    </UiProvider>,
  );
  return new DOMParser().parseFromString(`<body>${html}</body>`, "text/html").body.textContent ?? "";
}

describe("the certificate check page", () => {
  it("says when a withdrawn certificate was withdrawn and why, with what it printed, and never that it is valid", () => {
    const text = pageText({ outcome: "withdrawn", code: "K7M2Q9X4TB3P", certificate: printed });
    expect(text).toContain("Certificate withdrawn");
    expect(text).toContain("This certificate was withdrawn on 7 December 2026.");
    expect(text).toContain("The exam office withdrew the results this certificate was printed from.");
    for (const part of ["Aarav Sharma", "Jnana Prabodhini Prashala, Pune", "Level 1, 2026-27", "National camp"]) {
      expect(text).toContain(part);
    }
    expect(text).not.toMatch(/verified|Valid certificate/i);
  });

  it("says a changed award's certificate is replaced", () => {
    const text = pageText({
      outcome: "withdrawn",
      code: "K7M2Q9X4TB3P",
      certificate: { ...printed, withdrawn_reason: "award_changed" },
    });
    expect(text).toContain("a certificate with a new code replaces it");
  });

  it("shows a valid certificate as verified", () => {
    const text = pageText({
      outcome: "valid",
      code: "K7M2Q9X4TB3P",
      certificate: { ...printed, status: "valid", withdrawn_at: null, withdrawn_reason: null },
    });
    expect(text).toContain("Certificate verified");
    expect(text).not.toContain("withdrawn");
  });
});
