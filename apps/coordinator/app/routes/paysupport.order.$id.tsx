import { orderDetailLoader } from "../pay-support/pay-support.server";

/** One order as JSON for the pay-support order dialog (a resource route: no page). */
export { orderDetailLoader as loader };
