import { envelope } from "@repo/remix-app/testing";
import type { StudentRow } from "./students.server";

/**
 * The students list's data as the API answers it, for its server test and its route test: each
 * fact about the screen's data is written here once, typed by the generated client.
 */

/** A student of the school's, class VIII, Hindi, unpaid; its parent and phone given. */
export const student = (id: number, first_name: string, overrides: Partial<StudentRow> = {}): StudentRow => ({
  id,
  first_name,
  last_name: "Rao",
  class_level: 8,
  language: "hi",
  gender: "female",
  date_of_birth: "2013-08-15",
  parent_name: "Suresh Rao",
  phone: "9876543210",
  email: null,
  exam_year: "2026-27",
  payment_status: "unpaid",
  has_account: false,
  roll_number: null,
  school_id: 7,
  school_name: "Demo School",
  created_at: "2026-06-01T10:00:00.000Z",
  sign_in_sms: null,
  ...overrides,
});

/** A page of the student list (`total` across its pages). */
export const page = (items: StudentRow[], total = items.length) =>
  envelope({ items, page: 1, per_page: 10, total, last_page: 1 });
