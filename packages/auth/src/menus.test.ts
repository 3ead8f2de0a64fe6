import { describe, expect, it } from "vitest";
import { APP_IDS } from "./apps";
import { findPage, menuFor, type PageNode, pagePath, pagesOf } from "./menus";
import { can, type Subject } from "./permissions";
import { ROLES } from "./roles";

const subject = (roleId: number, extra: Partial<Subject> = {}): Subject => ({
  roleId,
  isGcc: false,
  referredStudents: 0,
  ...extra,
});
const paths = (nodes: PageNode[]): string[] =>
  nodes.flatMap((n) => [...(n.path ? [n.path] : []), ...paths(n.children ?? [])]);

describe("pages and menus", () => {
  it("gives every page a unique path within its app, a title and a permission", () => {
    for (const app of APP_IDS) {
      const pages = pagesOf(app);
      expect(new Set(pages.map((p) => p.path)).size, app).toBe(pages.length);
      for (const page of pages) {
        expect(page.title, page.path).toMatch(/\S/);
        expect(page.permission, page.path).toBeDefined();
      }
    }
  });

  it("lands every role on a page of its app that it may open", () => {
    for (const role of ROLES) {
      const page = findPage(role.app, role.landingPath);
      expect(page, `${role.name} → ${role.landingPath}`).toBeDefined();
      expect(page?.permission && can(subject(role.id), page.permission), role.name).toBe(true);
    }
  });

  it("shows each role only pages its permissions open", () => {
    for (const role of ROLES) {
      for (const path of paths(menuFor(role.app, subject(role.id)))) {
        const page = findPage(role.app, path);
        expect(page?.permission && can(subject(role.id), page.permission), `${role.name}: ${path}`).toBe(true);
      }
    }
  });

  it("builds the school menus (docs/domain.md, Who may do what)", () => {
    const school = paths(menuFor("school", subject(2)));
    expect(school).toContain("/payment/disable-account");
    expect(school).toContain("/student/view-referred-students");
    expect(school).not.toContain("/school/bank-detail");
    expect(paths(menuFor("school", subject(2, { referredStudents: 11 })))).toContain("/school/bank-detail");
    expect(paths(menuFor("school", subject(17)))).toEqual(
      expect.arrayContaining(["/institute/Add-school", "/school/bank-detail"]),
    );
    // A master institute adds students into one of its schools, picked on the page (issue 11).
    expect(paths(menuFor("school", subject(17)))).toContain("/student/Add-students");
    expect(paths(menuFor("school", subject(17)))).not.toContain("/payment/disable-account");
    // Results with certificates: every school account, never a student.
    for (const role of [2, 17, 18]) expect(paths(menuFor("school", subject(role)))).toContain("/results");
    // A student: its exams, its own fee, the study pages meant for students (not buying, not the
    // brochures, which schools hand on) and the notifications addressed to students; its explained
    // result is reached from its exams.
    expect(paths(menuFor("school", subject(1)))).toEqual([
      "/student",
      "/payment/pay-my-fee",
      "/study-material/study-material",
      "/study-material/syllabus-for-exam-level-i",
      "/study-material/syllabus-for-exam-level-ii",
      "/study-material/detailed-syllabus",
      "/study-material/download-app",
      "/study-material/go-to-student-lecture-series",
      "/content/notifications",
    ]);
    expect(findPage("school", "/student/results")).toMatchObject({ permission: "student.area", hidden: true });
    for (const role of [2, 17, 18]) {
      expect(paths(menuFor("school", subject(role)))).toEqual(
        expect.arrayContaining(["/study-material/vvm-brochure-download", "/study-material/buy-study-material"]),
      );
    }
  });

  it("hides analytics and region student lists from GCC coordinators, and shows them bulk import", () => {
    const gcc = paths(menuFor("coordinator", subject(9, { isGcc: true })));
    expect(gcc).not.toContain("/analytic");
    expect(gcc).not.toContain("/paid-student");
    expect(gcc).toContain("/total-student");
    expect(gcc).toContain("/region-masters/states-coordinators/student-import");
    const india = paths(menuFor("coordinator", subject(9)));
    expect(india).toContain("/analytic");
    expect(india).not.toContain("/region-masters/states-coordinators/student-import");
    expect(india).not.toContain("/result-overview/school-mock");
  });

  it("gives the outbox role only its four pages (mail, text messages, sending, templates)", () => {
    expect(paths(menuFor("outbox", subject(12)))).toEqual(["/outbox", "/text-messages", "/send-mail", "/templates"]);
    expect(menuFor("outbox", subject(3))).toEqual([]);
  });

  it("drops groups with no visible child and never shows hidden pages", () => {
    const pay = menuFor("coordinator", subject(5));
    expect(pay.map((n) => n.id)).toEqual(["dashboard", "pay-support"]);
    expect(paths(menuFor("coordinator", subject(3)))).not.toContain("/view-profile");
    expect(paths(menuFor("coordinator", subject(3)))).not.toContain("/state-district/state-wise-district");
  });

  it("gives every page an id of its own within its app", () => {
    for (const app of APP_IDS) {
      const ids = pagesOf(app).map((p) => p.id);
      expect(new Set(ids).size, app).toBe(ids.length);
    }
  });

  it("builds page addresses from page ids, and only from ids the tree has", () => {
    expect(pagePath("coordinator", "districts")).toBe("/regions/districts");
    expect(pagePath("coordinator", "reset-exam")).toBe("/result-overview/reset-exam?level=level-1");
    expect(pagePath("school", "disable-account")).toBe("/payment/disable-account");
    // @ts-expect-error a group is not a page
    expect(() => pagePath("coordinator", "regions")).toThrow(/No page "regions"/);
    // @ts-expect-error a page of another app
    expect(() => pagePath("outbox", "districts")).toThrow(RangeError);
  });

  it("finds pages by path, ignoring a trailing slash", () => {
    expect(findPage("coordinator", "/regions/zones/")?.title).toBe("Zones");
    expect(findPage("coordinator", "/result-overview/reset-exam")?.permission).toBe("exam.reset");
    expect(findPage("school", "/nowhere")).toBeUndefined();
  });
});
