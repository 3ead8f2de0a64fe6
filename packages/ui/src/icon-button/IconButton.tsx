import { forwardRef } from "react";
import { Icon, type IconName } from "../icon/Icon";
import type { KitProps, VariantValue } from "../internal/styled-props";
import { IconButtonFrame as StyledIconButton } from "./IconButtonFrame";

export interface IconButtonProps
  extends Omit<KitProps<typeof StyledIconButton>, "children" | "variant" | "size" | "round"> {
  /** The kit icon to show. */
  icon: IconName;
  /** What the button does, read by screen readers and shown as the native tooltip. Required. */
  label: string;
  variant?: VariantValue<typeof StyledIconButton, "variant">;
  size?: VariantValue<typeof StyledIconButton, "size">;
  round?: VariantValue<typeof StyledIconButton, "round">;
}

/** A square button showing only an icon; `label` gives it its accessible name. */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { icon, label, type = "button", size = "md", title, ...props },
  ref,
) {
  return (
    <StyledIconButton ref={ref} type={type} size={size} aria-label={label} title={title ?? label} {...props}>
      <Icon name={icon} size={size === "sm" ? 16 : 20} />
    </StyledIconButton>
  );
});
