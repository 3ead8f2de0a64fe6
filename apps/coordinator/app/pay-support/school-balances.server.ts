import type { LoaderFunctionArgs } from "@remix-run/node";
import type { components, operations } from "@repo/api-client/schema";
import { pagePath } from "@repo/auth/menus";
import { auth } from "@repo/remix-app/auth.server";
import { messageOf } from "@repo/remix-app/downloads/server";
import { parseTableQuery } from "@repo/ui/data-table";

export type SchoolBalanceRow = components["schemas"]["SchoolBalancePage"]["items"][number];
type BalanceQuery = NonNullable<operations["getPaysupportSchools"]["parameters"]["query"]>;

/** The balances query from the page's URL: paging, search, and `owing=true`. */
export function balanceQueryFrom(params: URLSearchParams): BalanceQuery {
  const { page, perPage, search } = parseTableQuery(params);
  const query: BalanceQuery = { page, per_page: perPage };
  if (search) query.search = search;
  if (params.get("owing") === "true") query.owing = "true";
  return query;
}

/** paysupport/school-payments: schools with their payments and balances; each leads to its orders. */
export async function schoolBalancesLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context, "paySupport.manage");
  const query = balanceQueryFrom(new URL(request.url).searchParams);
  const list = await api.GET("/api/paysupport/schools", { params: { query } });
  const { page: _page, per_page: _perPage, ...filters } = query;
  return {
    csrf,
    filters,
    // A school's orders are found on Student Payments by its username (the page tree stays on the server).
    ordersHref: pagePath("coordinator", "student-pay-support"),
    rows: list.data?.data.items ?? [],
    total: list.data?.data.total ?? 0,
    failure: list.data ? null : messageOf(list.error, "Schools could not be loaded, please try again"),
  };
}
