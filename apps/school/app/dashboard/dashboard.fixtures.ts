import type { components } from "@repo/api-client/schema";
import { ROLE } from "@repo/auth/roles";
import { envelope, signedInAs, userRecord } from "@repo/remix-app/testing";
import type { SchoolDashboard } from "./dashboard.server";

/**
 * The school dashboard's data as the API answers it, for its server test and its route test: each
 * fact about the screen's data is written here once, typed by the generated client.
 */

/** Three students this year: one paid, two not (₹150 each, ₹300 due). */
export const dashboard: SchoolDashboard = {
  exam_year: { label: "2026-27", starts_on: "2026-04-01", ends_on: "2027-03-31" },
  students: { total: 3, paid: 1, pending: 0, unpaid: 2, by_class: [], by_language: [], by_gender: [] },
  amount_due: [
    {
      country: "India",
      unpaid: 2,
      fee: { currency: "INR", amount_minor: 15000 },
      amount: { currency: "INR", amount_minor: 30000 },
    },
  ],
  email_verified: true,
  recent_activity: [{ at: "2026-11-20T10:00:00.000Z", what: "Added Asha Rao", who: "Demo School" }],
  coordinators: [
    {
      id: 5,
      name: "Meera Iyer",
      role_id: ROLE.districtCoordinator,
      role_name: "District Coordinator",
      region: "Pune",
      phone: "9822000000",
      email: "meera@example.org",
    },
  ],
};

/** Level 1 for class VIII on 13 December 2026, 10:00 in India, for 90 minutes. */
export const schedule: components["schemas"]["ExamScheduleItem"][] = [
  {
    id: 1,
    exam_year: "2026-27",
    exam_level: "level1",
    class_id: 8,
    starts_at: "2026-12-13T04:30:00.000Z",
    duration_minutes: 90,
    note: null,
    updated_at: "2026-11-20T10:00:00.000Z",
  },
];

/** What the dashboard asks the API, answered for `user` (a school unless named). */
export const pageAnswers = (user = userRecord()) => ({
  "GET /api/user": signedInAs(user),
  "GET /api/schools/dashboard": { body: envelope(dashboard) },
  "GET /api/exam-schedule": { body: envelope(schedule) },
});
