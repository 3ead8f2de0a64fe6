import { admitCardsFileLoader } from "../printouts/printouts.server";

/** A finished admit-cards run's PDF (a resource route: no page). */
export { admitCardsFileLoader as loader };
