import {
  type KeyboardEvent,
  type ReactNode,
  type TouchEvent,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { Button } from "../button/Button";
import { Icon } from "../icon/Icon";
import { Spinner } from "../spinner/Spinner";
import { focusRing } from "../theme/focus";
import { styled } from "../theme/stitches";
import { type FlipbookLoader, type FlipbookSource, pdfjsLoader } from "./pdf-source";

export type { FlipbookLoader, FlipbookSource } from "./pdf-source";

/** At least this wide (CSS px), the book shows two pages side by side. */
export const SPREAD_MIN_WIDTH = 720;
/** A horizontal swipe of at least this many pixels turns the page. */
const SWIPE_PX = 40;

const Viewer = styled("section", {
  display: "flex",
  flexDirection: "column",
  gap: "$3",
  width: "100%",
  "&:focus-visible": { ...focusRing, outlineOffset: "4px", borderRadius: "$md" },
});

const Pages = styled("div", {
  display: "flex",
  justifyContent: "center",
  gap: "$2",
  minHeight: "200px",
  touchAction: "pan-y pinch-zoom",
  backgroundColor: "$gray100",
  borderRadius: "$md",
  padding: "$2",
});

const Sheet = styled("canvas", {
  display: "block",
  maxWidth: "100%",
  height: "auto",
  backgroundColor: "$white",
  boxShadow: "0 1px 4px rgba(0,0,0,0.15)",
});

const Controls = styled("div", {
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: "$2",
});

const Status = styled("p", {
  margin: 0,
  fontSize: "$md",
  color: "$text",
  textAlign: "center",
  flex: "1 1 0",
  minWidth: 0,
});

export interface FlipbookProps {
  /** Address of the PDF (a same-origin route of the app). */
  src: string;
  /** Names the book for assistive technology ("VVM Brochure 2026"). */
  title: string;
  /** pdf.js's worker script, from the app's build (`pdfjs-dist/build/pdf.worker.min.mjs?url`). */
  workerSrc?: string;
  /** Another way to read the document (tests, stories); pdf.js by default. */
  load?: FlipbookLoader;
  /** Shown when the PDF cannot be opened: e.g. a download link. */
  fallback?: ReactNode;
}

/** The first page of the view holding `page`: single pages, or spreads of 1-2, 3-4 … */
const viewStart = (page: number, perView: number) => (perView === 2 ? page - ((page - 1) % 2) : page);

/** The pages of the view that starts at `first`. */
const pagesOf = (first: number, perView: number, total: number) =>
  total ? Array.from({ length: perView }, (_, i) => first + i).filter((n) => n <= total) : [];

/**
 * A page-turning reader of a PDF: pages are drawn by pdf.js on demand (only those in view), one at
 * a time on a phone and two side by side on a wide screen. Previous/next buttons, ←/→, PageUp/
 * PageDown, Home/End and a swipe turn the pages; the page numbers are announced politely.
 */
export function Flipbook({ src, title, workerSrc = "", load, fallback }: FlipbookProps) {
  const [source, setSource] = useState<FlipbookSource | null>(null);
  const [failed, setFailed] = useState(false);
  const [page, setPage] = useState(1);
  const [width, setWidth] = useState(0);
  const [drawn, setDrawn] = useState(0);
  const frame = useRef<HTMLDivElement>(null);
  const canvases = useRef<(HTMLCanvasElement | null)[]>([]);
  const touchX = useRef<number | null>(null);
  const loader = useMemo(() => load ?? pdfjsLoader(workerSrc), [load, workerSrc]);

  useEffect(() => {
    let live = true;
    let opened: FlipbookSource | null = null;
    setSource(null);
    setFailed(false);
    setPage(1);
    loader(src).then(
      (loaded) => {
        opened = loaded;
        if (live) setSource(loaded);
        else loaded.destroy();
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      opened?.destroy();
    };
  }, [loader, src]);

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const measure = () => setWidth(element.clientWidth);
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const total = source?.numPages ?? 0;
  const perView = width >= SPREAD_MIN_WIDTH && total > 1 ? 2 : 1;
  const first = viewStart(Math.min(page, Math.max(total, 1)), perView);
  const inView = pagesOf(first, perView, total);
  const last = inView.at(-1) ?? first;

  // Draw the pages in view; a newer view cancels the drawing of an older one.
  useEffect(() => {
    const pages = pagesOf(first, perView, total);
    if (!source || pages.length === 0 || width === 0) return;
    let live = true;
    const cssWidth = Math.max(120, Math.floor((width - 16 - (perView - 1) * 8) / perView));
    Promise.all(
      pages.map((n, i) => {
        const canvas = canvases.current[i];
        return canvas ? source.render(n, canvas, cssWidth) : Promise.resolve();
      }),
    ).then(
      () => live && setDrawn((count) => count + 1),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [source, first, perView, width, total]);

  const go = useCallback(
    (to: number) => setPage(Math.min(Math.max(1, viewStart(to, perView)), Math.max(total, 1))),
    [perView, total],
  );
  const previous = () => go(first - perView);
  const next = () => go(first + perView);
  const atStart = first <= 1;
  const atEnd = last >= total;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "ArrowLeft" || event.key === "PageUp") previous();
    else if (event.key === "ArrowRight" || event.key === "PageDown") next();
    else if (event.key === "Home") go(1);
    else if (event.key === "End") go(total);
    else return;
    event.preventDefault();
  };
  const onTouchStart = (event: TouchEvent) => {
    touchX.current = event.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchX.current;
    const end = event.changedTouches[0]?.clientX;
    touchX.current = null;
    if (start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return;
    if (end < start) next();
    else previous();
  };

  const status = !total ? "" : inView.length > 1 ? `Pages ${first}–${last} of ${total}` : `Page ${first} of ${total}`;

  return (
    <Viewer
      aria-roledescription="flipbook"
      aria-label={title}
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-drawn={drawn}
      data-page={first}
    >
      <Pages ref={frame} onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
        {failed ? (
          <div role="alert">{fallback ?? "This PDF could not be opened."}</div>
        ) : !source ? (
          <Spinner label="Opening the flipbook" />
        ) : (
          inView.map((n, i) => (
            // A fresh canvas per page: pdf.js never draws two pages into one canvas at once.
            <Sheet
              key={n}
              ref={(canvas) => {
                canvases.current[i] = canvas;
              }}
              role="img"
              aria-label={`Page ${n} of ${total}`}
            />
          ))
        )}
      </Pages>
      <Controls>
        <Button
          variant="light"
          onClick={previous}
          disabled={!source || atStart}
          icon={<Icon name="chevron-left" size={18} />}
        >
          Previous
        </Button>
        <Status aria-live="polite">{status}</Status>
        <Button
          variant="light"
          onClick={next}
          disabled={!source || atEnd}
          icon={<Icon name="chevron-right" size={18} />}
        >
          Next
        </Button>
      </Controls>
    </Viewer>
  );
}
