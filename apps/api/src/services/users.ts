import { getRole } from "@repo/auth/roles";
import type { Db } from "@repo/db";
import { assignments, districts, prants, schools, states, students, users, zones } from "@repo/db/schema";
import { count, eq, sql } from "drizzle-orm";
import type { ApiConfig } from "../context";
import { notFound } from "../http/errors";

export type AssignmentLevel = "zone" | "state" | "prant" | "district";

export interface AssignmentRecord {
  id: number;
  level: AssignmentLevel;
  coordinatable_id: number;
  coordinatable_name: string;
}

/** The logged-in user record of spec §3, as GET /api/user answers it. */
export interface UserRecord {
  id: number;
  role_id: number;
  role_name: string;
  username: string;
  email: string;
  name: string;
  profile_photo: string | null;
  profile: { full_name: string | null; designation: string | null; team: string | null };
  company_logo: string | null;
  is_active: 0 | 1;
  zone: string | null;
  country_id: number | null;
  mobile: string | null;
  mobile_verified: boolean;
  user_detail: {
    name: string;
    profile_photo: string | null;
    school_category_id: number | null;
    referred_student: number;
    assignments: AssignmentRecord[];
  };
}

export async function loadAssignments(db: Db, userId: number): Promise<AssignmentRecord[]> {
  const rows = await db
    .select({
      id: assignments.id,
      zoneId: assignments.zoneId,
      stateId: assignments.stateId,
      prantId: assignments.prantId,
      districtId: assignments.districtId,
      zoneName: zones.name,
      stateName: states.name,
      prantName: prants.name,
      districtName: districts.name,
    })
    .from(assignments)
    .leftJoin(zones, eq(zones.id, assignments.zoneId))
    .leftJoin(states, eq(states.id, assignments.stateId))
    .leftJoin(prants, eq(prants.id, assignments.prantId))
    .leftJoin(districts, eq(districts.id, assignments.districtId))
    .where(eq(assignments.userId, userId))
    .orderBy(assignments.id);
  return rows.map((row) => {
    if (row.zoneId)
      return { id: row.id, level: "zone", coordinatable_id: row.zoneId, coordinatable_name: row.zoneName ?? "" };
    if (row.stateId)
      return { id: row.id, level: "state", coordinatable_id: row.stateId, coordinatable_name: row.stateName ?? "" };
    if (row.prantId)
      return { id: row.id, level: "prant", coordinatable_id: row.prantId, coordinatable_name: row.prantName ?? "" };
    return {
      id: row.id,
      level: "district",
      coordinatable_id: row.districtId ?? 0,
      coordinatable_name: row.districtName ?? "",
    };
  });
}

/**
 * Where the API serves a user's photo. `v` is the stored file's name (it changes with every
 * upload, so browsers refetch) and ends in the image's extension, which clients check.
 */
export function photoUrl(key: string | null): string | null {
  if (!key) return null;
  return `/api/user/photo?v=${encodeURIComponent(key.split("/").pop() ?? "photo")}`;
}

export async function currentUserRecord(db: Db, userId: number, config: ApiConfig): Promise<UserRecord> {
  const [row] = await db
    .select({
      user: users,
      zoneCode: zones.code,
      schoolActive: schools.isActive,
      schoolCategory: schools.categoryId,
      schoolName: schools.name,
    })
    .from(users)
    .leftJoin(zones, eq(zones.id, users.zoneId))
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound("User");
  const { user } = row;
  const referred =
    user.schoolId !== null
      ? Number(
          (await db.select({ n: count() }).from(students).where(eq(students.referredBySchoolId, user.schoolId)))[0]
            ?.n ?? 0,
        )
      : 0;
  // A school account's active flag is its school's (the toggle of spec §4 flips the school).
  const active = user.schoolId !== null && (user.roleId === 2 || user.roleId === 18) ? row.schoolActive : user.isActive;
  const photo = photoUrl(user.profilePhoto);
  const displayName = user.fullName || row.schoolName || user.name;
  return {
    id: user.id,
    role_id: user.roleId,
    role_name: getRole(user.roleId as Parameters<typeof getRole>[0]).name,
    username: user.username,
    email: user.email,
    name: user.name,
    profile_photo: photo,
    profile: { full_name: user.fullName, designation: user.designation, team: user.team },
    company_logo: config.companyLogoUrl,
    is_active: active ? 1 : 0,
    zone: row.zoneCode,
    country_id: user.countryId,
    mobile: user.mobile,
    mobile_verified: user.mobileVerified,
    user_detail: {
      name: displayName,
      profile_photo: photo,
      school_category_id: row.schoolCategory,
      referred_student: referred,
      assignments: await loadAssignments(db, user.id),
    },
  };
}

/** Finds a user by username regardless of case. */
export async function findUserByUsername(db: Db, username: string) {
  const [user] = await db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`).limit(1);
  return user;
}
