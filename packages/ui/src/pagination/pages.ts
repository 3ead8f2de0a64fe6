/**
 * Page numbers to show around the current page, with "gap" where pages are skipped. Always the
 * first and last page, the current one and `siblings` on each side; a gap never hides a single
 * page (that page is shown instead), so the list keeps a constant length.
 */
export function pageWindow(current: number, pageCount: number, siblings = 1): (number | "gap")[] {
  if (pageCount <= 0) return [];
  const page = Math.min(Math.max(1, current), pageCount);
  if (pageCount <= siblings * 2 + 5) return range(1, pageCount);
  const start = Math.max(Math.min(page - siblings, pageCount - siblings * 2 - 2), 3);
  const end = Math.min(Math.max(page + siblings, siblings * 2 + 3), pageCount - 2);
  return [1, start > 3 ? "gap" : 2, ...range(start, end), end < pageCount - 2 ? "gap" : pageCount - 1, pageCount];
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index);
}

/** Number of pages for `total` rows (at least 1). */
export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, pageSize)));
}
