import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { envelope } from "@repo/contracts/envelope";
import {
  countryItem,
  REGION_BODIES,
  regionItem,
  regionListBody,
  regionListQuery,
  regionPickBody,
} from "@repo/contracts/geography";
import {
  GEOGRAPHY_LEVELS,
  type GeographyLevel,
  PICK_LIMIT,
  REGION_LEVELS,
  regionPaths,
} from "@repo/contracts/geography-constants";
import { ID_RANGE_MESSAGE, wholeNumber } from "@repo/contracts/ids";
import { ID_MAX } from "@repo/contracts/ids-constants";
import { paginated } from "@repo/contracts/pagination";
import { SCHOOL_BOARDS } from "@repo/contracts/schools-constants";
import type { AppEnv } from "../../context";
import { actorOf, signedIn } from "../../kernel/auth/middleware";
import { ok } from "../../kernel/http/envelope";
import { apiRoute, errorResponse } from "../../kernel/http/routes";
import { idParam, json, messageOnly, named } from "../../kernel/http/schemas";
import { getRegion, listCountries, listRegions, pickRegions, regionTree } from "./geography";
import { createRegion, deleteRegion, updateRegion } from "./geography-write";
import { ALL_REGIONS, regionScopeFor } from "./scope";

const namedRegionItem = named(regionItem, "RegionItem");
const regionPage = envelope(paginated(namedRegionItem)).openapi("RegionPage");
const regionList = envelope(z.array(namedRegionItem)).openapi("RegionList");
const regionOne = envelope(namedRegionItem).openapi("RegionResponse");

const leaf = z.object({ id: z.number().int(), name: z.string() });
const districtNode = leaf.extend({ children: z.array(leaf).optional() });
const prantNode = leaf.extend({ children: z.array(districtNode) });
const stateNode = leaf.extend({ children: z.array(prantNode) });
const regionTreeResponse = envelope(
  z.object({ id: z.number().int(), name: z.string(), code: z.string(), children: z.array(stateNode) }),
).openapi("RegionTree");

/** The caller's part of the tree (docs/domain.md, "Region scoping"). */
function scopeOf(c: { var: AppEnv["Variables"] }) {
  return regionScopeFor(c.var.services.database.db, signedIn(c));
}

function registerLevel(app: OpenAPIHono<AppEnv>, level: GeographyLevel) {
  const { label } = REGION_LEVELS[level];
  const paths = regionPaths(level);
  const body = REGION_BODIES[level];
  const tags = ["Geography"];

  app.openapi(
    apiRoute("regions.read", {
      method: "post",
      path: paths.page,
      tags,
      summary: `Page through ${level} records`,
      description:
        "Paging (page, per_page ≤ 100), search by name and the region filters; coordinators see only their region.",
      request: { body: { content: { "application/json": { schema: regionListBody } }, required: false } },
      responses: { 200: json(regionPage, `A page of ${level} records`) },
    }),
    async (c) => {
      const filters = c.req.valid("json");
      return ok(c, await listRegions(c.var.services.database.db, level, filters, await scopeOf(c)));
    },
  );

  app.openapi(
    apiRoute("regions.read", {
      method: "post",
      path: paths.pick,
      tags,
      summary: `All ${level} records matching the filters (for pickers)`,
      description: `Unpaginated, at most ${PICK_LIMIT.toLocaleString("en")} records: narrow with the parent filters or search.`,
      request: { body: { content: { "application/json": { schema: regionPickBody } }, required: false } },
      responses: { 200: json(regionList, `The ${level} records`) },
    }),
    async (c) => {
      const filters = c.req.valid("json");
      return ok(c, await pickRegions(c.var.services.database.db, level, filters, await scopeOf(c)));
    },
  );

  app.openapi(
    apiRoute("regions.read", {
      method: "get",
      path: paths.collection,
      tags,
      summary: `List ${level} records (first page of fetch${label}WithPagination)`,
      request: { query: regionListQuery },
      responses: { 200: json(regionPage, `A page of ${level} records`) },
    }),
    async (c) => {
      const filters = c.req.valid("query");
      return ok(c, await listRegions(c.var.services.database.db, level, filters, await scopeOf(c)));
    },
  );

  app.openapi(
    apiRoute("regions.read", {
      method: "get",
      path: paths.member,
      tags,
      summary: `One ${level}`,
      request: { params: idParam },
      responses: { 200: json(regionOne, `The ${level}`), 404: errorResponse(`No such ${level} in your region`) },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      return ok(c, await getRegion(c.var.services.database.db, level, id, await scopeOf(c)));
    },
  );

  app.openapi(
    apiRoute("regions.manage", {
      method: "post",
      path: paths.collection,
      tags,
      summary: `Create a ${level}`,
      request: { body: { content: { "application/json": { schema: body } }, required: true } },
      responses: {
        200: json(regionOne, `The new ${level}`),
        409: errorResponse(`A ${level} with that name already exists${level === "zone" ? "" : " in the parent"}`),
        422: errorResponse("The parent does not exist"),
      },
    }),
    async (c) => {
      const db = c.var.services.database.db;
      const id = await createRegion(db, level, c.req.valid("json"), actorOf(c));
      return ok(c, await getRegion(db, level, id, ALL_REGIONS), `${label} created successfully`);
    },
  );

  app.openapi(
    apiRoute("regions.manage", {
      method: "post",
      path: paths.member,
      tags,
      summary: `Update a ${level}`,
      description: "Moving a node to another parent moves the schools and students below it with it.",
      request: { params: idParam, body: { content: { "application/json": { schema: body } }, required: true } },
      responses: {
        200: json(regionOne, `The updated ${level}`),
        404: errorResponse(`No such ${level}`),
        409: errorResponse(`Another ${level} already has that name`),
        422: errorResponse("The parent does not exist"),
      },
    }),
    async (c) => {
      const db = c.var.services.database.db;
      const { id } = c.req.valid("param");
      await updateRegion(db, level, id, c.req.valid("json"), actorOf(c));
      return ok(c, await getRegion(db, level, id, ALL_REGIONS), `${label} updated successfully`);
    },
  );

  app.openapi(
    apiRoute("regions.manage", {
      method: "delete",
      path: paths.member,
      tags,
      summary: `Delete a ${level}`,
      request: { params: idParam },
      responses: {
        200: json(messageOnly, "Deleted"),
        404: errorResponse(`No such ${level}`),
        409: errorResponse("Records still belong to it; the message says which"),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      await deleteRegion(c.var.services.database.db, level, id, actorOf(c));
      return ok(c, null, `${label} deleted successfully`);
    },
  );
}

export function registerGeographyRoutes(app: OpenAPIHono<AppEnv>) {
  for (const level of GEOGRAPHY_LEVELS) registerLevel(app, level);

  app.openapi(
    apiRoute("regions.manage", {
      method: "post",
      path: "/api/city-delete",
      tags: ["Geography"],
      summary: "Delete a city (form-style alias of DELETE /api/city/{id})",
      request: {
        body: {
          content: {
            "application/json": {
              schema: z.strictObject({ id: z.number().int().positive().max(ID_MAX, ID_RANGE_MESSAGE) }),
            },
          },
          required: true,
        },
      },
      responses: {
        200: json(messageOnly, "Deleted"),
        404: errorResponse("No such city"),
        409: errorResponse("Schools still belong to it"),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("json");
      await deleteRegion(c.var.services.database.db, "city", id, actorOf(c));
      return ok(c, null, "City deleted successfully");
    },
  );

  app.openapi(
    apiRoute("regions.read", {
      method: "post",
      path: "/api/fetchSubBoard",
      tags: ["Geography"],
      summary: "School boards a school can belong to",
      responses: {
        200: json(
          envelope(z.array(z.object({ id: z.number().int(), name: z.string() }))).openapi("BoardList"),
          "The boards",
        ),
      },
    }),
    (c) =>
      ok(
        c,
        SCHOOL_BOARDS.map((board) => ({ ...board })),
      ),
  );

  app.openapi(
    apiRoute("public", {
      method: "get",
      path: "/api/fetch/countries",
      tags: ["Geography"],
      summary: "Countries (public: used by registration forms)",
      responses: { 200: json(envelope(z.array(countryItem)).openapi("CountryList"), "The countries") },
    }),
    async (c) => ok(c, await listCountries(c.var.services.database.db)),
  );

  app.openapi(
    apiRoute("public", {
      method: "get",
      path: "/api/fetch/states",
      tags: ["Geography"],
      summary: "States and union territories, optionally of one zone (public: used by registration forms)",
      request: {
        query: z.object({
          zone_id: wholeNumber(z.number().int().positive().max(ID_MAX, ID_RANGE_MESSAGE)).optional(),
        }),
      },
      responses: { 200: json(regionList, "The states") },
    }),
    async (c) => {
      const { zone_id } = c.req.valid("query");
      return ok(c, await pickRegions(c.var.services.database.db, "state", { zone_id }, ALL_REGIONS));
    },
  );

  app.openapi(
    apiRoute("regions.read", {
      method: "get",
      path: "/api/fetch/regions",
      tags: ["Geography"],
      summary: "Zones with their number of states",
      responses: { 200: json(regionList, "The zones") },
    }),
    async (c) => {
      const page = await listRegions(c.var.services.database.db, "zone", { page: 1, per_page: 100 }, await scopeOf(c));
      return ok(c, page.items);
    },
  );

  app.openapi(
    apiRoute("regions.read", {
      method: "get",
      path: "/api/fetch/regions/{id}",
      tags: ["Geography"],
      summary: "The tree below one zone: states > prants > districts (> cities with city=true)",
      request: {
        params: idParam,
        query: z.object({ city: z.enum(["true", "false", "1", "0"]).optional() }),
      },
      responses: {
        200: json(regionTreeResponse, "The zone's tree"),
        404: errorResponse("No such zone in your region"),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const withCities = ["true", "1"].includes(c.req.valid("query").city ?? "");
      return ok(c, await regionTree(c.var.services.database.db, id, withCities, await scopeOf(c)));
    },
  );
}
