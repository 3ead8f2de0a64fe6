// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import "../../test/dom";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "./Tabs";

function Example() {
  return (
    <Tabs defaultValue="profile">
      <TabsList aria-label="Account">
        <TabsTrigger value="profile">Profile</TabsTrigger>
        <TabsTrigger value="password">Change password</TabsTrigger>
        <TabsTrigger value="update">Update profile</TabsTrigger>
      </TabsList>
      <TabsContent value="profile">Profile card</TabsContent>
      <TabsContent value="password">Password form</TabsContent>
      <TabsContent value="update">Update form</TabsContent>
    </Tabs>
  );
}

describe("Tabs", () => {
  it("is a named tab list whose selected tab controls the shown panel", () => {
    render(<Example />);
    expect(screen.getByRole("tablist", { name: "Account" })).toBeTruthy();
    const selected = screen.getByRole("tab", { selected: true });
    expect(selected.textContent).toBe("Profile");
    expect(screen.getByRole("tabpanel").textContent).toBe("Profile card");
  });

  it("moves between tabs with the arrow keys", async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.tab();
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { selected: true }).textContent).toBe("Change password");
    expect(screen.getByRole("tabpanel").textContent).toBe("Password form");
    await user.keyboard("{End}");
    expect(screen.getByRole("tab", { selected: true }).textContent).toBe("Update profile");
  });
});
