import { z } from "zod";
import type { GeographyLevel } from "./geography-constants";
import { idField, wholeNumber } from "./ids";
import { ID_MAX } from "./ids-constants";
import { pageField, perPageField, searchField } from "./pagination";

/** An optional list of positive ids (a multi-select filter). */
export const idList = (name: string) =>
  z
    .array(
      wholeNumber(
        z
          .number()
          .int(`${name} must hold whole numbers`)
          .positive(`${name} must hold ids`)
          .max(ID_MAX, `${name} must hold ids`),
      ),
      {
        error: `${name} must be a list of ids`,
      },
    )
    .max(500, `${name} can hold at most 500 ids`)
    .optional();

/** The name of a node of the regions tree (shared by the API and the region dialogs). */
export const regionNameField = (level: string) =>
  z
    .string({ error: `name is required` })
    .trim()
    .min(2, `The ${level} name must be at least 2 characters`)
    .max(100, `The ${level} name can be at most 100 characters`);

const parentId = (field: string, level: string) => idField(field, `${field} must be the id of a ${level}`);

/** Body of fetchXWithPagination: paging, search and the region filters. */
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

/** Query of GET /api/{level}: a page of one level, searched; other keys are ignored, as the list screens send them. */
export const regionListQuery = z.object({ page: pageField, per_page: perPageField, search: searchField });
export type RegionListQuery = z.infer<typeof regionListQuery>;

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

/** The create/update body of each level. */
export const REGION_BODIES = {
  zone: zoneBody,
  state: stateBody,
  prant: prantBody,
  district: districtBody,
  city: cityBody,
} as const;
export type RegionBodies = { [L in GeographyLevel]: z.infer<(typeof REGION_BODIES)[L]> };
export type RegionBody = RegionBodies[GeographyLevel];

/**
 * The body a level's create/update form carries, read from the form's fields (named as the body's
 * fields). An empty optional picker means "none", so a zone's empty country is null.
 */
export function regionBodyFromForm(level: GeographyLevel, read: (field: string) => unknown): Record<string, unknown> {
  const fields = Object.keys(REGION_BODIES[level].shape);
  const raw: Record<string, unknown> = Object.fromEntries(fields.map((field) => [field, read(field) ?? undefined]));
  if (level === "zone" && !raw.country_id) raw.country_id = null;
  return raw;
}

/** One row of any regions list: the node, its parent chain and how many children and schools it has. */
export const regionItem = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string().optional(),
  country_id: z.number().int().nullable().optional(),
  country_name: z.string().nullable().optional(),
  zone_id: z.number().int().optional(),
  zone_name: z.string().optional(),
  state_id: z.number().int().optional(),
  state_name: z.string().optional(),
  prant_id: z.number().int().optional(),
  prant_name: z.string().optional(),
  district_id: z.number().int().optional(),
  district_name: z.string().optional(),
  children_count: z.number().int().optional(),
  schools_count: z.number().int().optional(),
});
export type RegionItem = z.infer<typeof regionItem>;

/** A country, as registration forms list them. */
export const countryItem = z.object({ id: z.number().int(), name: z.string(), code: z.string() });
export type CountryItem = z.infer<typeof countryItem>;
