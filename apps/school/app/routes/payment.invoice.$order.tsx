import { invoiceLoader } from "../payment-history/payment-history.server";

/** A paid order's invoice PDF (a resource route: no page). */
export { invoiceLoader as loader };
