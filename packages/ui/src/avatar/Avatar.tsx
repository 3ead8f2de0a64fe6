import { useEffect, useState } from "react";
import { Icon } from "../icon/Icon";
import type { VariantValue } from "../internal/styled-props";
import { styled } from "../theme/stitches";
import { AVATAR_LOAD_TIMEOUT_MS, isValidImageAddress, loadImageWithin } from "./image";

export { AVATAR_IMAGE_EXTENSIONS, AVATAR_LOAD_TIMEOUT_MS, initialsOf, isValidImageAddress } from "./image";

const Root = styled("span", {
  position: "relative",
  display: "inline-grid",
  placeItems: "center",
  flexShrink: 0,
  overflow: "hidden",
  backgroundColor: "$gray200",
  color: "$gray500",
  verticalAlign: "middle",
  "& img": { width: "100%", height: "100%", objectFit: "cover" },
  variants: {
    size: {
      sm: { width: "32px", height: "32px" },
      md: { width: "40px", height: "40px" },
      lg: { width: "56px", height: "56px" },
      xl: { width: "96px", height: "96px" },
    },
    shape: { circle: { borderRadius: "$round" }, rounded: { borderRadius: "$lg" } },
  },
  defaultVariants: { size: "md", shape: "rounded" },
});

const iconSize = { sm: 18, md: 22, lg: 30, xl: 52 } as const;

export interface AvatarProps {
  /** Whose picture this is: the accessible name ("Photo of …" is not added). */
  name: string;
  /** The first picture source: shown when its address is a valid image address. */
  src?: string | null;
  /** The second source: shown only if valid and it loads within 5 s. */
  fallbackSrc?: string | null;
  size?: VariantValue<typeof Root, "size">;
  shape?: VariantValue<typeof Root, "shape">;
  /** Hide from screen readers when the name is written right beside the picture. */
  decorative?: boolean;
  /** For tests: how long the second source may take. */
  timeoutMs?: number;
}

/**
 * A profile picture, or a blank avatar when there is no usable picture: the first source is
 * used when its address is a valid image address; otherwise the second source, if it loads
 * within 5 s; otherwise (or when loading fails) the blank avatar.
 */
export function Avatar({
  name,
  src,
  fallbackSrc,
  size = "md",
  shape = "rounded",
  decorative = false,
  timeoutMs = AVATAR_LOAD_TIMEOUT_MS,
}: AvatarProps) {
  const primary = isValidImageAddress(src) ? src : null;
  // Remember which address failed, so that a new address gets its own chance.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = primary !== null && failedSrc === primary;
  const [secondary, setSecondary] = useState<string | null>(null);

  const needSecondary = (!primary || failed) && isValidImageAddress(fallbackSrc);
  useEffect(() => {
    setSecondary(null);
    if (!needSecondary || !fallbackSrc) return;
    const load = loadImageWithin(fallbackSrc, timeoutMs);
    load.promise.then((ok) => {
      if (ok) setSecondary(fallbackSrc);
    });
    return load.cancel;
  }, [needSecondary, fallbackSrc, timeoutMs]);

  const shown = primary && !failed ? primary : secondary;
  const a11y = decorative ? { "aria-hidden": true } : { role: "img", "aria-label": name };
  return (
    <Root size={size} shape={shape} {...a11y} data-state={shown ? "image" : "blank"}>
      {shown ? (
        <img src={shown} alt="" onError={() => (shown === primary ? setFailedSrc(primary) : setSecondary(null))} />
      ) : (
        <Icon name="user" size={iconSize[size]} strokeWidth={1.5} />
      )}
    </Root>
  );
}
