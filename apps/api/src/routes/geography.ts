import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { envelope } from "@repo/contracts/envelope";
import {
  cityBody,
  districtBody,
  type GeographyLevel,
  prantBody,
  regionListBody,
  regionPickBody,
  stateBody,
  zoneBody,
} from "@repo/contracts/geography";
import { paginated } from "@repo/contracts/pagination";
import { SCHOOL_BOARDS } from "@repo/contracts/schools";
import { queryRows } from "@repo/db";
import { sql } from "drizzle-orm";
import { signedIn } from "../auth/middleware";
import type { AppEnv } from "../context";
import { apiRoute, errorResponse } from "../http/routes";
import { optionalJson, validated } from "../http/validation";
import { capitalise, getRegion, listRegions, pickRegions } from "../services/geography";
import { createRegion, deleteRegion, type RegionBody, updateRegion } from "../services/geography-write";
import { regionScopeFor } from "../services/scope";
import { idParam, json, messageOnly } from "./schemas";

const regionItem = z
  .object({
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
  })
  .openapi("RegionItem");

const regionPage = envelope(paginated(regionItem)).openapi("RegionPage");
const regionList = envelope(z.array(regionItem)).openapi("RegionList");
const regionOne = envelope(regionItem).openapi("RegionResponse");

const BODIES: Record<GeographyLevel, z.ZodType> = {
  zone: zoneBody,
  state: stateBody,
  prant: prantBody,
  district: districtBody,
  city: cityBody,
};
const LEVELS: GeographyLevel[] = ["zone", "state", "prant", "district", "city"];

function scopeOf(c: { var: AppEnv["Variables"] }) {
  const auth = signedIn(c);
  return regionScopeFor(c.var.services.database.db, auth);
}

function actorOf(c: { var: AppEnv["Variables"] }) {
  return { userId: signedIn(c).userId, requestId: c.var.requestId };
}

function registerLevel(app: OpenAPIHono<AppEnv>, level: GeographyLevel) {
  const Label = capitalise(level);
  const body = BODIES[level];
  const tags = ["Geography"];

  app.openapi(
    apiRoute("regions.read", {
      method: "post",
      path: `/api/fetch${Label}WithPagination`,
      tags,
      summary: `Page through ${level} records`,
      description:
        "Paging (page, per_page ≤ 100), search by name and the region filters; coordinators see only their region.",
      request: { body: { content: { "application/json": { schema: regionListBody } }, required: false } },
      responses: { 200: json(regionPage, `A page of ${level} records`) },
    }),
    async (c) => {
      const filters = validated(regionListBody, await optionalJson(c.req));
      const page = await listRegions(c.var.services.database.db, level, filters, await scopeOf(c));
      return c.json({ status: true, message: "OK", data: page }, 200);
    },
  );

  app.openapi(
    apiRoute("regions.read", {
      method: "post",
      path: `/api/fetch${Label}`,
      tags,
      summary: `All ${level} records matching the filters (for pickers)`,
      description: "Unpaginated, at most 2,000 records: narrow with the parent filters or search.",
      request: { body: { content: { "application/json": { schema: regionPickBody } }, required: false } },
      responses: { 200: json(regionList, `The ${level} records`) },
    }),
    async (c) => {
      const filters = validated(regionPickBody, await optionalJson(c.req));
      const items = await pickRegions(c.var.services.database.db, level, filters, await scopeOf(c));
      return c.json({ status: true, message: "OK", data: items }, 200);
    },
  );

  const collection = `/api/${level}`;
  const member = `/api/${level}/{id}`;

  app.openapi(
    apiRoute("regions.read", {
      method: "get",
      path: collection,
      tags,
      summary: `List ${level} records (first page of fetch${Label}WithPagination)`,
      request: {
        query: z.object({
          page: z.string().optional(),
          per_page: z.string().optional(),
          search: z.string().optional(),
        }),
      },
      responses: { 200: json(regionPage, `A page of ${level} records`) },
    }),
    async (c) => {
      const filters = validated(regionListBody, c.req.valid("query"));
      const page = await listRegions(c.var.services.database.db, level, filters, await scopeOf(c));
      return c.json({ status: true, message: "OK", data: page }, 200);
    },
  );

  app.openapi(
    apiRoute("regions.read", {
      method: "get",
      path: member,
      tags,
      summary: `One ${level}`,
      request: { params: idParam },
      responses: { 200: json(regionOne, `The ${level}`), 404: errorResponse(`No such ${level} in your region`) },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const item = await getRegion(c.var.services.database.db, level, id, await scopeOf(c));
      return c.json({ status: true, message: "OK", data: item }, 200);
    },
  );

  app.openapi(
    apiRoute("regions.manage", {
      method: "post",
      path: collection,
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
      const id = await createRegion(db, level, c.req.valid("json") as RegionBody, actorOf(c));
      const item = await getRegion(db, level, id, { all: true });
      return c.json({ status: true, message: `${Label} created successfully`, data: item }, 200);
    },
  );

  app.openapi(
    apiRoute("regions.manage", {
      method: "post",
      path: member,
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
      await updateRegion(db, level, id, c.req.valid("json") as RegionBody, actorOf(c));
      const item = await getRegion(db, level, id, { all: true });
      return c.json({ status: true, message: `${Label} updated successfully`, data: item }, 200);
    },
  );

  app.openapi(
    apiRoute("regions.manage", {
      method: "delete",
      path: member,
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
      return c.json({ status: true, message: `${Label} deleted successfully`, data: null }, 200);
    },
  );
}

export function registerGeographyRoutes(app: OpenAPIHono<AppEnv>) {
  for (const level of LEVELS) registerLevel(app, level);

  app.openapi(
    apiRoute("regions.manage", {
      method: "post",
      path: "/api/city-delete",
      tags: ["Geography"],
      summary: "Delete a city (form-style alias of DELETE /api/city/{id})",
      request: {
        body: {
          content: { "application/json": { schema: z.strictObject({ id: z.number().int().positive() }) } },
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
      return c.json({ status: true, message: "City deleted successfully", data: null }, 200);
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
    (c) => c.json({ status: true, message: "OK", data: SCHOOL_BOARDS.map((b) => ({ ...b })) }, 200),
  );

  app.openapi(
    apiRoute("public", {
      method: "get",
      path: "/api/fetch/countries",
      tags: ["Geography"],
      summary: "Countries (public: used by registration forms)",
      responses: {
        200: json(
          envelope(z.array(z.object({ id: z.number().int(), name: z.string(), code: z.string() }))).openapi(
            "CountryList",
          ),
          "The countries",
        ),
      },
    }),
    async (c) => {
      const rows = await queryRows<{ id: number; name: string; code: string }>(
        c.var.services.database.db,
        sql`select id, name, code from countries order by id`,
      );
      return c.json({ status: true, message: "OK", data: rows.map((r) => ({ ...r, id: Number(r.id) })) }, 200);
    },
  );

  app.openapi(
    apiRoute("public", {
      method: "get",
      path: "/api/fetch/states",
      tags: ["Geography"],
      summary: "States and union territories, optionally of one zone (public: used by registration forms)",
      request: { query: z.object({ zone_id: z.coerce.number<unknown>().int().positive().optional() }) },
      responses: { 200: json(regionList, "The states") },
    }),
    async (c) => {
      const { zone_id } = c.req.valid("query");
      const items = await pickRegions(c.var.services.database.db, "state", { zone_id }, { all: true });
      return c.json({ status: true, message: "OK", data: items }, 200);
    },
  );

  const leaf = z.object({ id: z.number().int(), name: z.string() });
  const districtNode = leaf.extend({ children: z.array(leaf).optional() });
  const prantNode = leaf.extend({ children: z.array(districtNode) });
  const stateNode = leaf.extend({ children: z.array(prantNode) });
  app.openapi(
    apiRoute("regions.read", {
      method: "get",
      path: "/api/fetch/regions",
      tags: ["Geography"],
      summary: "Zones with their number of states",
      responses: { 200: json(regionList, "The zones") },
    }),
    async (c) => {
      const page = await listRegions(
        c.var.services.database.db,
        "zone",
        {
          page: 1,
          per_page: 100,
          search: undefined,
          zone_id: undefined,
          state_ids: undefined,
          prant_ids: undefined,
          district_ids: undefined,
        },
        await scopeOf(c),
      );
      return c.json({ status: true, message: "OK", data: page.items }, 200);
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
        200: json(
          envelope(
            z.object({ id: z.number().int(), name: z.string(), code: z.string(), children: z.array(stateNode) }),
          ).openapi("RegionTree"),
          "The zone's tree",
        ),
        404: errorResponse("No such zone in your region"),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const withCities = ["true", "1"].includes(c.req.valid("query").city ?? "");
      const db = c.var.services.database.db;
      const scope = await scopeOf(c);
      const zone = await getRegion(db, "zone", id, scope);
      const pick = (level: GeographyLevel) => pickRegions(db, level, { zone_id: id }, scope);
      const [stateRows, prantRows, districtRows, cityRows] = await Promise.all([
        pick("state"),
        pick("prant"),
        pick("district"),
        withCities ? pick("city") : Promise.resolve([]),
      ]);
      const node = (r: { id: number; name: string }) => ({ id: r.id, name: r.name });
      const tree = stateRows.map((s) => ({
        ...node(s),
        children: prantRows
          .filter((p) => p.state_id === s.id)
          .map((p) => ({
            ...node(p),
            children: districtRows
              .filter((d) => d.prant_id === p.id)
              .map((d) => ({
                ...node(d),
                ...(withCities ? { children: cityRows.filter((ci) => ci.district_id === d.id).map(node) } : {}),
              })),
          })),
      }));
      return c.json(
        { status: true, message: "OK", data: { id: zone.id, name: zone.name, code: zone.code ?? "", children: tree } },
        200,
      );
    },
  );
}
