import { focusRing } from "../theme/focus";

/** The base look shared by Button and IconButton (kept apart so IconButton stays small). */
export const buttonStyles = {
  all: "unset",
  boxSizing: "border-box",
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: "$2",
  borderRadius: "$md",
  fontFamily: "$body",
  fontWeight: "$semibold",
  lineHeight: 1.2,
  whiteSpace: "nowrap",
  cursor: "pointer",
  userSelect: "none",
  textDecoration: "none",
  transition: "background-color $fast, color $fast, box-shadow $fast",
  "&:focus-visible": focusRing,
  "&:disabled, &[aria-disabled=true]": { opacity: 0.55, cursor: "not-allowed" },
} as const;
