import { isApiUnavailable, unavailable } from "@repo/auth/remix/unavailable";

/**
 * What a loader throws when the API did not give it the record it asked for: "back in a moment"
 * (503) when the API or the proxy in front of it could not answer (5xx), else 404 with `message`.
 * A school whose payment result page said "not found" while an API instance restarted gave up on
 * a paid order (issue 38's rehearsal).
 */
export const missingOrUnavailable = (answer: { response: Response }, message: string): Response =>
  isApiUnavailable(answer.response) ? unavailable() : new Response(message, { status: 404 });
