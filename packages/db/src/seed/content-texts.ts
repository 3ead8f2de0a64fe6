import type { DbOrTx } from "../client";
import { frontendPatterns, importantDates, lectureSeries, syllabi } from "../schema";

/**
 * A few published pieces of text content for the demo (`npm start` shows them): dates for all
 * schools and one for the GCC schools, a syllabus with a formula per level, both levels' paper
 * patterns and two lectures. Stored HTML is what the kit's editor writes (already clean).
 */
export async function seedContentTexts(db: DbOrTx, lmsUserId: number | null): Promise<void> {
  const by = { createdBy: lmsUserId, updatedBy: lmsUserId, published: true };
  await db.insert(importantDates).values([
    {
      ...by,
      title: "School registration opens",
      startDate: "2026-07-01",
      endDate: "2026-09-30",
      description: "Schools register and add their students.",
    },
    {
      ...by,
      title: "Level I exam",
      startDate: "2027-01-10",
      endDate: "2027-01-12",
      examLevel: 1,
      description: "Online, at the school.",
    },
    { ...by, title: "Level II exam", startDate: "2027-03-07", examLevel: 2, description: "At the district centres." },
    {
      ...by,
      title: "Level I exam (GCC schools)",
      startDate: "2027-01-15",
      examLevel: 1,
      audience: "gcc",
      description: "Gulf time zones.",
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
      lectureDate: "2026-10-05",
      videoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      classLevel: null,
      language: "en",
    },
    {
      ...by,
      title: "गणित में पैटर्न",
      speaker: "Prof. Anil Sharma",
      lectureDate: "2026-11-02",
      videoUrl: "https://vimeo.com/76979871",
      classLevel: 8,
      language: "hi",
    },
  ]);
}
