import { type ComponentPropsWithoutRef, forwardRef, type ReactNode } from "react";
import { focusRing } from "../theme/focus";
import { styled } from "../theme/stitches";

const Label = styled("label", {
  display: "inline-flex",
  alignItems: "center",
  gap: "$3",
  cursor: "pointer",
  color: "$gray800",
  fontSize: "$md",
  "&[data-disabled]": { cursor: "not-allowed", opacity: 0.6 },
});

// A native checkbox announced as a switch ("on/off"); the track and thumb are drawn around it.
const Track = styled("span", {
  position: "relative",
  flexShrink: 0,
  width: "40px",
  height: "22px",
  borderRadius: "$round",
  backgroundColor: "$gray400",
  transition: "background-color $fast",
  "&::after": {
    content: "",
    position: "absolute",
    top: "3px",
    insetInlineStart: "3px",
    width: "16px",
    height: "16px",
    borderRadius: "$round",
    backgroundColor: "$white",
    boxShadow: "0 1px 2px rgba(0,0,0,0.2)",
    transition: "transform $fast",
  },
  "& input": { position: "absolute", inset: 0, margin: 0, opacity: 0, cursor: "inherit" },
  "&:has(input:checked)": { backgroundColor: "$primary" },
  "&:has(input:checked)::after": { transform: "translateX(18px)" },
  "[dir=rtl] &:has(input:checked)::after": { transform: "translateX(-18px)" },
  "&:has(input:focus-visible)": focusRing,
});

export interface SwitchProps extends Omit<ComponentPropsWithoutRef<"input">, "type" | "role"> {
  label: ReactNode;
}

/** An on/off switch for a setting that applies at once (e.g. "School active"). */
export const Switch = forwardRef<HTMLInputElement, SwitchProps>(function Switch({ label, disabled, ...props }, ref) {
  return (
    <Label data-disabled={disabled ? "" : undefined}>
      <Track>
        {/* biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox exposes its checked state itself (ARIA in HTML) */}
        <input ref={ref} type="checkbox" role="switch" disabled={disabled} {...props} />
      </Track>
      {label}
    </Label>
  );
});
