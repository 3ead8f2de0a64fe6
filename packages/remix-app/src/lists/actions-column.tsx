import { Button } from "@repo/ui/button";
import type { DataTableColumn } from "@repo/ui/data-table";
import { Icon } from "@repo/ui/icon";
import { Stack } from "@repo/ui/stack";

/**
 * The "Actions" column of an editable list: Edit and Delete buttons whose names say which row
 * ("Edit Pune", "Delete Pune"), the same on every manage screen.
 */
export function editDeleteColumn<Row>(options: {
  nameOf: (row: Row) => string;
  onEdit: (row: Row) => void;
  onDelete: (row: Row) => void;
}): DataTableColumn<Row> {
  const { nameOf, onEdit, onDelete } = options;
  return {
    id: "actions",
    header: "Actions",
    align: "end",
    cell: (row) => (
      <Stack direction="row" gap={2} justify="end" wrap={false}>
        <Button
          size="sm"
          variant="light"
          icon={<Icon name="edit" size={16} />}
          onClick={() => onEdit(row)}
          aria-label={`Edit ${nameOf(row)}`}
        >
          Edit
        </Button>
        <Button
          size="sm"
          variant="ghost"
          icon={<Icon name="trash" size={16} />}
          onClick={() => onDelete(row)}
          aria-label={`Delete ${nameOf(row)}`}
        >
          Delete
        </Button>
      </Stack>
    ),
  };
}
