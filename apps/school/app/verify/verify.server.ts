import { data, type LoaderFunctionArgs } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import { auth } from "@repo/remix-app/auth.server";
import { messageOf } from "@repo/remix-app/downloads/server";

/** What the public check shows: the certificate's own words, as the API answers them. */
export type Verification = components["schemas"]["CertificateVerification"];

export type VerifyState =
  | { outcome: "valid"; code: string; certificate: Verification }
  /** A withdrawn certificate (decision 060): when, why, and what it printed. */
  | { outcome: "withdrawn"; code: string; certificate: Verification }
  | { outcome: "invalid"; code: string; message: string }
  | { outcome: "unavailable"; code: string; message: string };

/** The code as printed under a QR code: letters and digits, in capitals; anything else cannot be one. */
const cleanCode = (raw: string | undefined) => (raw ?? "").trim().toUpperCase();
const looksLikeCode = (code: string) => /^[A-Z0-9]{6,32}$/.test(code);

const NOT_FOUND =
  "No certificate has this code. Check that the address was typed exactly as printed under the QR code.";

/**
 * /verify/{code} (public: the address in every certificate's QR code). Asks the API without a
 * sign-in; an unknown code answers 404 and a withdrawn one 410 with when it was withdrawn, so that
 * the page is never mistaken for a valid one.
 */
export async function verifyLoader({ request, context, params }: LoaderFunctionArgs) {
  const code = cleanCode(params.code);
  if (!looksLikeCode(code)) return data<VerifyState>({ outcome: "invalid", code, message: NOT_FOUND }, 404);
  const {
    data: answer,
    error,
    response,
  } = await auth.apiFor(request, context).GET("/api/certificate/verify/{code}", { params: { path: { code } } });
  if (answer?.data.status === "withdrawn") {
    // 410: the code was a certificate's, and is no longer valid.
    return data<VerifyState>({ outcome: "withdrawn", code, certificate: answer.data }, 410);
  }
  if (answer) return data<VerifyState>({ outcome: "valid", code, certificate: answer.data });
  if (response.status === 404) return data<VerifyState>({ outcome: "invalid", code, message: NOT_FOUND }, 404);
  return data<VerifyState>(
    {
      outcome: "unavailable",
      code,
      message: messageOf(error, "The certificate could not be checked just now. Please try again in a few minutes."),
    },
    503,
  );
}
