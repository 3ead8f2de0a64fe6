import { z } from "zod";
import { pageField, perPageField, searchField } from "./pagination";

export const GEOGRAPHY_LEVELS = ["zone", "state", "prant", "district", "city"] as const;
export type GeographyLevel = (typeof GEOGRAPHY_LEVELS)[number];

const idList = (name: string) =>
  z
    .array(z.coerce.number<unknown>().int(`${name} must hold whole numbers`).positive(`${name} must hold ids`), {
      error: `${name} must be a list of ids`,
    })
    .max(500, `${name} can hold at most 500 ids`)
    .optional();

/** The name of a node of the regions tree (shared by the API and the region dialogs). */
export const regionNameField = (level: string) =>
  z
    .string({ error: `name is required` })
    .trim()
    .min(2, `The ${level} name must be at least 2 characters`)
    .max(100, `The ${level} name can be at most 100 characters`);

const parentId = (field: string, level: string) =>
  z.coerce
    .number<unknown>({ error: `${field} must be the id of a ${level}` })
    .int(`${field} must be the id of a ${level}`)
    .positive(`${field} must be the id of a ${level}`);

/** Body of fetchXWithPagination: paging, search and the region filters of spec §3. */
export const regionListBody = z.strictObject({
  page: pageField,
  per_page: perPageField,
  search: searchField,
  zone_id: parentId("zone_id", "zone").optional(),
  state_ids: idList("state_ids"),
  prant_ids: idList("prant_ids"),
  district_ids: idList("district_ids"),
});
export type RegionListBody = z.infer<typeof regionListBody>;

/** Body of the unpaginated fetchX pickers: optional parent filters. */
export const regionPickBody = z.strictObject({
  zone_id: parentId("zone_id", "zone").optional(),
  state_ids: idList("state_ids"),
  prant_ids: idList("prant_ids"),
  district_ids: idList("district_ids"),
  search: searchField,
});
export type RegionPickBody = z.infer<typeof regionPickBody>;

/** A zone's short code, e.g. W or GCC. */
export const zoneCodeField = z
  .string({ error: "code is required" })
  .trim()
  .min(1, "code is required")
  .max(10, "code can be at most 10 characters")
  .regex(/^[A-Z0-9-]+$/, "code may contain only capital letters, digits and -");

export const zoneBody = z.strictObject({
  name: regionNameField("zone"),
  code: zoneCodeField,
  country_id: parentId("country_id", "country").nullable().optional(),
});
export const stateBody = z.strictObject({
  name: regionNameField("state"),
  zone_id: parentId("zone_id", "zone"),
  country_id: parentId("country_id", "country"),
});
export const prantBody = z.strictObject({ name: regionNameField("prant"), state_id: parentId("state_id", "state") });
export const districtBody = z.strictObject({
  name: regionNameField("district"),
  prant_id: parentId("prant_id", "prant"),
});
export const cityBody = z.strictObject({
  name: regionNameField("city"),
  district_id: parentId("district_id", "district"),
});

export type ZoneBody = z.infer<typeof zoneBody>;
export type StateBody = z.infer<typeof stateBody>;
export type PrantBody = z.infer<typeof prantBody>;
export type DistrictBody = z.infer<typeof districtBody>;
export type CityBody = z.infer<typeof cityBody>;

/** Body of POST /api/coordinators: the coordinator list with paging, search and region filters. */
export const coordinatorListBody = regionListBody.extend({
  role_id: z.coerce
    .number<unknown>({ error: "role_id must be 8, 9, 10 or 11" })
    .int("role_id must be 8, 9, 10 or 11")
    .min(8, "role_id must be 8, 9, 10 or 11")
    .max(11, "role_id must be 8, 9, 10 or 11")
    .optional(),
  is_active: z.boolean({ error: "is_active must be true or false" }).optional(),
});
export type CoordinatorListBody = z.infer<typeof coordinatorListBody>;
