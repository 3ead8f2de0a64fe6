import { slipsAction } from "../printouts/printouts.server";

/** Sign-in slips as a PDF download, for one student or a class (a resource route: no page). */
export { slipsAction as action };
