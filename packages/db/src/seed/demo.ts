import { hashPassword } from "@repo/auth/password";
import { getRole, ROLE, ROLES, type RoleId } from "@repo/auth/roles";
import { REFERRAL_STATUSES } from "@repo/contracts/referrals-constants";
import { rollNumber, studentKey } from "@repo/contracts/students";
import { count, sql } from "drizzle-orm";
import type { Db } from "../client";
import {
  assignments,
  cities,
  countries,
  districts,
  examFees,
  examYears,
  masterInstitutes,
  prants,
  schools,
  states,
  students,
  users,
  zones,
} from "../schema/index";
import { seedDemoStudyMaterials } from "./content-files";
import { seedContentNotices } from "./content-notices";
import { seedContentTexts } from "./content-texts";
import { COUNTRIES, GCC_ZONE_ID, LOCAL_TREE, STATE_LANGUAGES, STATES, ZONES } from "./geography-data";
import { seedDemoPapers } from "./papers";
import { seedDemoPayments } from "./payments";
import { demoSeason } from "./season";

export const DEFAULT_DEMO_PASSWORD = "Demo@12345";
export const DEMO_SCHOOL_COUNT = 50;
export const DEMO_STUDENT_COUNT = 2000;
export const DEMO_EXAM_YEAR = "2026-27";

/**
 * The demo year's fee table, per student in minor units: India's three levels, and Level 1 in each
 * Gulf country's currency (three decimals for the dinars and the rial).
 */
export const DEMO_FEES = [
  { countryId: 1, examLevel: "mock", currency: "INR", amountMinor: 5000 },
  { countryId: 1, examLevel: "level1", currency: "INR", amountMinor: 15000 },
  { countryId: 1, examLevel: "level2", currency: "INR", amountMinor: 20000 },
  { countryId: 2, examLevel: "level1", currency: "BHD", amountMinor: 2500 },
  { countryId: 3, examLevel: "level1", currency: "KWD", amountMinor: 2000 },
  { countryId: 4, examLevel: "level1", currency: "OMR", amountMinor: 2500 },
  { countryId: 5, examLevel: "level1", currency: "QAR", amountMinor: 2500 },
  { countryId: 6, examLevel: "level1", currency: "SAR", amountMinor: 2500 },
  { countryId: 7, examLevel: "level1", currency: "AED", amountMinor: 2500 },
] as const;

export interface DemoLogin {
  username: string;
  roleId: number;
  roleName: string;
  note?: string;
}

/** The demo sign-ins (docs/domain.md, Roles): one active user per role, plus a GCC state coordinator. */
export function demoLogins(): DemoLogin[] {
  return [
    ...ROLES.map((role) => ({ username: role.demoUsername, roleId: role.id, roleName: role.name })),
    {
      username: "gccstate",
      roleId: ROLE.stateCoordinator,
      roleName: getRole(ROLE.stateCoordinator).name,
      note: "GCC zone",
    },
  ];
}

/** A small deterministic random generator, so every demo database is the same. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, pick };
}

const FIRST_NAMES = [
  "Aarav",
  "Vivaan",
  "Aditya",
  "Ananya",
  "Diya",
  "Ishaan",
  "Kavya",
  "Meera",
  "Rohan",
  "Saanvi",
  "Arjun",
  "Priya",
  "Rahul",
  "Sneha",
  "Karthik",
  "Lakshmi",
  "Farhan",
  "Zoya",
  "Gurpreet",
  "Sourav",
  "Nandini",
  "Tanvi",
  "Vikram",
  "Aisha",
  "Harsh",
  "Pooja",
  "Siddharth",
  "Riya",
  "Manish",
  "Divya",
];
const LAST_NAMES = [
  "Sharma",
  "Patil",
  "Iyer",
  "Nair",
  "Reddy",
  "Gupta",
  "Deshmukh",
  "Kulkarni",
  "Menon",
  "Banerjee",
  "Singh",
  "Khan",
  "Joshi",
  "Rao",
  "Pillai",
  "Chatterjee",
  "Verma",
  "Shah",
  "Mehta",
  "Das",
];
const SCHOOL_PATTERNS = [
  (city: string) => `${city} Public School`,
  (city: string) => `Government Higher Secondary School, ${city}`,
  (city: string) => `Kendriya Vidyalaya, ${city}`,
  (city: string) => `St. Xavier's High School, ${city}`,
  (city: string) => `Vidya Niketan, ${city}`,
  (city: string) => `Saraswati Vidya Mandir, ${city}`,
  (city: string) => `Delhi Public School, ${city}`,
  (city: string) => `Jawahar Navodaya Vidyalaya, ${city}`,
];

interface Place {
  zoneId: number;
  stateId: number;
  stateName: string;
  prantId: number;
  districtId: number;
  cityId: number;
  cityName: string;
}

async function resetIdentity(db: Db, table: string) {
  await db.execute(sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`));
}

async function seedGeography(db: Db): Promise<{ places: Place[]; stateIds: Map<string, number> }> {
  await db.insert(countries).values(COUNTRIES.map((c) => ({ ...c })));
  await db.insert(zones).values(ZONES.map((z) => ({ ...z })));
  await resetIdentity(db, "countries");
  await resetIdentity(db, "zones");
  const insertedStates = await db
    .insert(states)
    .values(STATES)
    .returning({ id: states.id, name: states.name, zoneId: states.zoneId });
  const stateIds = new Map(insertedStates.map((s) => [s.name, s.id]));
  const zoneOf = new Map(insertedStates.map((s) => [s.id, s.zoneId]));

  const places: Place[] = [];
  for (const [stateName, prantTree] of Object.entries(LOCAL_TREE)) {
    const stateId = stateIds.get(stateName);
    if (!stateId) throw new Error(`Demo tree names an unknown state: ${stateName}`);
    for (const [prantName, districtTree] of Object.entries(prantTree)) {
      const [prant] = await db.insert(prants).values({ stateId, name: prantName }).returning({ id: prants.id });
      for (const [districtName, cityNames] of Object.entries(districtTree)) {
        const [district] = await db
          .insert(districts)
          .values({ prantId: prant?.id ?? 0, name: districtName })
          .returning({ id: districts.id });
        const rows = await db
          .insert(cities)
          .values(cityNames.map((name) => ({ districtId: district?.id ?? 0, name })))
          .returning({ id: cities.id, name: cities.name });
        for (const city of rows) {
          places.push({
            zoneId: zoneOf.get(stateId) ?? 0,
            stateId,
            stateName,
            prantId: prant?.id ?? 0,
            districtId: district?.id ?? 0,
            cityId: city.id,
            cityName: city.name,
          });
        }
      }
    }
  }
  return { places, stateIds };
}

/**
 * Loads demo data into an empty database (no users yet) and reports whether it did: the
 * geography, ~50 schools, ~2,000 students, a master institute and one user per role. Running it on
 * a database that already has people is a no-op, so restarts never duplicate or overwrite.
 */
export async function seedDemoData(db: Db, password = DEFAULT_DEMO_PASSWORD): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(password);
  const random = generator(2026);
  // Every date of the demo from one timeline, around the day it is seeded (issue 35 item 9).
  const season = demoSeason();

  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const { places, stateIds } = await seedGeography(t);
    const placeIn = (city: string) => {
      const place = places.find((p) => p.cityName === city);
      if (!place) throw new Error(`Demo data names an unknown city: ${city}`);
      return place;
    };

    const [institute] = await t
      .insert(masterInstitutes)
      .values({
        name: "Vidya Bharati Institute Group",
        email: "masterinstitute@demo.example.org",
        contactName: "R. Kulkarni",
      })
      .returning({ id: masterInstitutes.id });

    // The demo school (role 2) is first, in Pune; the institute account (role 18) is second.
    const fixed = [
      { name: "Jnana Prabodhini Prashala, Pune", place: placeIn("Pune"), categoryId: 2 },
      { name: "Pragati Science Institute, Pune", place: placeIn("Pune"), categoryId: 4 },
      { name: "Indian High School, Dubai", place: placeIn("Dubai"), categoryId: 2 },
    ];
    const generated = Array.from({ length: DEMO_SCHOOL_COUNT - fixed.length }, (_, i) => {
      const place = random.pick(places);
      const pattern = SCHOOL_PATTERNS[i % SCHOOL_PATTERNS.length] ?? SCHOOL_PATTERNS[0];
      const name =
        place.stateName === "United Arab Emirates"
          ? `Indian School ${place.cityName} ${i + 1}`
          : `${pattern?.(place.cityName)} ${Math.floor(i / SCHOOL_PATTERNS.length) + 1}`;
      return { name, place, categoryId: 1 + Math.floor(random.next() * 3) };
    });
    const schoolRows = await t
      .insert(schools)
      .values(
        [...fixed, ...generated].map((s, i) => ({
          name: s.name,
          categoryId: s.categoryId,
          zoneId: s.place.zoneId,
          stateId: s.place.stateId,
          prantId: s.place.prantId,
          districtId: s.place.districtId,
          cityId: s.place.cityId,
          address: `${10 + i}, Main Road, ${s.place.cityName}`,
          pincode: s.place.zoneId === GCC_ZONE_ID ? null : String(400000 + i * 37),
          contactName: `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`,
          contactPhone: `+9198${String(10000000 + i * 7919).slice(0, 8)}`,
          email: `school${i + 1}@demo.example.org`,
          emailVerifiedAt: i % 5 === 0 ? null : season.schoolsVerifiedAt,
          // Five schools belong to the demo master institute.
          masterInstituteId: i >= 3 && i < 8 ? (institute?.id ?? null) : null,
          referralCode: `VVM${String(1001 + i)}`,
        })),
      )
      .returning({
        id: schools.id,
        zoneId: schools.zoneId,
        stateId: schools.stateId,
        prantId: schools.prantId,
        districtId: schools.districtId,
      });
    const stateNameOf = new Map([...stateIds].map(([name, id]) => [id, name]));
    const demoSchool = schoolRows[0];
    const instituteSchool = schoolRows[1];

    const [year] = await t
      .insert(examYears)
      .values({ label: DEMO_EXAM_YEAR, isActive: true, startsOn: "2026-04-01", endsOn: "2027-03-31" })
      .onConflictDoUpdate({ target: examYears.label, set: { isActive: true } })
      .returning({ id: examYears.id });
    await t.insert(examFees).values(DEMO_FEES.map((fee) => ({ ...fee, examYearId: year?.id ?? 0 })));
    let paidSequence = 0;
    const studentValues = Array.from({ length: DEMO_STUDENT_COUNT }, (_, i) => {
      const school = schoolRows[i % schoolRows.length] ?? schoolRows[0];
      const languages = STATE_LANGUAGES[stateNameOf.get(school?.stateId ?? 0) ?? ""] ?? ["en"];
      const roll = random.next();
      const classLevel = 6 + (i % 6);
      const firstName = random.pick(FIRST_NAMES);
      const lastName = random.pick(LAST_NAMES);
      // Older classes, earlier births: class VI is about 11, class XI about 16.
      const dateOfBirth = `${2021 - classLevel}-${String(1 + (i % 12)).padStart(2, "0")}-${String(1 + (i % 28)).padStart(2, "0")}`;
      const contactPhone = `+9197${String(20000000 + i * 4271).slice(0, 8)}`;
      // Pending means "in a payment not finished yet": only the payment flow makes it, never the seed.
      const paymentStatus = roll < 0.6 ? "paid" : "unpaid";
      return {
        schoolId: school?.id ?? 0,
        examYearId: year?.id ?? 0,
        classLevel,
        language: random.pick(languages),
        firstName,
        lastName,
        gender: random.pick(["female", "male"] as const),
        parentName: `${random.pick(FIRST_NAMES)} ${lastName}`,
        dateOfBirth,
        contactPhone,
        dedupeKey: studentKey({
          first_name: firstName,
          last_name: lastName,
          date_of_birth: dateOfBirth,
          phone: contactPhone,
        }),
        paymentStatus,
        rollNumber: paymentStatus === "paid" ? rollNumber(school?.stateId ?? 0, classLevel, ++paidSequence) : null,
        // The demo school referred 15 students of other schools: enough for its bank detail page.
        // They registered on their own (SIF) with the demo school's referral code.
        ...(i % 120 === 1 && school?.id !== demoSchool?.id && demoSchool
          ? {
              source: "sif" as const,
              referredBySchoolId: demoSchool.id,
              // i is 1 more than a multiple of 120 (a multiple of 3), so the status turns on i / 120.
              referralStatus: REFERRAL_STATUSES[Math.floor(i / 120) % REFERRAL_STATUSES.length],
              referralReason:
                REFERRAL_STATUSES[Math.floor(i / 120) % REFERRAL_STATUSES.length] === "rejected"
                  ? "Not a student of ours"
                  : null,
            }
          : {}),
        zoneId: school?.zoneId ?? 0,
        stateId: school?.stateId ?? 0,
        prantId: school?.prantId ?? null,
        districtId: school?.districtId ?? null,
        createdAt: season.studentsRegisteredAt,
      };
    });
    const studentIds: number[] = [];
    for (let i = 0; i < studentValues.length; i += 500) {
      const rows = await t
        .insert(students)
        .values(studentValues.slice(i, i + 500))
        .returning({ id: students.id });
      studentIds.push(...rows.map((r) => r.id));
    }

    const pune = placeIn("Pune");
    // The demo student (role 1) is one its school paid for: it has a roll number, its admit card and,
    // once the demo's results are loaded, its results and certificate (the student area, issue 16).
    // Not the inactive student below (the demo school's second in the list).
    const demoStudentIndex = studentValues.findIndex(
      (s, i) => s.schoolId === demoSchool?.id && s.paymentStatus === "paid" && i !== schoolRows.length,
    );
    const userRow = (roleId: RoleId, extra: Partial<typeof users.$inferInsert> = {}) => {
      const role = ROLES.find((r) => r.id === roleId);
      const username = extra.username ?? role?.demoUsername ?? `role${roleId}`;
      return {
        username,
        email: `${username}@demo.example.org`,
        name: `Demo ${role?.name ?? "User"}`,
        roleId,
        passwordHash,
        countryId: 1,
        ...extra,
      };
    };
    const inserted = await t
      .insert(users)
      .values([
        userRow(1, {
          schoolId: demoSchool?.id,
          studentId: studentIds[Math.max(demoStudentIndex, 0)],
          zoneId: pune.zoneId,
          name: "Demo Student",
        }),
        // A second student of the demo school whose sign-in pay support switched off (inactive-students list).
        userRow(1, {
          username: "inactivestudent",
          schoolId: demoSchool?.id,
          studentId: studentIds[schoolRows.length],
          zoneId: pune.zoneId,
          name: "Demo Inactive Student",
          isActive: false,
          deactivatedAt: season.studentDeactivatedAt,
          deactivationReason: "Registered twice: the school paid for the other registration",
        }),
        userRow(2, { schoolId: demoSchool?.id, zoneId: pune.zoneId, name: "Jnana Prabodhini Prashala" }),
        userRow(3),
        userRow(4),
        // Pay support has a mobile number not yet verified: its sign-in shows the optional OTP step.
        userRow(5, { mobile: "+919800000005" }),
        userRow(6),
        userRow(7),
        userRow(8, { zoneId: pune.zoneId }),
        userRow(9, { zoneId: pune.zoneId }),
        userRow(10, { zoneId: pune.zoneId }),
        userRow(11, { zoneId: pune.zoneId }),
        userRow(12),
        userRow(13),
        userRow(14),
        userRow(15),
        userRow(16),
        userRow(17, { masterInstituteId: institute?.id, name: "Vidya Bharati Institute Group" }),
        userRow(18, { schoolId: instituteSchool?.id, zoneId: pune.zoneId, name: "Pragati Science Institute" }),
        userRow(9, { username: "gccstate", zoneId: GCC_ZONE_ID, countryId: 7, name: "Demo GCC State Coordinator" }),
      ])
      .returning({ id: users.id, username: users.username });
    const idOf = (username: string) => inserted.find((u) => u.username === username)?.id ?? 0;
    await t.insert(assignments).values([
      { userId: idOf("zonal"), zoneId: pune.zoneId },
      { userId: idOf("state"), stateId: pune.stateId },
      { userId: idOf("prant"), prantId: pune.prantId },
      { userId: idOf("district"), districtId: pune.districtId },
      { userId: idOf("gccstate"), stateId: stateIds.get("United Arab Emirates") ?? 0 },
    ]);
    await seedDemoPayments(
      t,
      { schoolId: demoSchool?.id ?? 0, payerUserId: idOf("school"), examYearId: year?.id ?? 0 },
      season,
    );
    await seedDemoStudyMaterials(t);
    await seedContentTexts(t, idOf("lms") || null, season);
    await seedContentNotices(t, idOf("lms"), season);
    await seedDemoPapers(
      t,
      {
        examYearId: year?.id ?? 0,
        subjectPanelId: idOf("subject"),
        translatorId: idOf("translator"),
        adminId: idOf("psadmin"),
      },
      season,
    );
  });
  return true;
}
