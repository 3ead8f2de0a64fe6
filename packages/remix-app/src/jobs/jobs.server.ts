import type { LoaderFunctionArgs } from "@remix-run/node";
import { auth } from "../auth.server";
import { messageOf } from "../downloads/downloads.server";
import type { JobStatus } from "./use-job";

const answer = (body: JobStatus, status = 200) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

/**
 * /jobs/<id>: the progress of a job the signed-in user started (an import, a large export), for a
 * screen that polls it (useJob). The API shows a job to the user who started it only.
 */
export async function jobLoader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await auth.requireUser(request, context);
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) return answer({ job: null, failure: "There is no such job." }, 404);
  const { data, error, response } = await api.GET("/api/jobs/{id}", { params: { path: { id } } });
  if (!data) {
    return answer(
      { job: null, failure: messageOf(error, "The progress could not be read. Please try again.") },
      response.status,
    );
  }
  return answer({ job: data.data, failure: null });
}
