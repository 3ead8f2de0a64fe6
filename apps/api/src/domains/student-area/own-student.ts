/**
 * Whose student area it is: the signed-in user's own student (users.student_id), never one a
 * request names, so a student reads itself and nobody else (docs/domain.md, Region scoping;
 * decision 025).
 */
import { STUDENT_AREA_MESSAGES } from "@repo/contracts/student-area-constants";
import type { PaymentStatus } from "@repo/contracts/students-constants";
import { type DbOrTx, queryRows } from "@repo/db";
import { type SQL, sql } from "drizzle-orm";
import { ApiError } from "../../kernel/http/errors";

/** The signed-in student: its user id, and whether its zone is GCC (the GCC important dates). */
export interface StudentViewer {
  userId: number;
  isGcc: boolean;
}

export interface OwnStudent {
  id: number;
  /** Its sign-in account (its photo is the account's), or null before it has one. */
  userId: number | null;
  firstName: string;
  lastName: string;
  schoolId: number | null;
  /** The school, or the one an individual student named because it is not listed. */
  schoolName: string;
  /** The school's address lines, as far as the portal knows them (none for an unlisted school). */
  schoolAddress: string[];
  classLevel: number;
  language: string;
  rollNumber: string | null;
  paymentStatus: PaymentStatus;
  source: string;
  parentName: string | null;
  dateOfBirth: string | null;
  examYearId: number;
  examYear: string;
  registeredAt: string;
  /** Where the student is, for an unlisted school's centre: its district and state. */
  district: string | null;
  state: string;
}

const text = (value: unknown) => (value == null || value === "" ? null : String(value));

/** The viewer's student, or 404 when its account has none (never another student's). */
export async function ownStudent(db: DbOrTx, viewer: Pick<StudentViewer, "userId">): Promise<OwnStudent> {
  const [student] = await studentsWhere(db, sql`s.id = (select student_id from users where id = ${viewer.userId})`);
  if (!student) throw new ApiError(404, STUDENT_AREA_MESSAGES.noRegistration);
  return student;
}

/**
 * Students (`s`) as the student area reads them, in class and roll-number order: the viewer's own
 * (ownStudent), or a school's for its admit cards (decision 050), the caller's condition saying whose.
 */
export async function studentsWhere(db: DbOrTx, where: SQL): Promise<OwnStudent[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select s.id, s.first_name, s.last_name, s.school_id, coalesce(sc.name, s.unlisted_school_name, '') as school_name,
          sc.address, sc.pincode, ci.name as city, s.class_level, s.language, s.roll_number, s.payment_status, s.source,
          s.parent_name, to_char(s.date_of_birth, 'YYYY-MM-DD') as date_of_birth, s.exam_year_id, y.label as exam_year, s.created_at, d.name as district,
          st.name as state, (select min(u.id) from users u where u.student_id = s.id) as user_id
        from students s
        join exam_years y on y.id = s.exam_year_id
        join states st on st.id = s.state_id
        left join districts d on d.id = s.district_id
        left join schools sc on sc.id = s.school_id
        left join cities ci on ci.id = sc.city_id
        where ${where}
        order by s.class_level, s.roll_number nulls last, s.id`,
  );
  return rows.map((row) => {
    const district = text(row.district);
    const state = String(row.state);
    const cityLine = [text(row.city), text(row.pincode)].filter(Boolean).join(" ");
    return {
      id: Number(row.id),
      userId: row.user_id == null ? null : Number(row.user_id),
      firstName: String(row.first_name),
      lastName: String(row.last_name ?? ""),
      schoolId: row.school_id == null ? null : Number(row.school_id),
      schoolName: String(row.school_name),
      schoolAddress:
        row.school_id == null
          ? []
          : [text(row.address), cityLine || null, [district, state].filter(Boolean).join(", ")].filter(
              (line): line is string => Boolean(line),
            ),
      classLevel: Number(row.class_level),
      language: String(row.language),
      rollNumber: text(row.roll_number),
      paymentStatus: String(row.payment_status) as PaymentStatus,
      source: String(row.source),
      parentName: text(row.parent_name),
      dateOfBirth: text(row.date_of_birth),
      examYearId: Number(row.exam_year_id),
      examYear: String(row.exam_year),
      registeredAt: new Date(row.created_at as string).toISOString(),
      district,
      state,
    };
  });
}

export interface ExamSchedule {
  level: string;
  startsAt: string;
  durationMinutes: number;
  note: string | null;
}

/** When the student's class sits each exam of its year, by level. */
export async function scheduleOf(db: DbOrTx, student: OwnStudent): Promise<Map<string, ExamSchedule>> {
  return (await yearSchedules(db, student.examYearId, student.classLevel)).get(student.classLevel) ?? new Map();
}

/** When each class sits each exam of a year (one class, or all), by class and level. */
export async function yearSchedules(
  db: DbOrTx,
  examYearId: number,
  classLevel?: number,
): Promise<Map<number, Map<string, ExamSchedule>>> {
  const rows = await queryRows<{
    class_level: number;
    exam_kind: string;
    starts_at: string;
    duration_minutes: number;
    note: string | null;
  }>(
    db,
    sql`select class_level, exam_kind, starts_at, duration_minutes, note from exam_schedules
        where exam_year_id = ${examYearId} ${classLevel === undefined ? sql`` : sql`and class_level = ${classLevel}`}`,
  );
  const byClass = new Map<number, Map<string, ExamSchedule>>();
  for (const r of rows) {
    const level = byClass.get(Number(r.class_level)) ?? new Map<string, ExamSchedule>();
    level.set(r.exam_kind, {
      level: r.exam_kind,
      startsAt: new Date(r.starts_at).toISOString(),
      durationMinutes: Number(r.duration_minutes),
      note: r.note ?? null,
    });
    byClass.set(Number(r.class_level), level);
  }
  return byClass;
}
