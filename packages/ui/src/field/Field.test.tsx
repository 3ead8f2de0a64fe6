// @vitest-environment happy-dom
import { render, renderHook, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import "../../test/dom";
import { Field, useFieldIds } from "./Field";

describe("useFieldIds", () => {
  it("describes the control by the hint and the error, when present", () => {
    const { result } = renderHook(() => useFieldIds("mobile", "10 digits", "Required"));
    expect(result.current).toEqual({
      inputId: "mobile",
      hintId: "mobile-hint",
      errorId: "mobile-error",
      describedBy: "mobile-hint mobile-error",
    });
    expect(renderHook(() => useFieldIds("x", undefined, undefined)).result.current.describedBy).toBeUndefined();
  });
});

function Example() {
  const ids = useFieldIds("email", "We send the receipt here", "Enter a valid e-mail");
  return (
    <Field ids={ids} label="E-mail" hint="We send the receipt here" error="Enter a valid e-mail" required>
      <input id={ids.inputId} aria-describedby={ids.describedBy} aria-invalid />
    </Field>
  );
}

describe("Field", () => {
  it("labels the control, marks required fields and shows hint and error", () => {
    render(<Example />);
    const input = screen.getByRole("textbox", { name: "E-mail" });
    expect(input.getAttribute("aria-describedby")).toBe("email-hint email-error");
    expect(screen.getByText("We send the receipt here").id).toBe("email-hint");
    expect(screen.getByText("Enter a valid e-mail").id).toBe("email-error");
    expect(screen.getByText("*").getAttribute("aria-hidden")).toBe("true");
  });
});
