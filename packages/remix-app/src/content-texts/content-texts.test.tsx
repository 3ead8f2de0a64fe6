import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { negativeMarking, PatternTable } from "./PatternTable";
import { SyllabusDocument } from "./SyllabusDocument";

const base = { published: true, created_at: "2026-11-01T00:00:00Z", updated_at: "2026-11-01T00:00:00Z" };

describe("the question-paper pattern as schools read it", () => {
  it("shows each section, the totals, the duration and the negative marking", () => {
    const html = renderToString(
      <PatternTable
        pattern={{
          ...base,
          id: 1,
          exam_level: 2,
          class_band: "IX-XI",
          sections: [
            { name: "Physics", questions: 20, marks: 40 },
            { name: "Chemistry", questions: 15, marks: 30 },
          ],
          duration_minutes: 120,
          negative_marks: 0.5,
          notes: "<p>Pens only.</p><script>alert(1)</script>",
          total_questions: 35,
          total_marks: 70,
        }}
      />,
    );
    expect(html).toContain("Question paper pattern: Level II, classes IX-XI");
    expect(html).toMatch(/<td>Physics<\/td><td[^>]*>20<\/td><td[^>]*>40<\/td>/);
    expect(html).toMatch(/<td>Total<\/td><td[^>]*>35<\/td><td[^>]*>70<\/td>/);
    expect(html).toContain("120 minutes<!-- --> · <!-- -->0.5 marks off per wrong answer");
    expect(html).toContain("<p>Pens only.</p>");
    expect(html).not.toContain("<script>");
  });

  it("says when there is no negative marking, and a single mark in the singular", () => {
    expect(negativeMarking(0)).toBe("No negative marking");
    expect(negativeMarking(1)).toBe("1 mark off per wrong answer");
  });
});

describe("the syllabus document", () => {
  const item = (id: number, syllabus_type: number, class_level: number, title: string, published = true) => ({
    ...base,
    id,
    syllabus_type,
    class_level,
    title,
    published,
    body: `<p>${title} body</p>`,
  });

  it("groups by level with a table of contents linking to each class's part, drafts marked for publishers", () => {
    const html = renderToString(
      <SyllabusDocument
        showDrafts
        items={[item(1, 1, 6, "Science"), item(2, 1, 7, "Mathematics", false), item(3, 2, 9, "Physics")]}
      />,
    );
    expect(html).toContain("Level I syllabus");
    expect(html).toContain("Level II syllabus");
    // Links of the kit's look (its class) to each class's part.
    expect(html).toMatch(/<a [^>]*href="#syllabus-1-6-1"[^>]*>Class VI: Science<\/a>/);
    expect(html).toMatch(/<a [^>]*href="#syllabus-1-7-2"[^>]*>Class VII: Mathematics<\/a>/);
    expect(html).toContain('id="syllabus-1-7-2"');
    // A level with one part needs no contents.
    expect(html).not.toContain('href="#syllabus-2-9-3"');
    expect(html.match(/Draft/g)).toHaveLength(1);
  });

  it("marks no drafts for readers and says so when nothing is published", () => {
    expect(renderToString(<SyllabusDocument items={[item(2, 1, 7, "Mathematics", false)]} />)).not.toContain("Draft");
    expect(renderToString(<SyllabusDocument items={[]} />)).toContain("No syllabus is published yet.");
  });
});
