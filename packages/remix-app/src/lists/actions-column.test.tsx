// @vitest-environment happy-dom
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { editDeleteColumn } from "./actions-column";

describe("the Edit and Delete column", () => {
  it("names each button after its row and hands that row to the handler", () => {
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    const column = editDeleteColumn<{ id: number; title: string }>({ nameOf: (r) => r.title, onEdit, onDelete });
    const row = { id: 7, title: "Science fair" };
    render(column.cell(row));
    fireEvent.click(screen.getByRole("button", { name: "Edit Science fair" }));
    fireEvent.click(screen.getByRole("button", { name: "Delete Science fair" }));
    expect(onEdit).toHaveBeenCalledWith(row);
    expect(onDelete).toHaveBeenCalledWith(row);
    expect(column).toMatchObject({ id: "actions", header: "Actions", align: "end" });
  });
});
