import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";

/** A person in a list: the name, and under it the username they sign in with. */
export function PersonCell({ name, username }: { name: string; username: string }) {
  return (
    <Stack gap={1}>
      <strong>{name}</strong>
      <Text size="sm" tone="muted">
        {username}
      </Text>
    </Stack>
  );
}
