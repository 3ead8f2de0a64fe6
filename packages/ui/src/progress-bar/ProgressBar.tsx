import { useId } from "react";
import type { VariantValue } from "../internal/styled-props";
import { keyframes, styled } from "../theme/stitches";

const slide = keyframes({ from: { transform: "translateX(-100%)" }, to: { transform: "translateX(250%)" } });

const Root = styled("div", { display: "grid", gap: "$2", minWidth: 0 });
const Head = styled("div", { display: "flex", justifyContent: "space-between", gap: "$3", fontSize: "$sm" });
const Label = styled("span", { fontWeight: "$semibold", color: "$gray800" });
const Value = styled("span", { color: "$textMuted", fontVariantNumeric: "tabular-nums" });
const Track = styled("div", {
  position: "relative",
  height: "8px",
  borderRadius: "$round",
  backgroundColor: "$gray200",
  overflow: "hidden",
});
const Fill = styled("div", {
  position: "absolute",
  insetBlock: 0,
  insetInlineStart: 0,
  borderRadius: "$round",
  transition: "width 300ms ease",
  variants: {
    tone: {
      primary: { backgroundColor: "$primary" },
      danger: { backgroundColor: "$danger" },
      info: { backgroundColor: "$info" },
    },
    indeterminate: { true: { width: "40%", animation: `${slide} 1.2s ease-in-out infinite` } },
  },
});

export interface ProgressBarProps {
  /** What is progressing ("Importing students"). */
  label: string;
  /** Done so far; leave out while the total is unknown (indeterminate). */
  value?: number;
  max?: number;
  /** Text beside the label; "42%" by default, e.g. "420 of 1,000 rows". */
  valueText?: string;
  tone?: VariantValue<typeof Fill, "tone">;
}

/** Progress of an import, export or upload, announced as a progress bar. */
export function ProgressBar({ label, value, max = 100, valueText, tone = "primary" }: ProgressBarProps) {
  const labelId = useId();
  const determinate = value !== undefined;
  const percent = determinate ? Math.round((Math.min(Math.max(value, 0), max) / max) * 100) : 0;
  const text = valueText ?? (determinate ? `${percent}%` : undefined);
  return (
    <Root>
      <Head>
        <Label id={labelId}>{label}</Label>
        {text ? <Value aria-hidden>{text}</Value> : null}
      </Head>
      <Track
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={determinate ? 0 : undefined}
        aria-valuemax={determinate ? max : undefined}
        aria-valuenow={determinate ? Math.min(Math.max(value, 0), max) : undefined}
        aria-valuetext={text}
      >
        <Fill tone={tone} indeterminate={!determinate} style={determinate ? { width: `${percent}%` } : undefined} />
      </Track>
    </Root>
  );
}
