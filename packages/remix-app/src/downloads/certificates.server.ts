import type { LoaderFunctionArgs } from "@remix-run/node";
import type { Permission } from "@repo/auth/permissions";
import { CERTIFICATE_LEVELS, type CertificateLevel } from "@repo/contracts/certificates-constants";
import { auth } from "../auth.server";
import { messageOf, refusedDownload, streamDownload } from "./downloads.server";

/**
 * The certificate downloads every app with a Results page shares (resource routes, no page): one
 * student's certificate and a finished bulk run's file. The API decides whose they are; a refusal
 * comes back as the same plain-text download answer everywhere.
 */

const positiveId = (raw: string | undefined) => {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id >= 1 ? id : null;
};

/** …/certificate/<student>?level=level1: the student's certificate PDF, streamed from the API. */
export async function certificateDownload({ request, context, params }: LoaderFunctionArgs, permission: Permission) {
  const { api } = await auth.requirePage(request, context, permission);
  const studentId = positiveId(params.student);
  const raw = new URL(request.url).searchParams.get("level");
  const level = CERTIFICATE_LEVELS.find((l) => l === raw) as CertificateLevel | undefined;
  if (!studentId || !level) return refusedDownload("There is no such certificate.", 404);
  const { response, error } = await api.GET("/api/certificate/{student_id}", {
    params: { path: { student_id: studentId }, query: { level } },
    parseAs: "stream",
  });
  if (!response.ok || !response.body) {
    return refusedDownload(messageOf(error, "There is no such certificate."), response.status === 401 ? 401 : 404);
  }
  return streamDownload(response);
}

/** …/certificates/<job>: a finished bulk run's PDF or zip, for whoever started it. */
export async function bulkCertificatesDownload(
  { request, context, params }: LoaderFunctionArgs,
  permission: Permission,
) {
  const { api } = await auth.requirePage(request, context, permission);
  const jobId = positiveId(params.job);
  if (!jobId) return refusedDownload("There is no such file.", 404);
  const { response, error } = await api.GET("/api/certificates/bulk/{job_id}/file", {
    params: { path: { job_id: jobId } },
    parseAs: "stream",
  });
  if (response.status === 409) return refusedDownload(messageOf(error, "The certificates are not ready yet."), 409);
  if (response.status === 410)
    return refusedDownload(messageOf(error, "This file was removed. Make the certificates again."), 410);
  if (!response.ok || !response.body) return refusedDownload("There is no such file.", 404);
  return streamDownload(response);
}
