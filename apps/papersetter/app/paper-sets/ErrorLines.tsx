import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";

/**
 * An error's message with its details (each field error's message) under it, inside the message
 * dialog's paragraph: spans with list roles, which a <p> may hold.
 */
export function ErrorLines({ message, details }: { message: string; details: readonly string[] }) {
  if (details.length === 0) return <>{message}</>;
  return (
    <>
      {message}
      <Stack element="span" gap={1} role="list">
        {details.map((detail, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two details may read alike
          <Text inline role="listitem" key={i}>
            {/* The bullet is drawn, not read: the list role already says what it is. */}
            <span aria-hidden="true">• </span>
            {detail}
          </Text>
        ))}
      </Stack>
    </>
  );
}
