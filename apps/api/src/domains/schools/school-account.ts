import { randomBytes } from "node:crypto";
import { hashPassword } from "@repo/auth/password";
import { ROLE } from "@repo/auth/roles";
import {
  pinCodeProblem,
  type SchoolAdminBody,
  type SchoolProfile,
  type SchoolProfileFields,
  type SchoolRegistrationBody,
} from "@repo/contracts/schools";
import { SCHOOL_VERIFICATION_RESENDS, SCHOOL_VERIFICATION_TTL_HOURS } from "@repo/contracts/schools-constants";
import type { Db, DbOrTx } from "@repo/db";
import {
  cities,
  countries,
  districts,
  prants,
  schoolEmailVerifications,
  schools,
  states,
  users,
  zones,
} from "@repo/db/schema";
import { and, asc, eq, exists, gt, isNull, ne, sql } from "drizzle-orm";
import type { ApiConfig } from "../../context";
import { type Actor, recordActivity } from "../../kernel/activity";
import { randomToken, sha256 } from "../../kernel/auth/tokens";
import { ApiError, notFound } from "../../kernel/http/errors";
import { enforceLimit, type Limit, limitedAttempt, perNetwork } from "../../kernel/rate-limit";
import { findUserByUsername } from "../accounts/users";
import { enqueueMail } from "../mail/index";
import { ownSchoolId } from "./ownership";

/** Registrations per client address per hour: a school registers once; an office behind one NAT a few. */
export const SCHOOL_REGISTRATIONS_PER_CLIENT: Limit = { max: 20, windowSeconds: 60 * 60 };
/** Refused registrations (a taken username or e-mail, a wrong place) per client address. */
export const SCHOOL_REGISTRATION_FAILURES_PER_CLIENT: Limit = { max: 30, windowSeconds: 15 * 60 };

export const VERIFICATION_MESSAGES = {
  unknown: "This verification link is not valid. Open the link from the latest e-mail, or sign in and send a new one.",
  used: "This verification link was already used. If your e-mail is verified you can simply sign in.",
  expired: "This verification link has expired. Sign in and send a new link.",
  replaced: "A newer verification link was sent to this address. Open the link in the latest e-mail.",
  alreadyVerified: "Your school's e-mail address is already verified.",
} as const;

export const USERNAME_TAKEN = "This username is already taken";
export const EMAIL_TAKEN = "A school with this e-mail address is already registered";

/** A referral code like VVM7K2Q9D: no 0/O or 1/I, so it can be read out over the phone. */
export function newReferralCode(): string {
  const alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
  return `VVM${Array.from(randomBytes(6), (byte) => alphabet[byte % alphabet.length]).join("")}`;
}

export const isUniqueViolation = (error: unknown): boolean => {
  const cause = (error as { cause?: { code?: string } }).cause;
  return (error as { code?: string }).code === "23505" || cause?.code === "23505";
};

type Place = Pick<SchoolAdminBody, "zone_id" | "state_id" | "prant_id" | "district_id" | "city_id">;

const wrongField = (field: string, message: string) => new ApiError(422, message, [{ field, message }]);

/** The school's PIN code against its state's country (contracts' pinCodeProblem): 422 on `pincode`. */
export function checkPinCode(pincode: string, countryCode: string | null | undefined): void {
  const problem = pinCodeProblem(pincode, countryCode);
  if (problem) throw wrongField("pincode", problem);
}

/** The country (countries.code) of a state, for the rules that differ by country. */
const stateCountry = (db: DbOrTx, stateId: number) =>
  db
    .select({ zoneId: states.zoneId, countryId: states.countryId, countryCode: countries.code })
    .from(states)
    .innerJoin(countries, eq(countries.id, states.countryId))
    .where(eq(states.id, stateId));

/**
 * Checks that the chosen regions form one path down the tree (docs/domain.md, Geography), and the
 * PIN code when one is given against the state's country; answers the state's country. A mismatch
 * names the first field that is wrong.
 */
export async function checkPlace(db: DbOrTx, place: Place, pincode?: string): Promise<{ countryId: number }> {
  const wrong = wrongField;
  const [state] = await stateCountry(db, place.state_id);
  const [zone] = await db.select({ id: zones.id }).from(zones).where(eq(zones.id, place.zone_id));
  if (!zone) throw wrong("zone_id", "Choose the zone from the list");
  if (!state || state.zoneId !== place.zone_id) throw wrong("state_id", "Choose a state of the chosen zone");
  if (place.district_id && !place.prant_id) throw wrong("prant_id", "Choose the prant of the district");
  if (place.city_id && !place.district_id) throw wrong("district_id", "Choose the district of the city");
  if (place.prant_id) {
    const [prant] = await db.select({ stateId: prants.stateId }).from(prants).where(eq(prants.id, place.prant_id));
    if (prant?.stateId !== place.state_id) throw wrong("prant_id", "Choose a prant of the chosen state");
  }
  if (place.district_id) {
    const [district] = await db
      .select({ prantId: districts.prantId })
      .from(districts)
      .where(eq(districts.id, place.district_id));
    if (district?.prantId !== place.prant_id) throw wrong("district_id", "Choose a district of the chosen prant");
  }
  if (place.city_id) {
    const [city] = await db.select({ districtId: cities.districtId }).from(cities).where(eq(cities.id, place.city_id));
    if (city?.districtId !== place.district_id) throw wrong("city_id", "Choose a city of the chosen district");
  }
  if (pincode !== undefined) checkPinCode(pincode, state.countryCode);
  return { countryId: state.countryId };
}

export async function emailTaken(db: DbOrTx, email: string, exceptSchoolId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: schools.id })
    .from(schools)
    .where(
      and(sql`lower(${schools.email}) = lower(${email})`, exceptSchoolId ? ne(schools.id, exceptSchoolId) : undefined),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Issues a fresh single-use link for a school and queues its mail, in the caller's transaction.
 * Earlier unused links stop working, so only the newest mail's link verifies.
 */
async function issueVerification(
  tx: DbOrTx,
  config: ApiConfig,
  school: { id: number; name: string; email: string },
  queuedBy: number | null,
): Promise<void> {
  const now = new Date();
  await tx
    .update(schoolEmailVerifications)
    .set({ expiresAt: now })
    .where(and(eq(schoolEmailVerifications.schoolId, school.id), isNull(schoolEmailVerifications.usedAt)));
  const token = randomToken();
  await tx.insert(schoolEmailVerifications).values({
    schoolId: school.id,
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + SCHOOL_VERIFICATION_TTL_HOURS * 3600 * 1000),
  });
  await enqueueMail(tx, {
    templateKey: "school-email-verification",
    language: "en",
    to: school.email,
    variables: {
      school_name: school.name,
      verify_url: `${config.schoolOrigin}/verify-school-email?${new URLSearchParams({ token })}`,
      expires_hours: String(SCHOOL_VERIFICATION_TTL_HOURS),
    },
    queuedBy,
  });
}

/**
 * Public registration (docs/domain.md, School registration): the school (active, e-mail not
 * verified), its role-2 account and the verification mail, all in one transaction.
 */
export function registerSchool(
  db: Db,
  config: ApiConfig,
  input: { body: SchoolRegistrationBody; clientIp: string; requestId: string },
) {
  // Successes and refusals are counted apart (decision 027): a taken username costs no registration.
  return limitedAttempt(
    db,
    {
      successes: { key: perNetwork("school-register", input.clientIp), limit: SCHOOL_REGISTRATIONS_PER_CLIENT },
      failures: {
        key: perNetwork("school-register-fail", input.clientIp),
        limit: SCHOOL_REGISTRATION_FAILURES_PER_CLIENT,
      },
      what: "registrations",
    },
    () => registerSchoolOnce(db, config, input),
  );
}

/** What a new school and its account are made of: the registration form's fields, or a master institute's form or sheet row. */
export type NewSchool = Pick<
  SchoolRegistrationBody,
  | "school_name"
  | "category_id"
  | "board_id"
  | "zone_id"
  | "state_id"
  | "prant_id"
  | "district_id"
  | "city_id"
  | "address"
  | "pincode"
  | "contact_name"
  | "contact_phone"
  | "email"
  | "username"
>;

/**
 * A new school (active, with a new referral code) and its role-2 account, inside the caller's
 * transaction: the one way a school is created (registration, a master institute's form and its
 * spreadsheet import). The caller checks the username, e-mail and place (`countryId` from
 * checkPlace) first, and mails, verifies and logs as its path needs.
 */
export async function createSchoolWithAccount(
  tx: DbOrTx,
  body: NewSchool,
  account: { passwordHash: string; countryId: number; masterInstituteId?: number },
): Promise<{ school: { id: number; name: string; email: string }; user: { id: number } }> {
  const [school] = await tx
    .insert(schools)
    .values({
      name: body.school_name,
      categoryId: body.category_id,
      boardId: body.board_id,
      isActive: true,
      zoneId: body.zone_id,
      stateId: body.state_id,
      prantId: body.prant_id ?? null,
      districtId: body.district_id ?? null,
      cityId: body.city_id ?? null,
      address: body.address,
      pincode: body.pincode,
      contactName: body.contact_name,
      contactPhone: body.contact_phone,
      email: body.email,
      masterInstituteId: account.masterInstituteId ?? null,
      referralCode: newReferralCode(),
    })
    .returning({ id: schools.id, name: schools.name, email: schools.email });
  if (!school) throw new Error("the school was not inserted");
  const [user] = await tx
    .insert(users)
    .values({
      username: body.username,
      email: body.email,
      name: body.school_name,
      roleId: ROLE.school,
      passwordHash: account.passwordHash,
      schoolId: school.id,
      zoneId: body.zone_id,
      countryId: account.countryId,
    })
    .returning({ id: users.id });
  if (!user) throw new Error("the user was not inserted");
  return { school, user };
}

async function registerSchoolOnce(
  db: Db,
  config: ApiConfig,
  input: { body: SchoolRegistrationBody; clientIp: string; requestId: string },
) {
  const { body } = input;
  if (await findUserByUsername(db, body.username)) {
    throw new ApiError(409, USERNAME_TAKEN, [{ field: "username", message: USERNAME_TAKEN }]);
  }
  if (await emailTaken(db, body.email))
    throw new ApiError(409, EMAIL_TAKEN, [{ field: "email", message: EMAIL_TAKEN }]);
  const { countryId } = await checkPlace(db, body, body.pincode);
  const passwordHash = await hashPassword(body.password);
  try {
    return await db.transaction(async (tx) => {
      // Two registrations with one e-mail at once: the second waits here and then sees the first.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(lower(${body.email})))`);
      if (await emailTaken(tx, body.email)) {
        throw new ApiError(409, EMAIL_TAKEN, [{ field: "email", message: EMAIL_TAKEN }]);
      }
      const { school, user } = await createSchoolWithAccount(tx, body, { passwordHash, countryId });
      await issueVerification(tx, config, school, null);
      await recordActivity(tx, {
        userId: user.id,
        action: "school.register",
        entity: "schools",
        entityId: school.id,
        after: { ...body, password: undefined, confirm_password: undefined, ip: input.clientIp },
        requestId: input.requestId,
      });
      return { school_id: school.id, username: body.username, email: school.email };
    });
  } catch (error) {
    // Two registrations with one username at once: the unique index decides.
    if (isUniqueViolation(error))
      throw new ApiError(409, USERNAME_TAKEN, [{ field: "username", message: USERNAME_TAKEN }]);
    throw error;
  }
}

/**
 * Redeems a verification link once. Unknown, used and expired links fail with their own
 * message; marking it used is one UPDATE, so two clicks cannot both succeed.
 */
export async function verifySchoolEmail(db: Db, token: string, requestId: string) {
  const hash = sha256(token);
  return db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .select()
      .from(schoolEmailVerifications)
      .where(eq(schoolEmailVerifications.tokenHash, hash))
      .for("update");
    if (!row) throw new ApiError(404, VERIFICATION_MESSAGES.unknown);
    if (row.usedAt) throw new ApiError(409, VERIFICATION_MESSAGES.used);
    if (row.expiresAt <= now) {
      // "Send the link again" ends the older links: say so, not "expired" (issue 35 item 9).
      const [newer] = await tx
        .select({ id: schoolEmailVerifications.id })
        .from(schoolEmailVerifications)
        .where(and(eq(schoolEmailVerifications.schoolId, row.schoolId), gt(schoolEmailVerifications.id, row.id)))
        .limit(1);
      if (newer) throw new ApiError(410, VERIFICATION_MESSAGES.replaced);
      throw new ApiError(422, VERIFICATION_MESSAGES.expired);
    }
    await tx.update(schoolEmailVerifications).set({ usedAt: now }).where(eq(schoolEmailVerifications.id, row.id));
    const [school] = await tx
      .update(schools)
      .set({ emailVerifiedAt: now, updatedAt: now })
      .where(eq(schools.id, row.schoolId))
      .returning({ id: schools.id, email: schools.email });
    if (!school) throw new ApiError(404, VERIFICATION_MESSAGES.unknown);
    await recordActivity(tx, {
      userId: null,
      action: "school.verify-email",
      entity: "schools",
      entityId: school.id,
      after: { email: school.email, email_verified: true },
      requestId,
    });
    return { school_id: school.id, email: school.email };
  });
}

/** A new link for the signed-in school, at most SCHOOL_VERIFICATION_RESENDS per hour. */
export async function resendVerification(db: Db, config: ApiConfig, actor: Actor) {
  const schoolId = await ownSchoolId(db, actor);
  const [school] = await db
    .select({ id: schools.id, name: schools.name, email: schools.email, verifiedAt: schools.emailVerifiedAt })
    .from(schools)
    .where(eq(schools.id, schoolId));
  if (!school) throw notFound("School");
  if (school.verifiedAt) throw new ApiError(409, VERIFICATION_MESSAGES.alreadyVerified);
  await enforceLimit(db, `school-verify-resend:${schoolId}`, SCHOOL_VERIFICATION_RESENDS);
  await db.transaction(async (tx) => {
    await issueVerification(tx, config, school, actor.userId);
    await recordActivity(tx, {
      userId: actor.userId,
      action: "school.resend-verification",
      entity: "schools",
      entityId: schoolId,
      after: { email: school.email },
      requestId: actor.requestId,
    });
  });
  return { email: school.email };
}

/** One school as its profile page shows it. */
export async function schoolProfileOf(db: DbOrTx, schoolId: number): Promise<SchoolProfile> {
  const [row] = await db
    .select({
      school: schools,
      zone: zones.name,
      state: states.name,
      prant: prants.name,
      district: districts.name,
      city: cities.name,
    })
    .from(schools)
    .innerJoin(zones, eq(zones.id, schools.zoneId))
    .innerJoin(states, eq(states.id, schools.stateId))
    .leftJoin(prants, eq(prants.id, schools.prantId))
    .leftJoin(districts, eq(districts.id, schools.districtId))
    .leftJoin(cities, eq(cities.id, schools.cityId))
    .where(eq(schools.id, schoolId));
  if (!row) throw notFound("School");
  const { school } = row;
  return {
    id: school.id,
    name: school.name,
    category_id: school.categoryId,
    board_id: school.boardId,
    address: school.address,
    pincode: school.pincode,
    contact_name: school.contactName,
    contact_phone: school.contactPhone,
    email: school.email,
    email_verified: school.emailVerifiedAt !== null,
    referral_code: school.referralCode,
    is_active: school.isActive,
    zone: row.zone,
    state: row.state,
    prant: row.prant,
    district: row.district,
    city: row.city,
  };
}

const profileColumns = (fields: SchoolProfileFields) => ({
  boardId: fields.board_id,
  address: fields.address,
  pincode: fields.pincode,
  contactName: fields.contact_name,
  contactPhone: fields.contact_phone,
});

const profileBefore = (p: SchoolProfile) => ({
  board_id: p.board_id,
  address: p.address,
  pincode: p.pincode,
  contact_name: p.contact_name,
  contact_phone: p.contact_phone,
});

/**
 * The school changes its own contact details. Any id but its own answers 404, so other schools'
 * ids cannot be probed (docs/domain.md, Region scoping).
 */
export async function updateOwnProfile(db: Db, actor: Actor, id: number, fields: SchoolProfileFields) {
  const schoolId = await ownSchoolId(db, actor);
  if (schoolId !== id) throw notFound("School");
  const [school] = await db.select({ stateId: schools.stateId }).from(schools).where(eq(schools.id, schoolId));
  const [state] = school ? await stateCountry(db, school.stateId) : [];
  checkPinCode(fields.pincode, state?.countryCode);
  return db.transaction(async (tx) => {
    const before = await schoolProfileOf(tx, schoolId);
    await tx
      .update(schools)
      .set({ ...profileColumns(fields), updatedAt: new Date() })
      .where(eq(schools.id, schoolId));
    await recordActivity(tx, {
      userId: actor.userId,
      action: "school.update-profile",
      entity: "schools",
      entityId: schoolId,
      before: profileBefore(before),
      after: fields,
      requestId: actor.requestId,
    });
    return schoolProfileOf(tx, schoolId);
  });
}

/**
 * An admin changes any field of a school. A new e-mail address is unverified again and gets a
 * fresh link; the school's accounts follow its e-mail and active state.
 */
export async function adminUpdateSchool(db: Db, config: ApiConfig, actor: Actor, id: number, body: SchoolAdminBody) {
  const [existing] = await db.select().from(schools).where(eq(schools.id, id));
  if (!existing) throw notFound("School");
  if (await emailTaken(db, body.email, id))
    throw new ApiError(409, EMAIL_TAKEN, [{ field: "email", message: EMAIL_TAKEN }]);
  await checkPlace(db, body, body.pincode);
  const emailChanged = body.email.toLowerCase() !== existing.email.toLowerCase();
  return db.transaction(async (tx) => {
    const before = await schoolProfileOf(tx, id);
    const now = new Date();
    const [school] = await tx
      .update(schools)
      .set({
        ...profileColumns(body),
        name: body.school_name,
        categoryId: body.category_id,
        zoneId: body.zone_id,
        stateId: body.state_id,
        prantId: body.prant_id ?? null,
        districtId: body.district_id ?? null,
        cityId: body.city_id ?? null,
        email: body.email,
        ...(body.is_active === undefined ? {} : { isActive: body.is_active }),
        ...(emailChanged ? { emailVerifiedAt: null } : {}),
        updatedAt: now,
      })
      .where(eq(schools.id, id))
      .returning({ id: schools.id, name: schools.name, email: schools.email });
    if (!school) throw notFound("School");
    // The school's own account (role 2) carries the school's address and zone.
    await tx
      .update(users)
      .set({ email: body.email, zoneId: body.zone_id, updatedAt: now })
      .where(and(eq(users.schoolId, id), eq(users.roleId, ROLE.school)));
    if (emailChanged) await issueVerification(tx, config, school, actor.userId);
    await recordActivity(tx, {
      userId: actor.userId,
      action: "school.admin-update",
      entity: "schools",
      entityId: id,
      before,
      after: { ...body, email_verified: emailChanged ? false : before.email_verified },
      requestId: actor.requestId,
    });
    return schoolProfileOf(tx, id);
  });
}

export const REGISTRATION_LEVELS = ["country", "zone", "state", "prant", "district", "city"] as const;
export type RegistrationLevel = (typeof REGISTRATION_LEVELS)[number];

/**
 * The registration form's pickers (public): one level's nodes below a parent. Zones are those
 * holding states of the country, so a Gulf country leads to the GCC zone.
 */
export async function registrationRegions(
  db: DbOrTx,
  level: RegistrationLevel,
  filters: { parentId?: number | undefined; countryId?: number | undefined },
): Promise<{ id: number; name: string }[]> {
  const { parentId, countryId } = filters;
  const none = parentId === undefined;
  switch (level) {
    case "country":
      return db.select({ id: countries.id, name: countries.name }).from(countries).orderBy(asc(countries.id));
    case "zone":
      if (countryId === undefined) return [];
      return db
        .select({ id: zones.id, name: zones.name })
        .from(zones)
        .where(
          exists(
            db
              .select({ one: sql`1` })
              .from(states)
              .where(and(eq(states.zoneId, zones.id), eq(states.countryId, countryId))),
          ),
        )
        .orderBy(asc(sql`lower(${zones.name})`));
    case "state":
      if (none) return [];
      return db
        .select({ id: states.id, name: states.name })
        .from(states)
        .where(and(eq(states.zoneId, parentId), countryId ? eq(states.countryId, countryId) : undefined))
        .orderBy(asc(sql`lower(${states.name})`));
    case "prant":
      if (none) return [];
      return db
        .select({ id: prants.id, name: prants.name })
        .from(prants)
        .where(eq(prants.stateId, parentId))
        .orderBy(asc(sql`lower(${prants.name})`));
    case "district":
      if (none) return [];
      return db
        .select({ id: districts.id, name: districts.name })
        .from(districts)
        .where(eq(districts.prantId, parentId))
        .orderBy(asc(sql`lower(${districts.name})`));
    case "city":
      if (none) return [];
      return db
        .select({ id: cities.id, name: cities.name })
        .from(cities)
        .where(eq(cities.districtId, parentId))
        .orderBy(asc(sql`lower(${cities.name})`));
  }
}
