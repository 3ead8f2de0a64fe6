// Colour variables of the shell's chrome. The sidebar, the header and their menus read these, so a
// layout variant only swaps variables (light or dark chrome) instead of restyling every part.
export const lightChrome = {
  "--chrome-bg": "$colors$surface",
  "--chrome-border": "$colors$border",
  "--menu-text": "$colors$gray700",
  "--menu-text-strong": "$colors$text",
  "--menu-hover": "$colors$surfaceHover",
  "--menu-active-bg": "$colors$primaryLight",
  "--menu-active-text": "$colors$primaryText",
  "--menu-icon": "$colors$gray500",
  "--menu-active-icon": "$colors$primaryText",
  "--header-text": "$colors$gray800",
  "--header-muted": "$colors$textMuted",
  "--header-hover": "$colors$surfaceHover",
} as const;

export const darkChromeVars = {
  "--chrome-bg": "$colors$chromeDark",
  "--chrome-border": "$colors$chromeDarkBorder",
  "--menu-text": "$colors$chromeDarkText",
  "--menu-text-strong": "$colors$chromeDarkTextStrong",
  "--menu-hover": "$colors$chromeDarkRaised",
  "--menu-active-bg": "$colors$chromeDarkRaised",
  "--menu-active-text": "$colors$chromeDarkTextStrong",
  "--menu-icon": "#7A7A95",
  "--menu-active-icon": "$colors$primary",
  "--header-text": "$colors$chromeDarkTextStrong",
  "--header-muted": "$colors$chromeDarkText",
  "--header-hover": "$colors$chromeDarkRaised",
} as const;

/**
 * Matches the sidebar while it is minimised and not expanded for the moment (expanded by mouse
 * hover unless the hover lock is on right after the toggle, or by keyboard focus inside it).
 */
export const COLLAPSED_SIDEBAR =
  "[data-minimized] [data-sidebar]:not(:has(:focus-visible)):is(:not(:hover), [data-hover-lock])";
