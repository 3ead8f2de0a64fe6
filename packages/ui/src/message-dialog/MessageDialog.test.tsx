// @vitest-environment happy-dom
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import "../../test/dom";
import { MessageDialog } from "./MessageDialog";
import { MessageDialogProvider, type MessageDialogs, useMessageDialog } from "./useMessageDialog";

describe("MessageDialog", () => {
  it("says 'Success!' with the message and an OK button that has focus", () => {
    render(<MessageDialog kind="success" open onOpenChange={() => {}} text="School activated successfully!" />);
    const dialog = screen.getByRole("alertdialog", { name: "Success!" });
    expect(dialog.textContent).toContain("School activated successfully!");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "OK" }));
  });

  it("says 'Error!' with a default message", () => {
    render(<MessageDialog kind="error" open onOpenChange={() => {}} />);
    expect(screen.getByRole("alertdialog", { name: "Error!" }).textContent).toContain(
      "Something went wrong. Please try again.",
    );
  });

  it("confirms with Yes and Cancel, focus starting on Cancel", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onOpenChange = vi.fn();
    render(
      <MessageDialog
        kind="confirm"
        open
        onOpenChange={onOpenChange}
        onConfirm={onConfirm}
        text="Are you sure you want to deactivate the School?"
        destructive
      />,
    );
    expect(screen.getByRole("alertdialog").textContent).toContain("Are you sure you want to deactivate the School?");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Cancel" }));
    await user.click(screen.getByRole("button", { name: "Yes" }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});

function Harness({ onApi }: { onApi: (api: MessageDialogs) => void }) {
  onApi(useMessageDialog());
  return null;
}

function Lonely() {
  useMessageDialog();
  return null;
}

describe("useMessageDialog", () => {
  function setup() {
    let api: MessageDialogs | undefined;
    render(
      <MessageDialogProvider>
        <Harness onApi={(value) => (api = value)} />
      </MessageDialogProvider>,
    );
    if (!api) throw new Error("no api");
    return api;
  }

  it("resolves a confirmation true on Yes and false on Cancel", async () => {
    const user = userEvent.setup();
    const api = setup();
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = api.confirm("Are you sure you want to activate the School?");
    });
    await user.click(await screen.findByRole("button", { name: "Yes" }));
    await expect(answer).resolves.toBe(true);
    act(() => {
      answer = api.confirm("Again?");
    });
    await user.click(await screen.findByRole("button", { name: "Cancel" }));
    await expect(answer).resolves.toBe(false);
  });

  it("shows queued messages one after another", async () => {
    const user = userEvent.setup();
    const api = setup();
    act(() => {
      void api.warning("Questions list not found", "Questions list API failed, please try again");
      void api.success("School deactivated successfully!");
    });
    expect(screen.getByRole("alertdialog", { name: "Questions list not found" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "OK" }));
    await waitFor(() => expect(screen.getByRole("alertdialog", { name: "Success!" })).toBeTruthy());
    await user.click(screen.getByRole("button", { name: "OK" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  });

  it("needs its provider", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<Lonely />)).toThrow(/MessageDialogProvider/);
  });
});
