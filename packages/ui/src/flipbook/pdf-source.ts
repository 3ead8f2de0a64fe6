/**
 * What the flipbook needs of a PDF: its page count, each page's shape, and drawing a page into a
 * canvas. The default source is pdf.js, imported on first use so that it is a chunk of its own and
 * never part of a page's first bundle; tests and stories may pass their own.
 */
export interface FlipbookSource {
  numPages: number;
  /** Width / height of a page (1-based). */
  aspectRatio(page: number): Promise<number>;
  /** Draws `page` into `canvas`, `cssWidth` CSS pixels wide at the screen's pixel density. */
  render(page: number, canvas: HTMLCanvasElement, cssWidth: number): Promise<void>;
  destroy(): void;
}

export type FlipbookLoader = (src: string) => Promise<FlipbookSource>;

/** pdf.js reading `src` with its worker at `workerSrc` (served by the app's build, never a CDN). */
export function pdfjsLoader(workerSrc: string): FlipbookLoader {
  return async (src) => {
    const pdfjs = await import("pdfjs-dist");
    pdfjs.GlobalWorkerOptions.workerSrc = workerSrc;
    // No eval, no scripting: the PDF is only drawn. Cookies go along (same-origin route).
    const document = await pdfjs.getDocument({ url: src, isEvalSupported: false, withCredentials: true }).promise;
    // One drawing per canvas at a time: a newer one (a resize, a quick page turn) cancels the older.
    const drawing = new WeakMap<HTMLCanvasElement, { cancel(): void }>();
    const pages = new Map<number, Awaited<ReturnType<typeof document.getPage>>>();
    const page = async (n: number) => {
      const cached = pages.get(n);
      if (cached) return cached;
      const loaded = await document.getPage(n);
      pages.set(n, loaded);
      return loaded;
    };
    return {
      numPages: document.numPages,
      async aspectRatio(n) {
        const { width, height } = (await page(n)).getViewport({ scale: 1 });
        return width / height;
      },
      async render(n, canvas, cssWidth) {
        const pdfPage = await page(n);
        const base = pdfPage.getViewport({ scale: 1 });
        const density = Math.min(window.devicePixelRatio || 1, 2);
        const viewport = pdfPage.getViewport({ scale: (cssWidth / base.width) * density });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        drawing.get(canvas)?.cancel();
        const task = pdfPage.render({ canvas, viewport });
        drawing.set(canvas, task);
        try {
          await task.promise;
        } catch (error) {
          if ((error as Error)?.name !== "RenderingCancelledException") throw error;
        }
      },
      destroy() {
        void document.destroy();
      },
    };
  };
}
