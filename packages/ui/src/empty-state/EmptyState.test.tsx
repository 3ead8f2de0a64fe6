// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import "../../test/dom";
import { EmptyState } from "./EmptyState";

describe("EmptyState", () => {
  it("says what is missing and offers a way forward", () => {
    render(
      <EmptyState
        title="No students yet"
        description="Import a list to begin."
        action={<button type="button">Import students</button>}
        role="status"
      />,
    );
    const status = screen.getByRole("status");
    expect(status.textContent).toContain("No students yet");
    expect(status.textContent).toContain("Import a list to begin.");
    expect(screen.getByRole("button", { name: "Import students" })).toBeTruthy();
  });
});
