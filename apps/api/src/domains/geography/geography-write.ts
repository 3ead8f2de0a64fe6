import type { RegionBodies, RegionBody, StateBody, ZoneBody } from "@repo/contracts/geography";
import { type GeographyLevel, REGION_LEVELS } from "@repo/contracts/geography-constants";
import { type Db, type DbOrTx, queryRows } from "@repo/db";
import {
  assignments,
  cities,
  countries,
  districts,
  prants,
  schools,
  states,
  students,
  users,
  zones,
} from "@repo/db/schema";
import { count, eq, getTableName, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { type Actor, recordActivity } from "../../kernel/activity";
import { ApiError, invalidField, notFound } from "../../kernel/http/errors";
import { PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION, pgCode } from "../../kernel/sql";
import { schoolColumnOf } from "./geography";

type RegionTable = typeof zones | typeof states | typeof prants | typeof districts | typeof cities;

const TABLES: Record<GeographyLevel, RegionTable> = {
  zone: zones,
  state: states,
  prant: prants,
  district: districts,
  city: cities,
};

/** What refuses a delete: children, schools, coordinator assignments and users pointing at the node. */
const DEPENDENTS: Record<GeographyLevel, { column: PgColumn; label: string }[]> = {
  zone: [
    { column: states.zoneId, label: "states" },
    { column: schools.zoneId, label: "schools" },
    { column: assignments.zoneId, label: "coordinator assignments" },
    { column: users.zoneId, label: "users" },
  ],
  state: [
    { column: prants.stateId, label: "prants" },
    { column: schools.stateId, label: "schools" },
    { column: assignments.stateId, label: "coordinator assignments" },
  ],
  prant: [
    { column: districts.prantId, label: "districts" },
    { column: schools.prantId, label: "schools" },
    { column: assignments.prantId, label: "coordinator assignments" },
  ],
  district: [
    { column: cities.districtId, label: "cities" },
    { column: schools.districtId, label: "schools" },
    { column: assignments.districtId, label: "coordinator assignments" },
  ],
  city: [{ column: schools.cityId, label: "schools" }],
};

/** The columns a body writes, by their database names (the activity log keeps them so). */
function columnsOf(level: GeographyLevel, body: RegionBody): Record<string, unknown> {
  const values: Record<string, unknown> = { name: body.name };
  if (level === "zone") {
    const zone = body as ZoneBody;
    values.code = zone.code;
    values.country_id = zone.country_id ?? null;
  }
  if (level === "state") values.country_id = (body as StateBody).country_id;
  const parent = REGION_LEVELS[level].parent;
  if (parent) values[parent.field] = (body as Record<string, unknown>)[parent.field];
  return values;
}

async function exists(db: DbOrTx, table: RegionTable | typeof countries, id: number): Promise<boolean> {
  const rows = await db.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
  return rows.length > 0;
}

async function checkReferences(db: DbOrTx, level: GeographyLevel, body: RegionBody) {
  const parent = REGION_LEVELS[level].parent;
  if (parent) {
    const parentId = (body as Record<string, unknown>)[parent.field] as number;
    if (!(await exists(db, TABLES[parent.level], parentId))) {
      throw invalidField(
        parent.field,
        `There is no ${parent.level} with id ${parentId}. Pick an existing ${parent.level}.`,
      );
    }
  }
  const countryId =
    level === "state" ? (body as StateBody).country_id : level === "zone" ? (body as ZoneBody).country_id : null;
  if (countryId != null && !(await exists(db, countries, countryId))) {
    throw invalidField("country_id", `There is no country with id ${countryId}. Pick an existing country.`);
  }
}

function duplicate(level: GeographyLevel, body: RegionBody): ApiError {
  const parent = REGION_LEVELS[level].parent;
  const where = parent ? ` in this ${parent.level}` : "";
  if (level === "zone") {
    return new ApiError(409, `A zone named "${body.name}" or with code "${(body as ZoneBody).code}" already exists.`, [
      { field: "name", message: "Zone names and codes must be unique" },
    ]);
  }
  return new ApiError(409, `A ${level} named "${body.name}" already exists${where}.`, [
    { field: "name", message: `Choose a name not used by another ${level}${where}` },
  ]);
}

/** The node as stored (database column names), or 404. */
async function storedRow(db: DbOrTx, level: GeographyLevel, id: number) {
  const [row] = await queryRows<Record<string, unknown>>(db, sql`select * from ${TABLES[level]} where id = ${id}`);
  if (!row) throw notFound(REGION_LEVELS[level].label);
  return row;
}

const columnList = (names: string[]) =>
  sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  );

/**
 * After a node moves to another parent, the schools and students below it get their copied
 * ancestor ids (zone … district) re-derived from the tree.
 */
async function realign(db: DbOrTx, level: GeographyLevel, id: number) {
  if (level === "zone") return;
  const moved = sql`sc.${sql.identifier(schoolColumnOf(level).name)} = ${id}`;
  // From the moved level upwards, each school's ancestor is read from the level below it.
  const steps: { from: GeographyLevel; statement: SQL }[] = [
    {
      from: "city",
      statement: sql`update ${schools} sc set district_id = c.district_id from ${cities} c where c.id = sc.city_id and ${moved}`,
    },
    {
      from: "district",
      statement: sql`update ${schools} sc set prant_id = d.prant_id from ${districts} d where d.id = sc.district_id and ${moved}`,
    },
    {
      from: "prant",
      statement: sql`update ${schools} sc set state_id = p.state_id from ${prants} p where p.id = sc.prant_id and ${moved}`,
    },
    {
      from: "state",
      statement: sql`update ${schools} sc set zone_id = s.zone_id from ${states} s where s.id = sc.state_id and ${moved}`,
    },
  ];
  for (const step of steps.slice(steps.findIndex((s) => s.from === level))) await db.execute(step.statement);
  await db.execute(sql`
    update ${students} st set zone_id = sc.zone_id, state_id = sc.state_id, prant_id = sc.prant_id, district_id = sc.district_id
    from ${schools} sc
    where st.school_id = sc.id and ${moved}`);
}

export async function createRegion<L extends GeographyLevel>(db: Db, level: L, body: RegionBodies[L], actor: Actor) {
  await checkReferences(db, level, body);
  const values = columnsOf(level, body);
  const names = Object.keys(values);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`insert into ${TABLES[level]} (${columnList(names)})
            values (${sql.join(
              names.map((n) => sql`${values[n]}`),
              sql`, `,
            )}) returning id`,
      );
      const id = Number(row?.id);
      await recordActivity(tx, {
        userId: actor.userId,
        action: `${level}.create`,
        entity: getTableName(TABLES[level]),
        entityId: id,
        after: values,
        requestId: actor.requestId,
      });
      return id;
    });
  } catch (error) {
    if (pgCode(error) === PG_UNIQUE_VIOLATION) throw duplicate(level, body);
    throw error;
  }
}

export async function updateRegion<L extends GeographyLevel>(
  db: Db,
  level: L,
  id: number,
  body: RegionBodies[L],
  actor: Actor,
) {
  const before = await storedRow(db, level, id);
  await checkReferences(db, level, body);
  const values = columnsOf(level, body);
  const parent = REGION_LEVELS[level].parent;
  const parentMoved = parent ? before[parent.field] !== values[parent.field] : false;
  try {
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`update ${TABLES[level]} set ${sql.join(
          Object.entries(values).map(([column, value]) => sql`${sql.identifier(column)} = ${value}`),
          sql`, `,
        )}, updated_at = now() where id = ${id}`,
      );
      if (parentMoved) await realign(tx, level, id);
      await recordActivity(tx, {
        userId: actor.userId,
        action: `${level}.update`,
        entity: getTableName(TABLES[level]),
        entityId: id,
        before,
        after: values,
        requestId: actor.requestId,
      });
    });
  } catch (error) {
    if (pgCode(error) === PG_UNIQUE_VIOLATION) throw duplicate(level, body);
    throw error;
  }
}

export async function deleteRegion(db: Db, level: GeographyLevel, id: number, actor: Actor) {
  const before = await storedRow(db, level, id);
  const blocking: string[] = [];
  for (const dependent of DEPENDENTS[level]) {
    const [row] = await db.select({ n: count() }).from(dependent.column.table).where(eq(dependent.column, id));
    const n = Number(row?.n ?? 0);
    if (n > 0)
      blocking.push(`${n} ${n === 1 ? dependent.label.replace(/ies$/, "y").replace(/s$/, "") : dependent.label}`);
  }
  const refuse = () =>
    new ApiError(
      409,
      `The ${level} "${String(before.name)}" cannot be deleted: ${blocking.join(", ") || "other records"} still belong to it. Move or delete them first.`,
    );
  if (blocking.length > 0) throw refuse();
  try {
    await db.transaction(async (tx) => {
      await tx.delete(TABLES[level]).where(eq(TABLES[level].id, id));
      await recordActivity(tx, {
        userId: actor.userId,
        action: `${level}.delete`,
        entity: getTableName(TABLES[level]),
        entityId: id,
        before,
        requestId: actor.requestId,
      });
    });
  } catch (error) {
    // Something started pointing at the node between the check and the delete.
    if (pgCode(error) === PG_FOREIGN_KEY_VIOLATION) throw refuse();
    throw error;
  }
}
