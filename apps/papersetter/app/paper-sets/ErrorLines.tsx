import { styled } from "@repo/ui/theme";

const Lines = styled("span", { display: "grid", gap: "$1", marginTop: "$2", textAlign: "start" });
const Line = styled("span", { display: "block", "&::before": { content: "'• '" } });

/**
 * An error's message with its details (each field error's message) under it, inside the message
 * dialog's paragraph: spans with list roles, which a <p> may hold.
 */
export function ErrorLines({ message, details }: { message: string; details: readonly string[] }) {
  if (details.length === 0) return <>{message}</>;
  return (
    <>
      {message}
      <Lines role="list">
        {details.map((detail, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two details may read alike
          <Line role="listitem" key={i}>
            {detail}
          </Line>
        ))}
      </Lines>
    </>
  );
}
