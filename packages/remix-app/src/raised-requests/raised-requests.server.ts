import type { ApiClient } from "@repo/api-client";
import type { components, operations } from "@repo/api-client/schema";
import { RAISED_REQUEST_STATUSES } from "@repo/contracts/payments-constants";
import { parseTableQuery } from "@repo/ui/data-table";
import { refusedDownload, streamDownload } from "../downloads/downloads.server";

/**
 * What the payer's Payment Requests page (school app) and pay support's Raised Requests page
 * (coordinator app) both do on the server: read the list's URL, load one request, its attachment.
 */
export type RaisedRequestRow = components["schemas"]["RaisedRequestPage"]["items"][number];
export type RaisedRequestQuery = NonNullable<operations["getRaisedRequest"]["parameters"]["query"]>;

/** The list query from the page's URL: paging, search and a known status. */
export function raisedRequestQueryFrom(params: URLSearchParams): RaisedRequestQuery {
  const { page, perPage, search } = parseTableQuery(params);
  const query: RaisedRequestQuery = { page, per_page: perPage };
  if (search) query.search = search;
  const status = RAISED_REQUEST_STATUSES.find((s) => s === params.get("status"));
  if (status) query.status = status;
  return query;
}

/** A positive whole number from the URL, or null. */
export function requestIdFrom(value: string | null | undefined): number | null {
  const id = Number(value);
  return value && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** One request with its history (JSON for a dialog); 404 when it is not the caller's to see. */
export async function loadRaisedRequest(api: ApiClient, idParam: string | undefined) {
  const id = requestIdFrom(idParam);
  if (!id) throw new Response("No such request", { status: 404 });
  const answer = await api.GET("/api/raisedRequest/{id}", { params: { path: { id } } });
  if (!answer.data) throw new Response("No such request", { status: 404 });
  return answer.data.data;
}

/** The request's attachment, streamed from the API as a download. */
export async function downloadRaisedRequestAttachment(api: ApiClient, idParam: string | undefined) {
  const id = requestIdFrom(idParam);
  if (!id) return refusedDownload("There is no such request.", 404);
  const { response } = await api.GET("/api/raisedRequest/{id}/attachment", {
    params: { path: { id } },
    parseAs: "stream",
  });
  if (!response.ok || !response.body) return refusedDownload("This request has no attachment.", 404);
  return streamDownload(response);
}
