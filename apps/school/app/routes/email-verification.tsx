import { resendAction } from "../verify-email/verify-email.server";

/** The e-mail banner's "Send the link again" (POST): a resource route. */
export { resendAction as action };
