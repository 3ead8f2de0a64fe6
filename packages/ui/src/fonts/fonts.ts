/**
 * Self-hosted fonts (the portal must work on closed networks, so nothing comes from a CDN).
 * Import once from an app's root module: `import "@repo/ui/fonts";`. The bundler copies the
 * font files next to the app's assets. Each @font-face carries a unicode-range, so a browser only
 * downloads the files for the scripts a page actually shows.
 *
 * Noto Sans covers Latin and Devanagari (Hindi, Marathi, Sanskrit); the other Noto families cover
 * the remaining question languages: Bengali (and Assamese), Gurmukhi (Punjabi), Gujarati, Oriya
 * (Odia), Tamil, Telugu, Kannada, Malayalam and Naskh Arabic (Urdu).
 */
import "@fontsource/noto-sans/400.css";
import "@fontsource/noto-sans/500.css";
import "@fontsource/noto-sans/600.css";
import "@fontsource/noto-sans/700.css";
import "@fontsource/noto-sans-bengali/400.css";
import "@fontsource/noto-sans-bengali/600.css";
import "@fontsource/noto-sans-gurmukhi/400.css";
import "@fontsource/noto-sans-gurmukhi/600.css";
import "@fontsource/noto-sans-gujarati/400.css";
import "@fontsource/noto-sans-gujarati/600.css";
import "@fontsource/noto-sans-oriya/400.css";
import "@fontsource/noto-sans-oriya/600.css";
import "@fontsource/noto-sans-tamil/400.css";
import "@fontsource/noto-sans-tamil/600.css";
import "@fontsource/noto-sans-telugu/400.css";
import "@fontsource/noto-sans-telugu/600.css";
import "@fontsource/noto-sans-kannada/400.css";
import "@fontsource/noto-sans-kannada/600.css";
import "@fontsource/noto-sans-malayalam/400.css";
import "@fontsource/noto-sans-malayalam/600.css";
import "@fontsource/noto-naskh-arabic/arabic-400.css";
import "@fontsource/noto-naskh-arabic/arabic-600.css";

/** The question languages' scripts and the font family that renders each (for docs and tests). */
export const scriptFonts = {
  Latin: "Noto Sans",
  Devanagari: "Noto Sans",
  Bengali: "Noto Sans Bengali",
  Gurmukhi: "Noto Sans Gurmukhi",
  Gujarati: "Noto Sans Gujarati",
  Oriya: "Noto Sans Oriya",
  Tamil: "Noto Sans Tamil",
  Telugu: "Noto Sans Telugu",
  Kannada: "Noto Sans Kannada",
  Malayalam: "Noto Sans Malayalam",
  Arabic: "Noto Naskh Arabic",
} as const;
