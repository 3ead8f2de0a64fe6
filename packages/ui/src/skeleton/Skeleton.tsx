import type { VariantValue } from "../internal/styled-props";
import { keyframes, styled } from "../theme/stitches";

const shimmer = keyframes({ "0%": { opacity: 1 }, "50%": { opacity: 0.45 }, "100%": { opacity: 1 } });

const Block = styled("span", {
  display: "block",
  backgroundColor: "$gray200",
  animation: `${shimmer} 1.4s ease-in-out infinite`,
  variants: {
    shape: {
      text: { height: "0.9em", borderRadius: "$sm" },
      rect: { borderRadius: "$md" },
      circle: { borderRadius: "$round" },
    },
  },
});

export interface SkeletonProps {
  width?: number | string;
  height?: number | string;
  shape?: VariantValue<typeof Block, "shape">;
}

/**
 * A grey placeholder in the shape of content that is still loading. Hidden from screen readers:
 * announce the wait once on the container instead (aria-busy, or a status text).
 */
export function Skeleton({ width = "100%", height, shape = "text" }: SkeletonProps) {
  return <Block shape={shape} aria-hidden style={{ width, height }} />;
}

/** Several lines of text placeholder; the last line is shorter. */
export function SkeletonText({ lines = 3 }: { lines?: number }) {
  return (
    <span style={{ display: "grid", gap: 10 }} aria-hidden>
      {Array.from({ length: lines }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder lines have no identity
        <Skeleton key={index} width={index === lines - 1 && lines > 1 ? "60%" : "100%"} />
      ))}
    </span>
  );
}
