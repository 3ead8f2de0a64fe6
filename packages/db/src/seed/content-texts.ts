import type { DbOrTx } from "../client";
import { frontendPatterns, importantDates, lectureSeries, syllabi } from "../schema";
import { type DemoSeason, indiaDay } from "./season";

/**
 * A few published pieces of text content for the demo (`npm start` shows them): dates for all
 * schools and one for the GCC schools, a syllabus with a formula per level, both levels' paper
 * patterns and two lectures. Stored HTML is what the kit's editor writes (already clean).
 */
export async function seedContentTexts(db: DbOrTx, lmsUserId: number | null, season: DemoSeason): Promise<void> {
  const by = { createdBy: lmsUserId, updatedBy: lmsUserId, published: true };
  await db.insert(importantDates).values([
    {
      ...by,
      title: "School registration opens",
      startDate: season.registration.start,
      endDate: season.registration.end,
      description: "Schools register and add their students.",
    },
    {
      ...by,
      title: "Level I exam",
      startDate: indiaDay(season.level1At),
      examLevel: 1,
      description: "At the school, 10:00 India time.",
    },
    {
      ...by,
      title: "Level II exam",
      startDate: indiaDay(season.level2At),
      examLevel: 2,
      description: "At the state camp, for the students Level 1 selected.",
    },
    {
      ...by,
      title: "Level I exam (GCC schools)",
      startDate: indiaDay(season.level1At),
      examLevel: 1,
      audience: "gcc",
      description: "The same paper at the same moment: 08:30 in the Gulf.",
    },
    {
      ...by,
      title: "Certificates and awards reach the schools",
      startDate: season.awardsAtSchools,
      description: "Schools hand them out; students can download theirs already.",
    },
    {
      ...by,
      title: "National camp",
      startDate: season.nationalCamp.start,
      endDate: season.nationalCamp.end,
      description: "For the students Level 2 selects.",
    },
  ]);
  await db.insert(syllabi).values([
    {
      ...by,
      syllabusType: 1,
      classLevel: 8,
      title: "Science",
      body: '<p><strong>Force and motion</strong></p><p>Speed, velocity and acceleration: <span class="ql-formula" data-value="v = u + at">v = u + at</span></p><ul><li>Newton\'s laws of motion</li><li>Friction and pressure</li></ul>',
    },
    {
      ...by,
      syllabusType: 2,
      classLevel: 9,
      title: "Physics",
      body: '<p><strong>Gravitation</strong></p><p>The universal law: <span class="ql-formula" data-value="F = G\\frac{m_1 m_2}{r^2}">F = G\\frac{m_1 m_2}{r^2}</span></p><p>Free fall, mass and weight, thrust and pressure.</p>',
    },
  ]);
  await db.insert(frontendPatterns).values([
    {
      ...by,
      examLevel: 1,
      classBand: "VI-XI",
      sections: [
        { name: "Science", questions: 40, marks: 40 },
        { name: "Mathematics", questions: 10, marks: 10 },
        { name: "Life of a scientist", questions: 10, marks: 10 },
      ],
      durationMinutes: 90,
      negativeMarks: 0,
      notes: "<p>Multiple-choice questions, one correct answer each.</p>",
    },
    {
      ...by,
      examLevel: 2,
      classBand: "VI-XI",
      sections: [
        { name: "Multiple choice", questions: 40, marks: 80 },
        { name: "Practical reasoning", questions: 10, marks: 20 },
      ],
      durationMinutes: 120,
      negativeMarks: 0.5,
      notes: "<p>Bring your admit card and a blue or black pen.</p>",
    },
  ]);
  await db.insert(lectureSeries).values([
    {
      ...by,
      title: "Why the sky is blue",
      speaker: "Dr. Meera Kulkarni",
      lectureDate: season.lectureDays[0],
      videoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      classLevel: null,
      language: "en",
    },
    {
      ...by,
      title: "गणित में पैटर्न",
      speaker: "Prof. Anil Sharma",
      lectureDate: season.lectureDays[1],
      videoUrl: "https://vimeo.com/76979871",
      classLevel: 8,
      language: "hi",
    },
  ]);
}
