import { z } from "zod";
import { wholeNumber } from "./ids";
import { DEFAULT_PAGE, DEFAULT_PER_PAGE, MAX_PER_PAGE } from "./pagination-constants";

export const pageField = wholeNumber(
  z.number({ error: "page must be a whole number" }).int("page must be a whole number").min(1, "page starts at 1"),
).default(DEFAULT_PAGE);

export const perPageField = wholeNumber(
  z
    .number({ error: "per_page must be a whole number" })
    .int("per_page must be a whole number")
    .min(1, "per_page must be at least 1")
    .max(MAX_PER_PAGE, `per_page can be at most ${MAX_PER_PAGE}`),
).default(DEFAULT_PER_PAGE);

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
