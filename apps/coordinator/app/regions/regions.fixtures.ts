import { ROLE } from "@repo/auth/roles";
import { envelope, signedInAs, userRecord } from "@repo/remix-app/testing";
import type { RegionRow } from "./regions.server";

/**
 * The regions pages' data as the API answers it, for their server test and the States page's
 * route test: each fact about it is written here once, typed by the generated client.
 */

export const admin = userRecord({ role_id: ROLE.admin, role_name: "Admin", username: "admin", zone: null });

/** The zone West and the state Maharashtra in it, as the pickers offer them. */
export const west: RegionRow = { id: 4, name: "West" };
export const maharashtra: RegionRow = { id: 3, name: "Maharashtra" };

/** A state of West in India, with 3 prants and 1,250 schools unless told. */
export const stateRow = (id: number, name: string, overrides: Partial<RegionRow> = {}): RegionRow => ({
  id,
  name,
  zone_id: west.id,
  zone_name: west.name,
  country_id: 1,
  country_name: "India",
  children_count: 3,
  schools_count: 1250,
  ...overrides,
});

/** A page of a regions list (`total` across its pages). */
export const page = (items: RegionRow[], total = items.length) =>
  envelope({ items, page: 1, per_page: 10, total, last_page: 1 });

/** What the States page asks the API, answered: Maharashtra and Goa (no schools), the countries, the zones. */
export const statesPageAnswers = () => ({
  "GET /api/user": signedInAs(admin),
  "POST /api/fetchStateWithPagination": {
    body: page([stateRow(maharashtra.id, maharashtra.name), stateRow(5, "Goa", { schools_count: 0 })]),
  },
  "GET /api/fetch/countries": { body: envelope([{ id: 1, name: "India" }]) },
  "POST /api/fetchZone": { body: envelope([west]) },
});
