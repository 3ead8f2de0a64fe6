/**
 * How large a request body the API reads (docs/decisions/027-limits-that-fit-schools.md). Every
 * route has a limit: this default for JSON, or its upload's own file limit plus room for the
 * multipart framing and the form's other fields. Larger bodies answer 413 before they are read.
 */

/** A JSON body: the largest legitimate ones (rich text, a translated question) stay well below. */
export const REQUEST_BODY_MAX_BYTES = 1024 * 1024;

/** Room around an uploaded file for the multipart boundaries and the form's text fields. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
