import type { ReactNode } from "react";
import { styled } from "../theme/stitches";

const Main = styled("main", {
  minHeight: "100vh",
  display: "grid",
  placeItems: "center",
  padding: "$5",
  "& > *": { width: "100%", maxWidth: "480px" },
});

/** A full-height page with one centred column: sign-in, errors, splash screens. */
export function Centered({ children }: { children: ReactNode }) {
  return <Main>{children}</Main>;
}
