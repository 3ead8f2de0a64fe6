import { ROLE } from "@repo/auth/roles";
import { envelope, signedInAs, userRecord } from "@repo/remix-app/testing";
import type { StudentArea } from "./student-area.server";

/**
 * The student area's data as the API answers it, for its server test and its route test: each
 * fact about the screen's data is written here once, typed by the generated client.
 */

/** GET /api/user for the student, signed in. */
export const student = () =>
  signedInAs(userRecord({ role_id: ROLE.student, role_name: "Student", username: "stu000123" }));

/** Today for the tests that count the dates ahead: before the mock exam, the first of the area's dates. */
export const BEFORE_THE_EXAMS = new Date("2026-12-01T00:00:00.000Z");

/** What GET /api/student/me answers for a student who paid itself, before its exams (Hindi is its language). */
export const area = (extra: Partial<StudentArea> = {}): StudentArea => ({
  student: {
    id: 123,
    first_name: "Ira",
    last_name: "Kulkarni",
    school_name: "Jnana Prabodhini Prashala, Pune",
    school_listed: true,
    class_level: 9,
    language: "hi",
    roll_number: "2009000042",
    exam_year: "2026-27",
    source: "sif",
    registered_at: "2026-09-01T05:00:00.000Z",
  },
  payment: {
    status: "paid",
    paid_at: "2026-09-02T05:00:00.000Z",
    open_order_id: null,
    receipt: { order_id: 77, invoice_number: "2026-27/000077", paid_at: "2026-09-02T05:00:00.000Z" },
  },
  timeline: { level: "level1", next: "admit_card", steps: [] },
  exams: [
    {
      level: "mock",
      schedule: { starts_at: "2026-12-06T05:30:00.000Z", duration_minutes: 90, note: null },
      admit_card: null,
      result: null,
    },
    {
      level: "level1",
      schedule: { starts_at: "2026-12-13T04:30:00.000Z", duration_minutes: 90, note: null },
      admit_card: { available: true, reason: null },
      result: null,
    },
  ],
  important_dates: [
    { id: 5, title: "Level I exam", start_date: "2027-01-10", end_date: "2027-01-12", description: "Online." },
  ],
  ...extra,
});

/** The area in another exam language. */
export const areaIn = (language: StudentArea["student"]["language"]): StudentArea =>
  area({ student: { ...area().student, language } });

/** What the home page asks the API, answered: the student and its area. */
export const homeAnswers = (me: StudentArea = area()) => ({
  "GET /api/user": student(),
  "GET /api/student/me": { body: envelope(me) },
});
