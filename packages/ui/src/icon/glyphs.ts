// Glyphs that the basic form controls draw themselves (the password field's show/hide, a field's
// error mark), in a module of their own so that pages with a plain form, such as the sign-in page,
// do not load the whole icon table. paths.ts reuses them.
export const eyePath = "M2.5 12S6 5 12 5s9.5 7 9.5 7-3.5 7-9.5 7S2.5 12 2.5 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z";
export const eyeOffPath =
  "M3 3l18 18M10.6 5.1A9.8 9.8 0 0 1 12 5c6 0 9.5 7 9.5 7a17 17 0 0 1-2.7 3.6M6.6 6.6C4 8.3 2.5 12 2.5 12S6 19 12 19a9.3 9.3 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2";
export const errorPath = "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9 9l6 6M15 9l-6 6";
