/**
 * The demo season as one timeline (issue 35 item 9): every date the demo seeds (registration,
 * payments, exams, important dates, lectures, notices) comes from here, counted in days from the
 * day the demo is seeded, so the demo reads like a real year whenever it is started. The demo loads
 * Level 1 and Level 2 results at start (domains/results/demo.ts), so both exams lie behind "today";
 * what lies ahead is the awards and the national camp.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
// India keeps UTC+05:30 all year (contracts/locale.ts); the demo's days are India's days.
const INDIA_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** Days from the seeding day; season.test.ts holds their order. */
export const SEASON_DAYS = {
  registrationOpens: -200,
  noticePublished: -200,
  schoolsVerified: -190,
  studentsRegistered: -150,
  lectures: [-130, -110],
  schoolPaid: -120,
  registrationCloses: -100,
  mockExam: -75,
  level1Exam: -60,
  studentDeactivated: -40,
  level2Exam: -20,
  awardsAtSchools: 14,
  nationalCamp: [40, 44],
} as const;

export interface DemoSeason {
  /** The seeding day in India, YYYY-MM-DD. */
  today: string;
  registration: { start: string; end: string };
  noticePublishedAt: Date;
  schoolsVerifiedAt: Date;
  studentsRegisteredAt: Date;
  schoolPaidAt: Date;
  lectureDays: [string, string];
  /** The exams' start for every class, 10:00 India time (the mock 11:00). */
  mockAt: Date;
  level1At: Date;
  level2At: Date;
  studentDeactivatedAt: Date;
  awardsAtSchools: string;
  nationalCamp: { start: string; end: string };
}

/** The demo season around `now` (the seeding moment). */
export function demoSeason(now: Date = new Date()): DemoSeason {
  const todayStart = Math.floor((now.getTime() + INDIA_OFFSET_MS) / DAY_MS) * DAY_MS - INDIA_OFFSET_MS;
  /** A moment `days` from today at an India wall-clock hour. */
  const at = (days: number, hour: number, minute = 0) =>
    new Date(todayStart + days * DAY_MS + (hour * 60 + minute) * 60 * 1000);
  /** A calendar day `days` from today, YYYY-MM-DD. */
  const day = (days: number) => new Date(todayStart + days * DAY_MS + INDIA_OFFSET_MS).toISOString().slice(0, 10);
  const d = SEASON_DAYS;
  return {
    today: day(0),
    registration: { start: day(d.registrationOpens), end: day(d.registrationCloses) },
    noticePublishedAt: at(d.noticePublished, 9),
    schoolsVerifiedAt: at(d.schoolsVerified, 11),
    studentsRegisteredAt: at(d.studentsRegistered, 12),
    schoolPaidAt: at(d.schoolPaid, 11),
    lectureDays: [day(d.lectures[0]), day(d.lectures[1])],
    mockAt: at(d.mockExam, 11),
    level1At: at(d.level1Exam, 10),
    level2At: at(d.level2Exam, 10),
    studentDeactivatedAt: at(d.studentDeactivated, 16),
    awardsAtSchools: day(d.awardsAtSchools),
    nationalCamp: { start: day(d.nationalCamp[0]), end: day(d.nationalCamp[1]) },
  };
}

/** A moment's India calendar day, YYYY-MM-DD (to compare moments with calendar days). */
export const indiaDay = (moment: Date) => new Date(moment.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10);
