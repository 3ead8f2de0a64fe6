import { activityLog, users } from "@repo/db/schema";
import { testDrivers } from "@repo/db/testing";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "./support";

const FORMULA = '<span class="ql-formula" data-value="E = mc^2">E = mc^2</span>';

for (const driver of testDrivers()) {
  describe(`text content on ${driver}`, () => {
    let api: TestApi;
    const token: Record<string, string> = {};
    beforeAll(async () => {
      api = await startTestApi(driver);
      for (const [name, app] of [
        ["lms", "coordinator"],
        ["admin", "coordinator"],
        ["subadmin", "coordinator"],
        ["state", "coordinator"],
        ["paysupport", "coordinator"],
        ["school", "school"],
        ["institute", "school"],
        ["masterinstitute", "school"],
        ["student", "school"],
      ] as const) {
        token[name] = await api.login(name, app);
      }
      // The institute stands for a school of the GCC zone (zone 13).
      await api.db.update(users).set({ zoneId: 13 }).where(eq(users.username, "institute"));
    });
    afterAll(async () => {
      await api?.close();
    });
    const call = (method: string, path: string, who: string, json?: unknown) =>
      api.call(method, path, { token: token[who], ...(json === undefined ? {} : { json }) });

    describe("important dates", () => {
      const date = (over: Record<string, unknown> = {}) => ({
        title: "Level I exam",
        start_date: "2027-01-10",
        published: true,
        ...over,
      });

      it("lets LMS, Admin and Sub Admin create, read, update and delete, and logs each change", async () => {
        const created = await call("POST", "/api/important-dates/create", "lms", date({ end_date: "2027-01-12" }));
        expect(created.status).toBe(200);
        expect(created.body.message).toBe("Important date created successfully");
        const id = created.body.data.id;
        expect(created.body.data).toMatchObject({
          title: "Level I exam",
          start_date: "2027-01-10",
          end_date: "2027-01-12",
          audience: "all",
          exam_level: null,
          is_past: false,
        });
        for (const who of ["admin", "subadmin"]) {
          const updated = await call("POST", `/api/important-dates/update/${id}`, who, date({ title: `By ${who}` }));
          expect(updated.status).toBe(200);
          expect(updated.body.data).toMatchObject({ title: `By ${who}`, end_date: null });
        }
        const read = await call("GET", `/api/important-dates/${id}`, "school");
        expect(read.body.data.title).toBe("By subadmin");
        const removed = await call("DELETE", `/api/important-dates/${id}`, "lms");
        expect(removed.status).toBe(200);
        expect((await call("GET", `/api/important-dates/${id}`, "lms")).status).toBe(404);
        const log = await api.db
          .select({ action: activityLog.action })
          .from(activityLog)
          .where(and(eq(activityLog.entity, "important_date"), eq(activityLog.entityId, String(id))));
        expect(log.map((l) => l.action).sort()).toEqual([
          "important_date.create",
          "important_date.delete",
          "important_date.update",
          "important_date.update",
        ]);
      });

      it("refuses writes to schools, students and other coordinator roles, and reads to coordinators", async () => {
        for (const who of ["school", "institute", "masterinstitute", "student", "state", "paysupport"]) {
          const write = await call("POST", "/api/important-dates/create", who, date());
          expect(write.status, who).toBe(403);
        }
        for (const who of ["state", "paysupport"]) {
          expect((await call("GET", "/api/important-dates", who)).status, who).toBe(403);
        }
        expect((await api.call("GET", "/api/important-dates")).status).toBe(401);
      });

      it("names the end field when the range ends before it starts, and other bad fields", async () => {
        const backwards = await call("POST", "/api/important-dates/create", "lms", date({ end_date: "2027-01-09" }));
        expect(backwards.status).toBe(400);
        expect(backwards.body.errors).toEqual([
          { field: "end_date", message: "The end date must be on or after the start date" },
        ]);
        const bad = await call("POST", "/api/important-dates/create", "lms", {
          title: "",
          start_date: "10/01/2027",
          audience: "everyone",
        });
        expect(bad.status).toBe(400);
        expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
          "audience",
          "start_date",
          "title",
        ]);
        const missing = await call("POST", "/api/important-dates/update/999999", "lms", date());
        expect(missing.status).toBe(404);
      });

      it("sorts by date, marks past dates, and shows readers only the published dates meant for them", async () => {
        const made: number[] = [];
        for (const body of [
          date({ title: "Results day", start_date: "2027-03-01" }),
          date({ title: "Registration opened", start_date: "2020-07-01", end_date: "2020-08-01" }),
          date({ title: "Draft date", start_date: "2027-02-01", published: false }),
          date({ title: "Gulf exam day", start_date: "2027-02-15", audience: "gcc" }),
        ]) {
          made.push((await call("POST", "/api/important-dates/create", "lms", body)).body.data.id);
        }
        const titles = (page: { body: { data: { items: { title: string }[] } } }) =>
          page.body.data.items.map((item) => item.title);

        const lmsAll = await call("GET", "/api/important-dates?audience=all&per_page=100", "lms");
        expect(titles(lmsAll)).toEqual(expect.arrayContaining(["Registration opened", "Draft date", "Results day"]));
        expect(titles(lmsAll)).not.toContain("Gulf exam day");
        const lmsGcc = await call("GET", "/api/important-dates?audience=gcc", "lms");
        expect(titles(lmsGcc)).toContain("Gulf exam day");
        expect(lmsGcc.body.data.items.every((i: { audience: string }) => i.audience === "gcc")).toBe(true);

        const school = await call("GET", "/api/important-dates?per_page=100", "school");
        const seen = titles(school);
        expect(seen).not.toContain("Draft date");
        expect(seen).not.toContain("Gulf exam day");
        expect(seen.indexOf("Registration opened")).toBeLessThan(seen.indexOf("Results day"));
        const past = school.body.data.items.find((i: { title: string }) => i.title === "Registration opened");
        expect(past.is_past).toBe(true);
        expect((await call("GET", "/api/important-dates?audience=gcc", "school")).body.data.items).toEqual([]);
        expect((await call("GET", `/api/important-dates/${made[3]}`, "school")).status).toBe(404);
        expect((await call("GET", `/api/important-dates/${made[2]}`, "school")).status).toBe(404);

        const gcc = titles(await call("GET", "/api/important-dates?per_page=100", "institute"));
        expect(gcc).toEqual(expect.arrayContaining(["Gulf exam day", "Results day"]));
        expect(gcc).not.toContain("Draft date");
        expect((await call("GET", `/api/important-dates/${made[3]}`, "institute")).status).toBe(200);

        const search = await call("GET", "/api/important-dates?search=results", "student");
        expect(titles(search)).toContain("Results day");
        expect(titles(search)).not.toContain("Gulf exam day");
        const paging = await call("GET", "/api/important-dates?per_page=1&page=2", "lms");
        expect(paging.body.data).toMatchObject({ page: 2, per_page: 1 });
        expect(paging.body.data.items).toHaveLength(1);
        expect((await call("GET", "/api/important-dates?per_page=500", "lms")).status).toBe(400);
      });
    });

    describe("syllabus", () => {
      const syllabus = (body: string, over: Record<string, unknown> = {}) => ({
        syllabus_type: 1,
        class_level: 8,
        title: "Science",
        body,
        published: true,
        ...over,
      });

      it("stores the body sanitised: scripts, event handlers and javascript: links go, formulas stay", async () => {
        const dirty = `<p>Motion<script>alert(1)</script></p><img src="x" onerror="alert(2)"><p><a href="javascript:alert(3)">link</a> ${FORMULA}</p>`;
        const created = await call("POST", "/api/syllabus/create", "lms", syllabus(dirty));
        expect(created.status).toBe(200);
        const body: string = created.body.data.body;
        expect(body).not.toMatch(/script|onerror|javascript:/i);
        expect(body).toContain('<span class="ql-formula" data-value="E = mc^2">');
        expect(body).toContain("<p>Motion</p>");
        const read = await call("GET", `/api/syllabus/${created.body.data.id}`, "school");
        expect(read.body.data.body).toBe(body);
      });

      it("refuses a body that holds nothing once cleaned, and a wrong level or class, on their fields", async () => {
        const onlyScript = await call("POST", "/api/syllabus/create", "lms", syllabus("<script>alert(1)</script>"));
        expect(onlyScript.status).toBe(422);
        expect(onlyScript.body.errors[0].field).toBe("body");
        const empty = await call("POST", "/api/syllabus/create", "lms", syllabus("<p><br></p>"));
        expect(empty.status).toBe(400);
        expect(empty.body.errors).toEqual([{ field: "body", message: "body is required" }]);
        const wrong = await call(
          "POST",
          "/api/syllabus/create",
          "lms",
          syllabus("<p>x</p>", { syllabus_type: 3, class_level: 5 }),
        );
        expect(wrong.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
          "class_level",
          "syllabus_type",
        ]);
      });

      it("lists by level and class, drafts only for publishers", async () => {
        await call(
          "POST",
          "/api/syllabus/create",
          "lms",
          syllabus("<p>Level II maths</p>", { syllabus_type: 2, class_level: 10, title: "Mathematics" }),
        );
        await call(
          "POST",
          "/api/syllabus/create",
          "lms",
          syllabus("<p>draft</p>", { syllabus_type: 2, class_level: 10, title: "Draft", published: false }),
        );
        const lms = await call("GET", "/api/syllabus?syllabus_type=2&class_level=10", "lms");
        expect(lms.body.data.items.map((i: { title: string }) => i.title)).toEqual(["Draft", "Mathematics"]);
        for (const who of ["school", "masterinstitute", "institute", "student"]) {
          const reader = await call("GET", "/api/syllabus?syllabus_type=2", who);
          expect(reader.status, who).toBe(200);
          expect(
            reader.body.data.items.map((i: { title: string }) => i.title),
            who,
          ).not.toContain("Draft");
        }
        const levelOne = await call("GET", "/api/syllabus?syllabus_type=1", "school");
        expect(levelOne.body.data.items.every((i: { syllabus_type: number }) => i.syllabus_type === 1)).toBe(true);
        expect((await call("DELETE", `/api/syllabus/${lms.body.data.items[0].id}`, "school")).status).toBe(403);
      });
    });

    describe("lecture series", () => {
      const lecture = (over: Record<string, unknown> = {}) => ({
        title: "Light and optics",
        speaker: "Dr. Rao",
        lecture_date: "2026-12-01",
        video_url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
        class_level: 9,
        language: "hi",
        published: true,
        ...over,
      });

      it("gives YouTube links a youtube-nocookie player, Vimeo a player, other https sites a link", async () => {
        const yt = await call("POST", "/api/lecture-series/create", "lms", lecture());
        expect(yt.status).toBe(200);
        expect(yt.body.data.embed_url).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
        const vimeo = await call(
          "POST",
          "/api/lecture-series/create",
          "admin",
          lecture({ video_url: "https://vimeo.com/76979871" }),
        );
        expect(vimeo.body.data.embed_url).toBe("https://player.vimeo.com/video/76979871?dnt=1");
        const other = await call(
          "POST",
          "/api/lecture-series/create",
          "lms",
          lecture({ video_url: "https://example.org/talk.mp4", class_level: null }),
        );
        expect(other.body.data).toMatchObject({ embed_url: null, class_level: null });
        const forNine = await call("GET", "/api/lecture-series?class_level=9&per_page=100", "school");
        expect(forNine.body.data.items.length).toBeGreaterThanOrEqual(3);
      });

      it("refuses links that are not https with a message on video_url", async () => {
        for (const video_url of [
          "http://youtube.com/watch?v=abc",
          "javascript:alert(1)",
          "not a link",
          "ftp://x.org/a",
        ]) {
          const bad = await call("POST", "/api/lecture-series/create", "lms", lecture({ video_url }));
          expect(bad.status, video_url).toBe(400);
          expect(bad.body.errors, video_url).toEqual([
            {
              field: "video_url",
              message: "The video link must be an https:// address, e.g. https://www.youtube.com/watch?v=…",
            },
          ]);
        }
        const language = await call("POST", "/api/lecture-series/create", "lms", lecture({ language: "xx" }));
        expect(language.body.errors[0].field).toBe("language");
      });
    });

    describe("question paper pattern", () => {
      const pattern = (over: Record<string, unknown> = {}) => ({
        exam_level: 1,
        class_band: "VI-VIII",
        sections: [
          { name: "Science", questions: 40, marks: 40 },
          { name: "Mathematics", questions: 10, marks: 10 },
        ],
        duration_minutes: 90,
        negative_marks: 0.25,
        notes: `<p>No calculators.</p><iframe src="https://evil.example"></iframe>`,
        published: true,
        ...over,
      });

      it("stores the sections with their totals and sanitised notes", async () => {
        const created = await call("POST", "/api/frontend-pattern/create", "lms", pattern());
        expect(created.status).toBe(200);
        expect(created.body.data).toMatchObject({
          total_questions: 50,
          total_marks: 50,
          negative_marks: 0.25,
          notes: "<p>No calculators.</p>",
        });
        const list = await call("GET", "/api/frontend-pattern?exam_level=1", "institute");
        expect(list.body.data.items.map((i: { class_band: string }) => i.class_band)).toContain("VI-VIII");
      });

      it("names the bad section field", async () => {
        const bad = await call(
          "POST",
          "/api/frontend-pattern/create",
          "lms",
          pattern({ sections: [{ name: "", questions: 0, marks: 5 }] }),
        );
        expect(bad.status).toBe(400);
        expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
          "sections.0.name",
          "sections.0.questions",
        ]);
        const none = await call("POST", "/api/frontend-pattern/create", "lms", pattern({ sections: [] }));
        expect(none.body.errors).toEqual([{ field: "sections", message: "Add at least one section" }]);
        expect((await call("POST", "/api/frontend-pattern/create", "school", pattern())).status).toBe(403);
      });
    });
  });
}
