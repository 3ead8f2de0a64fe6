// @vitest-environment happy-dom
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import "../../test/dom";
import { Button } from "../button/Button";
import { Dialog, DialogClose } from "./Dialog";

function Example() {
  return (
    <Dialog
      title="Update profile"
      description="Your name and photo as coordinators see them."
      trigger={<Button>Edit profile</Button>}
      footer={
        <DialogClose>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
      }
    >
      <label>
        Full name <input />
      </label>
    </Dialog>
  );
}

describe("Dialog", () => {
  it("opens from its trigger as a named, described modal dialog with focus inside", async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.click(screen.getByRole("button", { name: "Edit profile" }));
    const dialog = screen.getByRole("dialog", { name: "Update profile" });
    expect(dialog.getAttribute("aria-describedby")).toBeTruthy();
    expect(screen.getByText("Your name and photo as coordinators see them.").id).toBe(
      dialog.getAttribute("aria-describedby"),
    );
    // Focus starts in the first field.
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Full name" }));
  });

  it("closes on Escape and gives focus back to the trigger", async () => {
    const user = userEvent.setup();
    render(<Example />);
    const trigger = screen.getByRole("button", { name: "Edit profile" });
    await user.click(trigger);
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(trigger);
  });

  it("closes with the close button and with a DialogClose button", async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.click(screen.getByRole("button", { name: "Edit profile" }));
    await user.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await user.click(screen.getByRole("button", { name: "Edit profile" }));
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("closes on a click on the backdrop (the dialog element itself), not on its content", async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.click(screen.getByRole("button", { name: "Edit profile" }));
    await user.click(screen.getByRole("textbox", { name: "Full name" }));
    expect(screen.getByRole("dialog")).toBeTruthy();
    const dialog = screen.getByRole("dialog");
    await user.click(dialog);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});
