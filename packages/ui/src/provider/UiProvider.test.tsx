// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import "../../test/dom";
import { Tabs, TabsList, TabsTrigger } from "../tabs/Tabs";
import { UiProvider } from "./UiProvider";

describe("UiProvider", () => {
  it("makes arrow keys follow a right-to-left reading direction", async () => {
    const user = userEvent.setup();
    render(
      <UiProvider dir="rtl">
        <Tabs defaultValue="a">
          <TabsList aria-label="Views">
            <TabsTrigger value="a">First</TabsTrigger>
            <TabsTrigger value="b">Second</TabsTrigger>
          </TabsList>
        </Tabs>
      </UiProvider>,
    );
    await user.tab();
    // In right-to-left text the next tab is to the left.
    await user.keyboard("{ArrowLeft}");
    expect(document.activeElement?.textContent).toBe("Second");
    expect(screen.getByRole("tablist").closest("[dir]")?.getAttribute("dir")).toBe("rtl");
  });
});
