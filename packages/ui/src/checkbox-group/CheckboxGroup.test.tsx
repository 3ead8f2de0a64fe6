// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import "../../test/dom";
import { CheckboxGroup } from "./CheckboxGroup";

const OPTIONS = [
  { value: "2", label: "School" },
  { value: "17", label: "Master Institute" },
  { value: "18", label: "Institute" },
];

function Harness({ initial }: { initial: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <CheckboxGroup legend="For" options={OPTIONS} value={value} onChange={setValue} />
      <output>{value.join(",")}</output>
    </>
  );
}

describe("CheckboxGroup", () => {
  it("is a named group whose boxes toggle by keyboard, keeping the options' order", async () => {
    const user = userEvent.setup();
    render(<Harness initial={["18"]} />);
    expect(screen.getByRole("group", { name: "For" })).toBeTruthy();
    await user.tab();
    await user.keyboard(" ");
    expect(screen.getByRole("status").textContent).toBe("2,18");
    await user.click(screen.getByRole("checkbox", { name: "Institute" }));
    expect(screen.getByRole("status").textContent).toBe("2");
  });

  it("describes the group by its error", () => {
    render(<CheckboxGroup legend="For" options={OPTIONS} value={[]} onChange={() => undefined} error="Choose one" />);
    const group = screen.getByRole("group", { name: "For" });
    expect(document.getElementById(group.getAttribute("aria-describedby") ?? "")?.textContent).toBe("Choose one");
  });
});
