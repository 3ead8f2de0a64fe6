import {
  type ComponentPropsWithoutRef,
  forwardRef,
  type ReactNode,
  useEffect,
  useImperativeHandle,
  useRef,
} from "react";
import { Icon } from "../icon/Icon";
import { focusRing } from "../theme/focus";
import { styled } from "../theme/stitches";

const Label = styled("label", {
  display: "inline-flex",
  alignItems: "flex-start",
  gap: "$3",
  cursor: "pointer",
  color: "$gray800",
  fontSize: "$md",
  lineHeight: "20px",
  "&[data-disabled]": { cursor: "not-allowed", opacity: 0.6 },
});

// The real checkbox sits, invisible, over the drawn box: clicks, keyboard and forms stay native.
const Box = styled("span", {
  position: "relative",
  flexShrink: 0,
  display: "grid",
  placeItems: "center",
  width: "20px",
  height: "20px",
  borderRadius: "$sm",
  border: "1.5px solid $gray500",
  backgroundColor: "$surface",
  color: "transparent",
  transition: "background-color $fast, border-color $fast",
  "& input": { position: "absolute", inset: "-2px", margin: 0, opacity: 0, cursor: "inherit" },
  "& [data-mark]": { display: "none" },
  "&:has(input:checked), &:has(input:indeterminate)": {
    backgroundColor: "$primary",
    borderColor: "$primary",
    color: "$primaryContrast",
  },
  "&:has(input:checked) [data-mark=check], &:has(input:indeterminate) [data-mark=minus]": { display: "block" },
  "&:has(input:indeterminate) [data-mark=check]": { display: "none" },
  "&:has(input:focus-visible)": focusRing,
  "&:has(input[aria-invalid=true])": { borderColor: "$danger" },
});

const Text = styled("span", { display: "flex", flexDirection: "column", gap: "2px" });
const Description = styled("span", { fontSize: "$sm", color: "$textMuted" });

export interface CheckboxProps extends Omit<ComponentPropsWithoutRef<"input">, "type"> {
  /** The visible label; leave out only with an aria-label (e.g. a table's row checkbox). */
  label?: ReactNode;
  description?: ReactNode;
  /** Shows a dash: some but not all of a group are checked. */
  indeterminate?: boolean;
}

/** A native checkbox with the kit's look; `ref` reaches the <input>. */
export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(
  { label, description, indeterminate = false, disabled, ...props },
  ref,
) {
  const inputRef = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => inputRef.current as HTMLInputElement);
  useEffect(() => {
    if (inputRef.current) inputRef.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <Label data-disabled={disabled ? "" : undefined}>
      <Box>
        <input ref={inputRef} type="checkbox" disabled={disabled} {...props} />
        <Icon data-mark="check" name="check" size={14} strokeWidth={3} />
        <Icon data-mark="minus" name="minus" size={14} strokeWidth={3} />
      </Box>
      {label || description ? (
        <Text>
          {label}
          {description ? <Description>{description}</Description> : null}
        </Text>
      ) : null}
    </Label>
  );
});
