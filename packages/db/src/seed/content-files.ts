import type { DbOrTx } from "../client";
import { studyMaterials } from "../schema/index";

/**
 * Published demo study materials, so `npm start` shows content. They are links (the seed has no
 * file storage to put PDFs in); brochures and flipbooks need files and are uploaded by LMS.
 */
export const DEMO_STUDY_MATERIALS = [
  {
    title: "NCERT science textbooks (all classes)",
    description: "The official textbooks the Level 1 syllabus follows.",
    classLevel: null,
    examLevel: "level1",
    languages: ["en", "hi"],
    link: "https://ncert.nic.in/textbook.php",
    priceMinor: null,
  },
  {
    title: "Mock exam practice: Class VIII",
    description: "Practice questions in the mock exam's pattern.",
    classLevel: 8,
    examLevel: "mock",
    languages: ["en"],
    link: "https://ncert.nic.in/exemplar-problems.php",
    priceMinor: null,
  },
  {
    title: "Level 2 preparation guide: Class X",
    description: "Worked problems with multiple correct answers, as in Level 2.",
    classLevel: 10,
    examLevel: "level2",
    languages: ["en", "hi", "mr"],
    link: "https://ncert.nic.in/textbook.php",
    priceMinor: 14900,
  },
] as const;

export async function seedDemoStudyMaterials(db: DbOrTx): Promise<void> {
  await db
    .insert(studyMaterials)
    .values(DEMO_STUDY_MATERIALS.map((item) => ({ ...item, languages: [...item.languages], isPublished: true })));
}
