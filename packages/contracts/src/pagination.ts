import { z } from "zod";

/** List paging (DECISIONS §5): page 1 and 10 per page by default, at most 100 per page. */
export const DEFAULT_PAGE = 1;
export const DEFAULT_PER_PAGE = 10;
export const MAX_PER_PAGE = 100;

export const pageField = z.coerce
  .number<unknown>({ error: "page must be a whole number" })
  .int("page must be a whole number")
  .min(1, "page starts at 1")
  .default(DEFAULT_PAGE);

export const perPageField = z.coerce
  .number<unknown>({ error: "per_page must be a whole number" })
  .int("per_page must be a whole number")
  .min(1, "per_page must be at least 1")
  .max(MAX_PER_PAGE, `per_page can be at most ${MAX_PER_PAGE}`)
  .default(DEFAULT_PER_PAGE);

export const searchField = z.string().trim().max(100, "search can be at most 100 characters").optional();

export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    last_page: z.number().int(),
  });

export interface Page<T> {
  items: T[];
  page: number;
  per_page: number;
  total: number;
  last_page: number;
}

export function pageOf<T>(items: T[], total: number, page: number, perPage: number): Page<T> {
  return { items, page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) };
}
