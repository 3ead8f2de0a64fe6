import { ROLE_GROUPS } from "@repo/auth/roles";
import type { Db } from "../client";
import { notifications, staticPages } from "../schema/index";
import type { DemoSeason } from "./season";

/**
 * Demo text of the static pages (as the rich-text editor writes it) and one welcome notification,
 * so that `npm start` shows the school app's pages with something to read.
 */
export const DEMO_STATIC_PAGES = [
  {
    moduleName: "study-material",
    key: "download-app",
    body: `<h2>Take the exam on a phone or a tablet</h2>
<p>Students can practise and take the mock exam in the <strong>Exam Portal</strong> app as well as in a browser.</p>
<ol><li>Open the Play Store on an Android phone (Android 9 or later).</li><li>Search for <strong>Exam Portal</strong> and install the app.</li><li>Sign in with the username and password the school received for each paid student.</li></ol>
<p>The app keeps answers on the phone if the connection drops and sends them when it is back.</p>`,
  },
  {
    moduleName: "study-material",
    key: "level-1-exam",
    body: `<h2>Level 1 exam</h2>
<p>The Level 1 exam has <strong>100 single-answer questions</strong> in 90 minutes: Section A with 40 questions and Section B with 60. Each correct answer is worth 1 mark; there are no negative marks.</p>
<p>Section B is marked only when a student scores at least 50% (20 marks) in Section A. Ties are broken by the Section A marks.</p>
<p>Students take the exam at their school on the scheduled date, in the language chosen at registration.</p>`,
  },
  {
    moduleName: "study-material",
    key: "how-to-attempt-mock-exam",
    body: `<h2>How to attempt the mock exam</h2>
<ol><li>Sign in with the student's username and password.</li><li>Open <strong>My Exams</strong> and choose the mock exam.</li><li>Read the instructions and press <strong>Start</strong>; the timer starts then.</li><li>Answer the questions in any order; mark a question to come back to it.</li><li>Press <strong>Submit</strong> before the time runs out; unsaved answers are submitted when it does.</li></ol>
<p>The mock exam is for practice: its marks are shown to the student and the school and never ranked.</p>`,
  },
  {
    moduleName: "study-material",
    key: "mock-instructions-sif",
    body: `<h2>Mock exam instructions for individual students</h2>
<p>Individual students (registered without a school) take the mock exam online from home.</p>
<ul><li>Use a laptop or a phone with a steady internet connection.</li><li>Keep the exam window open: switching away is recorded.</li><li>Each mock paper can be attempted once in its exam window.</li></ul>`,
  },
  {
    moduleName: "contact",
    key: "contact",
    body: `<p>Write to us with any question about registration, payments or the exams. Your message goes to the coordinator of your district (or, where there is none, of your prant, state or zone), who will answer by e-mail.</p>
<p>Programme office: Monday to Saturday, 10:00 to 17:00.</p>`,
  },
] as const;

export async function seedContentNotices(db: Db, createdBy: number | null, season: DemoSeason): Promise<void> {
  await db
    .insert(staticPages)
    .values(DEMO_STATIC_PAGES.map((page) => ({ ...page, updatedBy: createdBy })))
    .onConflictDoNothing();
  await db.insert(notifications).values({
    title: "Welcome to the new portal",
    body: "<p>Registrations for the 2026-27 exam year are open. Add your students and pay for them before the last date shown on your dashboard.</p>",
    roles: [...ROLE_GROUPS.schoolAccounts],
    publishFrom: season.noticePublishedAt,
    createdBy,
  });
}
