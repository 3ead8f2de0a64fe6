import type { CityBody, DistrictBody, GeographyLevel, PrantBody, StateBody, ZoneBody } from "@repo/contracts/geography";
import type { Db } from "@repo/db";
import { queryRows } from "@repo/db";
import { sql } from "drizzle-orm";
import { ApiError, invalidField } from "../http/errors";
import { recordActivity } from "./activity";
import { capitalise, pgCode } from "./geography";

export type RegionBody = ZoneBody | StateBody | PrantBody | DistrictBody | CityBody;

interface WriteSpec {
  table: string;
  label: string;
  /** The body field naming the parent, its table and label. */
  parent: { field: "zone_id" | "state_id" | "prant_id" | "district_id"; table: string; label: string } | null;
  /** What refuses a delete: child tables and schools/assignments pointing at the node. */
  dependents: { table: string; column: string; label: string }[];
}

const SPECS: Record<GeographyLevel, WriteSpec> = {
  zone: {
    table: "zones",
    label: "zone",
    parent: null,
    dependents: [
      { table: "states", column: "zone_id", label: "states" },
      { table: "schools", column: "zone_id", label: "schools" },
      { table: "coordinator_assignments", column: "zone_id", label: "coordinator assignments" },
      { table: "users", column: "zone_id", label: "users" },
    ],
  },
  state: {
    table: "states",
    label: "state",
    parent: { field: "zone_id", table: "zones", label: "zone" },
    dependents: [
      { table: "prants", column: "state_id", label: "prants" },
      { table: "schools", column: "state_id", label: "schools" },
      { table: "coordinator_assignments", column: "state_id", label: "coordinator assignments" },
    ],
  },
  prant: {
    table: "prants",
    label: "prant",
    parent: { field: "state_id", table: "states", label: "state" },
    dependents: [
      { table: "districts", column: "prant_id", label: "districts" },
      { table: "schools", column: "prant_id", label: "schools" },
      { table: "coordinator_assignments", column: "prant_id", label: "coordinator assignments" },
    ],
  },
  district: {
    table: "districts",
    label: "district",
    parent: { field: "prant_id", table: "prants", label: "prant" },
    dependents: [
      { table: "cities", column: "district_id", label: "cities" },
      { table: "schools", column: "district_id", label: "schools" },
      { table: "coordinator_assignments", column: "district_id", label: "coordinator assignments" },
    ],
  },
  city: {
    table: "cities",
    label: "city",
    parent: { field: "district_id", table: "districts", label: "district" },
    dependents: [{ table: "schools", column: "city_id", label: "schools" }],
  },
};

async function exists(db: Db, table: string, id: number): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(db, sql`select 1 as one from ${sql.raw(table)} where id = ${id}`);
  return rows.length > 0;
}

function columnsOf(level: GeographyLevel, body: RegionBody): Record<string, unknown> {
  const values: Record<string, unknown> = { name: body.name };
  if (level === "zone") {
    const zone = body as ZoneBody;
    values.code = zone.code;
    values.country_id = zone.country_id ?? null;
  }
  if (level === "state") values.country_id = (body as StateBody).country_id;
  const parent = SPECS[level].parent;
  if (parent) values[parent.field] = (body as Record<string, unknown>)[parent.field];
  return values;
}

async function checkReferences(db: Db, level: GeographyLevel, body: RegionBody) {
  const parent = SPECS[level].parent;
  if (parent) {
    const parentId = (body as Record<string, unknown>)[parent.field] as number;
    if (!(await exists(db, parent.table, parentId))) {
      throw invalidField(
        parent.field,
        `There is no ${parent.label} with id ${parentId}. Pick an existing ${parent.label}.`,
      );
    }
  }
  const countryId =
    level === "state" ? (body as StateBody).country_id : level === "zone" ? (body as ZoneBody).country_id : null;
  if (countryId != null && !(await exists(db, "countries", countryId))) {
    throw invalidField("country_id", `There is no country with id ${countryId}. Pick an existing country.`);
  }
}

function duplicate(level: GeographyLevel, body: RegionBody): ApiError {
  const spec = SPECS[level];
  const where = spec.parent ? ` in this ${spec.parent.label}` : "";
  if (level === "zone") {
    return new ApiError(409, `A zone named "${body.name}" or with code "${(body as ZoneBody).code}" already exists.`, [
      { field: "name", message: "Zone names and codes must be unique" },
    ]);
  }
  return new ApiError(409, `A ${spec.label} named "${body.name}" already exists${where}.`, [
    { field: "name", message: `Choose a name not used by another ${spec.label}${where}` },
  ]);
}

/**
 * After a node moves to another parent, the schools and students below it get their copied
 * ancestor ids (zone … district) re-derived from the tree.
 */
async function realign(db: Db, level: GeographyLevel, id: number) {
  if (level === "zone") return;
  const moved = sql`sc.${sql.raw(`${level}_id`)} = ${id}`;
  // From the moved level upwards, each school's ancestor is read from the level below it.
  const steps = [
    {
      from: "city",
      sql: sql`update schools sc set district_id = c.district_id from cities c where c.id = sc.city_id and ${moved}`,
    },
    {
      from: "district",
      sql: sql`update schools sc set prant_id = d.prant_id from districts d where d.id = sc.district_id and ${moved}`,
    },
    {
      from: "prant",
      sql: sql`update schools sc set state_id = p.state_id from prants p where p.id = sc.prant_id and ${moved}`,
    },
    {
      from: "state",
      sql: sql`update schools sc set zone_id = s.zone_id from states s where s.id = sc.state_id and ${moved}`,
    },
  ];
  const order: GeographyLevel[] = ["city", "district", "prant", "state"];
  for (const step of steps.slice(order.indexOf(level))) await db.execute(step.sql);
  await db.execute(sql`
    update students st set zone_id = sc.zone_id, state_id = sc.state_id, prant_id = sc.prant_id, district_id = sc.district_id
    from schools sc
    where st.school_id = sc.id and ${moved}`);
}

export async function createRegion(
  db: Db,
  level: GeographyLevel,
  body: RegionBody,
  actor: { userId: number; requestId: string },
) {
  await checkReferences(db, level, body);
  const values = columnsOf(level, body);
  const names = Object.keys(values);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await queryRows<{ id: number }>(
        tx as unknown as Db,
        sql`insert into ${sql.raw(SPECS[level].table)} (${sql.raw(names.join(", "))})
            values (${sql.join(
              names.map((n) => sql`${values[n]}`),
              sql`, `,
            )}) returning id`,
      );
      const id = Number(row?.id);
      await recordActivity(tx as unknown as Db, {
        userId: actor.userId,
        action: `${level}.create`,
        entity: SPECS[level].table,
        entityId: id,
        after: values,
        requestId: actor.requestId,
      });
      return id;
    });
  } catch (error) {
    if (pgCode(error) === "23505") throw duplicate(level, body);
    throw error;
  }
}

export async function updateRegion(
  db: Db,
  level: GeographyLevel,
  id: number,
  body: RegionBody,
  actor: { userId: number; requestId: string },
) {
  const spec = SPECS[level];
  const [before] = await queryRows<Record<string, unknown>>(
    db,
    sql`select * from ${sql.raw(spec.table)} where id = ${id}`,
  );
  if (!before) throw new ApiError(404, `${capitalise(spec.label)} not found`);
  await checkReferences(db, level, body);
  const values = columnsOf(level, body);
  const parentMoved = spec.parent ? before[spec.parent.field] !== values[spec.parent.field] : false;
  try {
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      await t.execute(
        sql`update ${sql.raw(spec.table)} set ${sql.join(
          Object.entries(values).map(([column, value]) => sql`${sql.raw(column)} = ${value}`),
          sql`, `,
        )}, updated_at = now() where id = ${id}`,
      );
      if (parentMoved) await realign(t, level, id);
      await recordActivity(t, {
        userId: actor.userId,
        action: `${level}.update`,
        entity: spec.table,
        entityId: id,
        before,
        after: values,
        requestId: actor.requestId,
      });
    });
  } catch (error) {
    if (pgCode(error) === "23505") throw duplicate(level, body);
    throw error;
  }
}

export async function deleteRegion(
  db: Db,
  level: GeographyLevel,
  id: number,
  actor: { userId: number; requestId: string },
) {
  const spec = SPECS[level];
  const [before] = await queryRows<Record<string, unknown>>(
    db,
    sql`select * from ${sql.raw(spec.table)} where id = ${id}`,
  );
  if (!before) throw new ApiError(404, `${capitalise(spec.label)} not found`);
  const blocking: string[] = [];
  for (const dependent of spec.dependents) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.raw(dependent.table)} where ${sql.raw(dependent.column)} = ${id}`,
    );
    const n = Number(row?.n ?? 0);
    if (n > 0)
      blocking.push(`${n} ${n === 1 ? dependent.label.replace(/ies$/, "y").replace(/s$/, "") : dependent.label}`);
  }
  const refuse = () =>
    new ApiError(
      409,
      `The ${spec.label} "${String(before.name)}" cannot be deleted: ${blocking.join(", ") || "other records"} still belong to it. Move or delete them first.`,
    );
  if (blocking.length > 0) throw refuse();
  try {
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      await t.execute(sql`delete from ${sql.raw(spec.table)} where id = ${id}`);
      await recordActivity(t, {
        userId: actor.userId,
        action: `${level}.delete`,
        entity: spec.table,
        entityId: id,
        before,
        requestId: actor.requestId,
      });
    });
  } catch (error) {
    // Something started pointing at the node between the check and the delete.
    if (pgCode(error) === "23503") throw refuse();
    throw error;
  }
}
