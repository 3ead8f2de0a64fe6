/** The event-loop pacer lives with the database client, whose loops pace too (decisions 046, 047). */
export { EVENT_LOOP_SLICE_MS, pacer } from "@repo/db";
