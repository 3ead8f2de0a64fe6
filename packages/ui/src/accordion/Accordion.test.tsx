// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import "../../test/dom";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "./Accordion";

function Example() {
  return (
    <Accordion type="single" collapsible>
      <AccordionItem value="fees">
        <AccordionTrigger>How are fees paid?</AccordionTrigger>
        <AccordionContent>Online, by the school.</AccordionContent>
      </AccordionItem>
      <AccordionItem value="dates">
        <AccordionTrigger>When is Level 1?</AccordionTrigger>
        <AccordionContent>In November.</AccordionContent>
      </AccordionItem>
    </Accordion>
  );
}

describe("Accordion", () => {
  it("starts collapsed, with buttons in headings", () => {
    render(<Example />);
    const triggers = screen.getAllByRole("button");
    expect(triggers.map((button) => button.getAttribute("aria-expanded"))).toEqual(["false", "false"]);
    expect(screen.getAllByRole("heading")).toHaveLength(2);
    expect(screen.queryByText("Online, by the school.")).toBeNull();
  });

  it("opens one section at a time, by click or keyboard", async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.click(screen.getByRole("button", { name: "How are fees paid?" }));
    expect(screen.getByRole("region", { name: "How are fees paid?" }).textContent).toContain("Online");
    await user.keyboard("{ArrowDown}{Enter}");
    expect(screen.getByRole("button", { name: "When is Level 1?" }).getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole("button", { name: "How are fees paid?" }).getAttribute("aria-expanded")).toBe("false");
  });
});
