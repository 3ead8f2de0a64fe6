import { useEffect, useState } from "react";
import { isHeaderSticky, isScrollTopVisible, type StickyMode } from "./scroll";

/** The header's sticky state and the scroll-to-top button's visibility, from window scrolling. */
export function useScrollState(mode: StickyMode): { sticky: boolean; showScrollTop: boolean } {
  const [state, setState] = useState({ sticky: false, showScrollTop: false });
  useEffect(() => {
    let previous = window.scrollY;
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = window.scrollY;
      const next = { sticky: isHeaderSticky(mode, y, previous), showScrollTop: isScrollTopVisible(y) };
      previous = y;
      setState((current) =>
        current.sticky === next.sticky && current.showScrollTop === next.showScrollTop ? current : next,
      );
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      cancelAnimationFrame(frame);
    };
  }, [mode]);
  return state;
}
