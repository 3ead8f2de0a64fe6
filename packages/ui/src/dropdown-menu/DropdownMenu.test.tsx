// @vitest-environment happy-dom
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import "../../test/dom";
import { DropdownMenu, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator } from "./DropdownMenu";

function Example({ onSelect }: { onSelect: (what: string) => void }) {
  return (
    <DropdownMenu trigger={<button type="button">Actions</button>}>
      <DropdownMenuLabel>School</DropdownMenuLabel>
      <DropdownMenuItem icon="edit" onSelect={() => onSelect("edit")}>
        Edit
      </DropdownMenuItem>
      <DropdownMenuItem icon="download" onSelect={() => onSelect("export")}>
        Export
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      <DropdownMenuItem icon="trash" tone="danger" onSelect={() => onSelect("delete")}>
        Delete
      </DropdownMenuItem>
    </DropdownMenu>
  );
}

describe("DropdownMenu", () => {
  it("opens from the keyboard, moves with arrows and chooses with Enter", async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<Example onSelect={onSelect} />);
    const trigger = screen.getByRole("button", { name: "Actions" });
    trigger.focus();
    await user.keyboard("{Enter}");
    const menu = await screen.findByRole("menu");
    expect(screen.getAllByRole("menuitem").map((item) => item.textContent)).toEqual(["Edit", "Export", "Delete"]);
    expect(menu.contains(document.activeElement)).toBe(true);
    await user.keyboard("{ArrowDown}{Enter}");
    expect(onSelect).toHaveBeenCalledWith("export");
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
    expect(document.activeElement).toBe(trigger);
  });

  it("closes on Escape", async () => {
    const user = userEvent.setup();
    render(<Example onSelect={() => {}} />);
    await user.click(screen.getByRole("button", { name: "Actions" }));
    await screen.findByRole("menu");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
  });
});
