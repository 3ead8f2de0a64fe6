/**
 * List paging (docs/domain.md, API conventions): page 1 and 10 per page by default, at most 100
 * per page. Free of zod, for screens' first views (docs/decisions/007-contracts-constants-without-zod.md).
 */
export const DEFAULT_PAGE = 1;
export const DEFAULT_PER_PAGE = 10;
export const MAX_PER_PAGE = 100;
