import { findRole, inGroup, ROLE_GROUPS } from "@repo/auth/roles";
import { type Assignment, normalUsername, type UserRecord } from "@repo/contracts/auth";
import type { DbOrTx } from "@repo/db";
import { assignments, districts, prants, schools, states, students, users, zones } from "@repo/db/schema";
import { count, eq, sql } from "drizzle-orm";
import type { ApiConfig } from "../../context";
import { notFound } from "../../kernel/http/errors";

export async function loadAssignments(db: DbOrTx, userId: number): Promise<Assignment[]> {
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

export async function currentUserRecord(db: DbOrTx, userId: number, config: ApiConfig): Promise<UserRecord> {
  // Every signed-in page asks for this record: the referral count rides in the user's query and the
  // assignments come alongside it, two round trips to the database at once instead of three in turn.
  const [[row], assignments] = await Promise.all([
    db
      .select({
        user: users,
        zoneCode: zones.code,
        schoolActive: schools.isActive,
        schoolCategory: schools.categoryId,
        schoolName: schools.name,
        schoolEmail: schools.email,
        schoolEmailVerifiedAt: schools.emailVerifiedAt,
        referred: sql<number>`(select count(*) from ${students} where ${students.referredBySchoolId} = ${users.schoolId})::int`,
      })
      .from(users)
      .leftJoin(zones, eq(zones.id, users.zoneId))
      .leftJoin(schools, eq(schools.id, users.schoolId))
      .where(eq(users.id, userId))
      .limit(1),
    loadAssignments(db, userId),
  ]);
  if (!row) throw notFound("User");
  const { user, referred } = row;
  // A school account's active flag is its school's (the school account switch flips the school).
  const ownSchool = user.schoolId !== null && inGroup(ROLE_GROUPS.singleSchools, user.roleId);
  const active = ownSchool ? row.schoolActive : user.isActive;
  const photo = photoUrl(user.profilePhoto);
  // A school account goes by its school's name; anyone else (a student of a school) by its own.
  const displayName = user.fullName || (ownSchool ? row.schoolName : null) || user.name;
  return {
    id: user.id,
    role_id: user.roleId,
    role_name: findRole(user.roleId)?.name ?? "Unknown role",
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
    must_change_password: user.mustChangePassword,
    user_detail: {
      name: displayName,
      profile_photo: photo,
      school_category_id: row.schoolCategory,
      school_name: row.schoolName,
      referred_student: referred,
      assignments,
      // With the user record, so the app's shell can say "verify your address" in its first render.
      school_email:
        ownSchool && row.schoolEmail !== null
          ? { address: row.schoolEmail, verified: row.schoolEmailVerifiedAt !== null }
          : null,
    },
  };
}

/** Students who registered with a school's referral code (its bank-detail page opens above a threshold). */
export async function countReferredStudents(db: DbOrTx, schoolId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(students).where(eq(students.referredBySchoolId, schoolId));
  return Number(row?.n ?? 0);
}

/** Finds a user by username regardless of case. */
/** The user of a username in any spelling that has its normal form (`normalUsername`, decision 048). */
export async function findUserByUsername(db: DbOrTx, username: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${normalUsername(username)}`)
    .limit(1);
  return user;
}
