import { getRole, inGroup, mailableRoles, mayMailAnyAddress, ROLE, ROLE_GROUPS, type RoleId } from "@repo/auth/roles";
import type { MailAudience } from "@repo/contracts/mail";
import { MAIL_LIST_MAX } from "@repo/contracts/mail-constants";
import { countOf } from "@repo/contracts/plural";
import { type DbOrTx, queryRows } from "@repo/db";
import { assignments, districts, prants, schools, states, students, users, zones } from "@repo/db/schema";
import { type SQL, sql } from "drizzle-orm";
import { ApiError } from "../../kernel/http/errors";
import { idsIn } from "../../kernel/sql";
import { storableIds } from "./inputs";
import { addressProblem } from "./queue";

/**
 * Who an audience is (docs/domain.md, Who may do what; Region scoping). The outbox and admins may
 * mail anyone, and pasted lists; a coordinator mails school accounts and coordinators below its
 * own level, and schools, always inside its own region: its filters are intersected with the
 * nodes it is assigned to. Recipients are de-duplicated by lower-cased address; invalid
 * addresses are listed with the reason and left out.
 */

export interface Sender {
  userId: number;
  roleId: number;
}

export interface Recipient {
  email: string;
  name: string;
}

export interface ResolvedAudience {
  recipients: Recipient[];
  /** At most MAIL_LIST_MAX of them (every one of a pasted list); `invalidTotal` counts all. */
  invalid: { address: string; reason: string }[];
  invalidTotal: number;
}

/** The nodes a coordinator is assigned to; null for senders no region limits. */
interface OwnedRegion {
  zones: number[];
  states: number[];
  prants: number[];
  districts: number[];
}

type RegionFilters = Pick<
  Extract<MailAudience, { kind: "roles" }>,
  "zone_id" | "state_ids" | "prant_ids" | "district_ids"
>;

/** 403 when the sender may not mail this audience, naming what and why. */
export function checkAudienceAllowed(audience: MailAudience, sender: Sender): void {
  if (audience.kind === "list" && !mayMailAnyAddress(sender.roleId)) {
    const message =
      "Only admins and the outbox can mail pasted addresses. Choose roles or schools of your region instead.";
    throw new ApiError(403, message, [{ field: "audience.kind", message }]);
  }
  if (audience.kind === "roles") {
    const allowed = new Set<number>(mailableRoles(sender.roleId));
    const refused = [...new Set(audience.role_ids)].filter((id) => !allowed.has(id));
    if (refused.length > 0) {
      const names = refused.map((id) => getRole(id as RoleId).name).join(", ");
      const message = inGroup(ROLE_GROUPS.coordinators, sender.roleId)
        ? `You cannot mail ${names}: a coordinator mails school accounts and coordinators of the levels below its own.`
        : `You cannot mail ${names}.`;
      throw new ApiError(403, message, [{ field: "audience.role_ids", message }]);
    }
  }
}

async function ownedRegion(db: DbOrTx, sender: Sender): Promise<OwnedRegion | null> {
  if (!inGroup(ROLE_GROUPS.coordinators, sender.roleId)) return null;
  const rows = await queryRows<{
    zone_id: number | null;
    state_id: number | null;
    prant_id: number | null;
    district_id: number | null;
  }>(db, sql`select zone_id, state_id, prant_id, district_id from ${assignments} where user_id = ${sender.userId}`);
  const pick = (key: keyof (typeof rows)[number]) =>
    rows
      .map((row) => row[key])
      .filter((id): id is number => id !== null)
      .map(Number);
  return { zones: pick("zone_id"), states: pick("state_id"), prants: pick("prant_id"), districts: pick("district_id") };
}

interface RegionColumns {
  zone: SQL;
  state: SQL;
  prant: SQL;
  district: SQL;
}

const hasFilters = (filters: RegionFilters) =>
  filters.zone_id !== undefined ||
  Boolean(filters.state_ids?.length) ||
  Boolean(filters.prant_ids?.length) ||
  Boolean(filters.district_ids?.length);

/** The audience's region filters AND the sender's own region, on a place's columns. */
function regionConditions(columns: RegionColumns, filters: RegionFilters, owned: OwnedRegion | null): SQL[] {
  const where: SQL[] = [];
  // Ids beyond the integer columns match nothing (an empty list is `false`).
  if (filters.zone_id !== undefined) where.push(idsIn(columns.zone, storableIds([filters.zone_id])));
  if (filters.state_ids?.length) where.push(idsIn(columns.state, storableIds(filters.state_ids)));
  if (filters.prant_ids?.length) where.push(idsIn(columns.prant, storableIds(filters.prant_ids)));
  if (filters.district_ids?.length) where.push(idsIn(columns.district, storableIds(filters.district_ids)));
  if (owned) {
    where.push(sql`(${idsIn(columns.zone, owned.zones)} or ${idsIn(columns.state, owned.states)}
      or ${idsIn(columns.prant, owned.prants)} or ${idsIn(columns.district, owned.districts)})`);
  }
  return where;
}

const and = (parts: SQL[]) => (parts.length ? sql.join(parts, sql` and `) : sql`true`);

const SCHOOL_COLUMNS: RegionColumns = {
  zone: sql`s.zone_id`,
  state: sql`s.state_id`,
  prant: sql`s.prant_id`,
  district: sql`s.district_id`,
};

/** Each coordinator assignment's node with its ancestry (zone … district), aliased pl. */
const placedAssignments = sql`
  select a.user_id,
    coalesce(a.zone_id, s.zone_id, ps.zone_id, dps.zone_id) as zone_id,
    coalesce(a.state_id, p.state_id, dp.state_id) as state_id,
    coalesce(a.prant_id, d.prant_id) as prant_id,
    a.district_id
  from ${assignments} a
  left join ${states} s on s.id = a.state_id
  left join ${prants} p on p.id = a.prant_id
  left join ${states} ps on ps.id = p.state_id
  left join ${districts} d on d.id = a.district_id
  left join ${prants} dp on dp.id = d.prant_id
  left join ${states} dps on dps.id = dp.state_id`;

const PLACED_COLUMNS: RegionColumns = {
  zone: sql`pl.zone_id`,
  state: sql`pl.state_id`,
  prant: sql`pl.prant_id`,
  district: sql`pl.district_id`,
};

/** SELECT email, name of everyone in a roles audience (before validation and de-duplication). */
function rolesQuery(audience: Extract<MailAudience, { kind: "roles" }>, owned: OwnedRegion | null): SQL {
  const ids = [...new Set(audience.role_ids)];
  const coordinatorRoles = ids.filter((id) => inGroup(ROLE_GROUPS.coordinators, id));
  const schoolRoles = ids.filter((id) => inGroup(ROLE_GROUPS.singleSchools, id));
  const masterRoles: number[] = ids.filter((id) => id === ROLE.masterInstitute);
  const otherRoles = ids.filter(
    (id) => !coordinatorRoles.includes(id) && !schoolRoles.includes(id) && !masterRoles.includes(id),
  );
  const regional = hasFilters(audience) || owned !== null;
  const parts: SQL[] = [];
  if (coordinatorRoles.length) {
    // Coordinators are where their assignments are.
    const placed = regional
      ? sql` and exists (select 1 from (${placedAssignments}) pl where pl.user_id = u.id and ${and(
          regionConditions(PLACED_COLUMNS, audience, owned),
        )})`
      : sql``;
    parts.push(
      sql`select u.email, u.name from ${users} u where u.is_active and ${idsIn(sql`u.role_id`, coordinatorRoles)}${placed}`,
    );
  }
  if (schoolRoles.length) {
    // A school or institute account is where its school is (and is active when its school is).
    parts.push(
      sql`select u.email, u.name from ${users} u join ${schools} s on s.id = u.school_id
          where u.is_active and s.is_active and ${idsIn(sql`u.role_id`, schoolRoles)}
            and ${and(regionConditions(SCHOOL_COLUMNS, audience, owned))}`,
    );
  }
  if (masterRoles.length) {
    // A master institute is wherever one of its schools is.
    const placed = regional
      ? sql` and exists (select 1 from ${schools} s where s.master_institute_id = u.master_institute_id and ${and(
          regionConditions(SCHOOL_COLUMNS, audience, owned),
        )})`
      : sql``;
    parts.push(
      sql`select u.email, u.name from ${users} u where u.is_active and ${idsIn(sql`u.role_id`, masterRoles)}${placed}`,
    );
  }
  if (otherRoles.length) {
    // Everyone else has no place in the tree: region filters do not apply to them.
    parts.push(sql`select u.email, u.name from ${users} u where u.is_active and ${idsIn(sql`u.role_id`, otherRoles)}`);
  }
  return sql.join(parts, sql` union all `);
}

/** SELECT email, name of the schools of a schools audience, at their contact address. */
function schoolsQuery(audience: Extract<MailAudience, { kind: "schools" }>, owned: OwnedRegion | null): SQL {
  const where = [sql`s.is_active`, ...regionConditions(SCHOOL_COLUMNS, audience, owned)];
  const paid = sql`exists (select 1 from ${students} st where st.school_id = s.id and st.payment_status = 'paid')`;
  if (audience.payment === "paid") where.push(paid);
  if (audience.payment === "unpaid") {
    where.push(sql`exists (select 1 from ${students} st where st.school_id = s.id) and not ${paid}`);
  }
  return sql`select s.email, s.name from ${schools} s where ${and(where)}`;
}

/** "Name <address>" or a bare address, as pasted. */
function pasted(entry: string): { address: string; name: string | null } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^<>]*)>\s*$/.exec(entry);
  if (match) return { address: match[2] ?? "", name: match[1]?.trim() || null };
  return { address: entry.trim(), name: null };
}

/**
 * Everyone the audience reaches, valid and de-duplicated (the first of a duplicate wins), in a
 * stable order, plus the refused addresses with the reason. Throws 403 for an audience the sender
 * may not mail and 400 for a pasted address holding a line break (a header injection).
 */
export async function resolveAudience(db: DbOrTx, audience: MailAudience, sender: Sender): Promise<ResolvedAudience> {
  checkAudienceAllowed(audience, sender);
  let candidates: { email: string; name: string | null }[];
  if (audience.kind === "list") {
    candidates = audience.addresses.map((entry, i) => {
      if (/[\r\n]/.test(entry)) {
        const message = "An address must be one line: line breaks are not allowed";
        throw new ApiError(400, `audience.addresses.${i}: ${message}`, [{ field: `audience.addresses.${i}`, message }]);
      }
      const { address, name } = pasted(entry);
      return { email: address, name };
    });
  } else {
    const owned = await ownedRegion(db, sender);
    const query = audience.kind === "roles" ? rolesQuery(audience, owned) : schoolsQuery(audience, owned);
    candidates = await queryRows<{ email: string; name: string }>(
      db,
      sql`select x.email, x.name from (${query}) x order by lower(x.email), x.name`,
    );
  }
  const seen = new Set<string>();
  const recipients: Recipient[] = [];
  const invalid: ResolvedAudience["invalid"] = [];
  let invalidTotal = 0;
  for (const candidate of candidates) {
    const address = (candidate.email ?? "").trim();
    const problem = addressProblem(address);
    if (problem) {
      invalidTotal++;
      if (invalid.length < MAIL_LIST_MAX) invalid.push({ address: candidate.email ?? "", reason: problem });
      continue;
    }
    const key = address.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    recipients.push({ email: address, name: (candidate.name ?? "").replace(/[\r\n]+/g, " ").trim() || address });
  }
  return { recipients, invalid, invalidTotal };
}

// ── The audience in words ──────────────────────────────────────────────────────────────────────

const PLURAL: Partial<Record<number, string>> = {
  [ROLE.student]: "Students",
  [ROLE.school]: "Schools",
  [ROLE.admin]: "Admins",
  [ROLE.lms]: "LMS staff",
  [ROLE.paySupport]: "Pay Support staff",
  [ROLE.subAdmin]: "Sub Admins",
  [ROLE.organizationTeam]: "Organization Team members",
  [ROLE.zonalCoordinator]: "Zonal Coordinators",
  [ROLE.stateCoordinator]: "State Coordinators",
  [ROLE.prantCoordinator]: "Prant Coordinators",
  [ROLE.districtCoordinator]: "District Coordinators",
  [ROLE.outbox]: "Outbox staff",
  [ROLE.papersetterAdmin]: "Papersetter Admins",
  [ROLE.papersetterSubAdmin]: "Papersetter Sub Admins",
  [ROLE.subjectPanel]: "Subject Panel members",
  [ROLE.translator]: "Translator Panel members",
  [ROLE.masterInstitute]: "Master Institutes",
  [ROLE.institute]: "Institutes",
};

/** "A", "A and B", "A, B and C". */
function listInWords(items: string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

async function namesOf(
  db: DbOrTx,
  table: typeof zones | typeof states | typeof prants | typeof districts,
  requested: number[],
) {
  const ids = storableIds(requested);
  if (ids.length === 0) return [];
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select name from ${table} where ${idsIn(sql`id`, ids)} order by lower(name)`,
  );
  return rows.map((row) => row.name);
}

/** Where the audience is: its narrowest filter, else the coordinator's own region, else nowhere in particular. */
async function regionInWords(db: DbOrTx, filters: RegionFilters, sender: Sender): Promise<string> {
  let names: string[] = [];
  if (filters.district_ids?.length) names = await namesOf(db, districts, filters.district_ids);
  else if (filters.prant_ids?.length) names = await namesOf(db, prants, filters.prant_ids);
  else if (filters.state_ids?.length) names = await namesOf(db, states, filters.state_ids);
  else if (filters.zone_id !== undefined) names = await namesOf(db, zones, [filters.zone_id]);
  else {
    const owned = await ownedRegion(db, sender);
    if (owned) {
      names = [
        ...(await namesOf(db, zones, owned.zones)),
        ...(await namesOf(db, states, owned.states)),
        ...(await namesOf(db, prants, owned.prants)),
        ...(await namesOf(db, districts, owned.districts)),
      ];
    }
  }
  return names.length ? ` in ${names.join(", ")}` : "";
}

/** The audience in a sentence: "State Coordinators in West Zone", "12 pasted addresses". */
export async function describeAudience(db: DbOrTx, audience: MailAudience, sender: Sender): Promise<string> {
  if (audience.kind === "list") {
    const n = audience.addresses.length;
    return `${countOf(n, { one: "pasted address", other: "pasted addresses" })}`;
  }
  const region = await regionInWords(db, audience, sender);
  if (audience.kind === "schools") {
    const who = { any: "Schools", paid: "Paid schools", unpaid: "Unpaid schools" }[audience.payment];
    return `${who}${region}`;
  }
  const roles = [...new Set(audience.role_ids)].sort((a, b) => a - b);
  return `${listInWords(roles.map((id) => PLURAL[id] ?? getRole(id as RoleId).name))}${region}`;
}
