import { COORDINATOR_EXPORT_KINDS } from "./domains/accounts/coordinator-exports";
import { CONTENT_EXPORT_KINDS } from "./domains/content/content-exports";
import { REGION_EXPORT_KINDS } from "./domains/dashboards/region-exports";
import { INSTITUTE_EXPORT_KINDS } from "./domains/institutes/institute-exports";
import { SIF_EXPORT_KINDS } from "./domains/institutes/sif-exports";
import { PAYMENT_EXPORT_KINDS } from "./domains/payments/payment-exports";
import { REFERRAL_EXPORT_KINDS } from "./domains/referrals/referral-exports";
import { CERTIFICATE_EXPORT_KINDS } from "./domains/results/certificate-exports";
import { RESULT_LIST_EXPORT_KINDS } from "./domains/results/list-exports";
import { RESULT_WINNER_EXPORT_KINDS } from "./domains/results/winner-exports";
import { STUDENT_EXPORT_KINDS } from "./domains/students/student-exports";
import type { ExportRegistry } from "./kernel/exports/kinds";

/**
 * Every exportable list, by the kind in the path of POST /api/export/{kind}: each domain declares
 * its lists' kinds beside its queries, and this is the one place that puts them together, so the
 * export engine (kernel/exports) imports no domain. Add a domain's kinds here and its screens can
 * export them.
 */
export const EXPORT_KINDS: ExportRegistry = {
  ...STUDENT_EXPORT_KINDS,
  ...SIF_EXPORT_KINDS,
  ...CONTENT_EXPORT_KINDS,
  ...REFERRAL_EXPORT_KINDS,
  ...INSTITUTE_EXPORT_KINDS,
  ...PAYMENT_EXPORT_KINDS,
  ...COORDINATOR_EXPORT_KINDS,
  ...REGION_EXPORT_KINDS,
  ...CERTIFICATE_EXPORT_KINDS,
  ...RESULT_LIST_EXPORT_KINDS,
  ...RESULT_WINNER_EXPORT_KINDS,
};
