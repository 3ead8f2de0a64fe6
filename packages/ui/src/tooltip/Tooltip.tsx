import {
  cloneElement,
  type FocusEvent,
  type ReactElement,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { placeFloating, type Side } from "../internal/position";
import { keyframes, styled } from "../theme/stitches";

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });

const Anchor = styled("span", { display: "inline-flex" });
const Bubble = styled("span", {
  position: "fixed",
  zIndex: "$tooltip",
  maxWidth: "280px",
  padding: "$2 $3",
  borderRadius: "$md",
  backgroundColor: "$gray900",
  color: "$surface",
  fontSize: "$sm",
  fontWeight: "$medium",
  lineHeight: "$normal",
  boxShadow: "$dropdown",
  pointerEvents: "none",
  animation: `${fadeIn} 120ms ease`,
});

function isFocusVisible(target: EventTarget): boolean {
  try {
    return !(target instanceof Element) || target.matches(":focus-visible");
  } catch {
    return true;
  }
}

export interface TooltipProps {
  /** The hint. It supplements the trigger's own accessible name and is read as its description. */
  content: ReactNode;
  /** A focusable element (a button, a link). */
  children: ReactElement<{ "aria-describedby"?: string }>;
  side?: Side;
  delayDuration?: number;
}

/**
 * A small hint on hover (after a short delay) or keyboard focus; Escape hides it. Fixed
 * positioning keeps it clear of scrolling containers; it flips to stay on screen.
 */
export function Tooltip({ content, children, side = "top", delayDuration = 300 }: TooltipProps) {
  const id = useId();
  const anchorRef = useRef<HTMLSpanElement>(null);
  const bubbleRef = useRef<HTMLSpanElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);

  const show = (delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(true), delay);
  };
  const hide = useCallback(() => {
    clearTimeout(timer.current);
    setOpen(false);
    setPosition(null);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (!open) return;
    const anchor = anchorRef.current?.getBoundingClientRect();
    const bubble = bubbleRef.current?.getBoundingClientRect();
    if (anchor && bubble) {
      setPosition(placeFloating(anchor, bubble, { width: window.innerWidth, height: window.innerHeight }, side));
    }
    const onKeyDown = (event: KeyboardEvent) => event.key === "Escape" && hide();
    document.addEventListener("keydown", onKeyDown);
    window.addEventListener("scroll", hide, { capture: true, once: true });
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      window.removeEventListener("scroll", hide, { capture: true });
    };
  }, [open, side, hide]);

  return (
    <Anchor
      ref={anchorRef}
      onPointerEnter={(event) => event.pointerType === "mouse" && show(delayDuration)}
      onPointerLeave={hide}
      onFocus={(event: FocusEvent) => {
        // Keyboard focus only: a mouse click focuses too, and must not pop the hint up.
        if (isFocusVisible(event.target)) show(0);
      }}
      onBlur={hide}
    >
      {cloneElement(children, { "aria-describedby": open ? id : undefined })}
      {open ? (
        <Bubble
          ref={bubbleRef}
          role="tooltip"
          id={id}
          style={position ? { top: position.top, left: position.left } : { top: 0, left: 0, visibility: "hidden" }}
        >
          {content}
        </Bubble>
      ) : null}
    </Anchor>
  );
}
