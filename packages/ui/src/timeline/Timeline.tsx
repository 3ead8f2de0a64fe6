import type { ReactNode } from "react";
import { styled } from "../theme/stitches";

const Steps = styled("ol", { listStyle: "none", margin: 0, padding: 0 });

// The line between two steps runs down the dots' middle; logical insets mirror it right to left.
const Step = styled("li", {
  position: "relative",
  display: "grid",
  gridTemplateColumns: "32px minmax(0, 1fr)",
  columnGap: "$3",
  paddingBottom: "$4",
  "&:last-child": { paddingBottom: 0 },
  "&:not(:last-child)::before": {
    content: '""',
    position: "absolute",
    insetInlineStart: "15px",
    top: "34px",
    bottom: "2px",
    width: "2px",
    borderRadius: "$round",
    backgroundColor: "$border",
  },
  variants: {
    state: {
      done: { "&:not(:last-child)::before": { backgroundColor: "$primary" } },
      current: {},
      waiting: {},
      upcoming: {},
    },
  },
});

const Dot = styled("span", {
  width: "32px",
  height: "32px",
  borderRadius: "$round",
  display: "grid",
  placeItems: "center",
  fontSize: "$sm",
  fontWeight: "$semibold",
  variants: {
    state: {
      done: { backgroundColor: "$primary", color: "$primaryContrast" },
      current: {
        backgroundColor: "$surface",
        color: "$primaryText",
        boxShadow: "inset 0 0 0 2px $colors$primaryText, 0 0 0 4px $colors$primaryLight",
      },
      waiting: { backgroundColor: "$warningLight", color: "$warningText" },
      upcoming: { backgroundColor: "$gray200", color: "$gray700" },
    },
  },
});

const Body = styled("div", {
  minWidth: 0,
  paddingTop: "5px",
  variants: {
    state: {
      current: {
        padding: "$3 $4",
        marginTop: "-2px",
        borderRadius: "$lg",
        backgroundColor: "$primaryLight",
        border: "1px solid $primary200",
      },
      done: {},
      waiting: {},
      upcoming: {},
    },
  },
});

/** Where a step stands: done, the one to do now, waiting on someone else, or still ahead. */
export type TimelineState = "done" | "current" | "waiting" | "upcoming";

export interface TimelineProps {
  "aria-label": string;
  /** TimelineStep items, first step first. */
  children: ReactNode;
}

/** Steps in order down a line (a student's year: register, pay, sit the exams, get the results). */
export function Timeline({ children, ...rest }: TimelineProps) {
  return <Steps {...rest}>{children}</Steps>;
}

export interface TimelineStepProps {
  state: TimelineState;
  /** What the dot shows: the step's number, or a check mark once done (drawn for the eye only). */
  marker: ReactNode;
  /** The step to do next is marked `aria-current="step"`. */
  next?: boolean;
  children: ReactNode;
}

/** One step: its dot on the line, and its text and action (the current one in a box of its own). */
export function TimelineStep({ state, marker, next, children }: TimelineStepProps) {
  return (
    <Step state={state} aria-current={next ? "step" : undefined}>
      <Dot state={state} aria-hidden>
        {marker}
      </Dot>
      <Body state={state}>{children}</Body>
    </Step>
  );
}
