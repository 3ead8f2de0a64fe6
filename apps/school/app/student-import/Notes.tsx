import { Icon } from "@repo/ui/icon";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";

/** The reader's warnings (a column ignored, another sheet not read), each with a warning sign. */
export function Notes({ title, notes }: { title: string; notes: readonly string[] }) {
  return (
    <Stack gap={2} role="group" aria-label={title}>
      <Text weight="semibold">{title}</Text>
      {notes.map((note) => (
        <Stack key={note} direction="row" gap={2} align="start" wrap={false}>
          <Icon name="warning" size={18} />
          <Text>{note}</Text>
        </Stack>
      ))}
    </Stack>
  );
}
