import { emailStatusLoader, resendAction } from "../verify-email/verify-email.server";

/** The e-mail banner's status (GET) and its "Send the link again" (POST): a resource route. */
export { emailStatusLoader as loader, resendAction as action };
