import { readerFileLoader } from "../study-material/study-material.server";

/** An item's PDF for readers, opened or (download=1) saved (a resource route: no page). */
export { readerFileLoader as loader };
