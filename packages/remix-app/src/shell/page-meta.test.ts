import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "school" }));

import { ROLE } from "@repo/auth/roles";
import { pageMeta, pageTitle } from "./page-meta";
import { pageTitlesFor } from "./shell.server";

const school = { roleId: ROLE.school, isGcc: false, referredStudents: 0 };
const institute = { roleId: ROLE.masterInstitute, isGcc: false, referredStudents: 0 };

describe("document titles from the shell's page titles", () => {
  it("names the page and the app, hidden pages included, query and trailing slash ignored", () => {
    const titles = pageTitlesFor(school);
    expect(pageTitle(titles, "/student/view-students")).toBe("View Students · School Portal");
    expect(pageTitle(titles, "/student/view-students/?page=2")).toBe("View Students · School Portal");
    expect(pageTitle(titles, "/view-profile")).toBe("My Profile · School Portal");
  });

  it("titles a page the user may not open, or no page, by the app alone", () => {
    expect(pageTitle(pageTitlesFor(school), "/institute/Add-school")).toBe("School Portal");
    expect(pageTitle(pageTitlesFor(institute), "/institute/Add-school")).toBe("Add School · School Portal");
    expect(pageTitle(pageTitlesFor(school), "/nowhere")).toBe("School Portal");
  });

  it("reads the titles from the shell layout's loader data", () => {
    const meta = pageMeta({
      location: { pathname: "/student/view-students", search: "", hash: "", state: null, key: "k" },
      matches: [{ id: "routes/_app", data: { titles: pageTitlesFor(school) } }],
    } as unknown as Parameters<typeof pageMeta>[0]);
    expect(meta).toEqual([{ title: "View Students · School Portal" }]);
    expect(
      pageMeta({ location: { pathname: "/x" }, matches: [] } as unknown as Parameters<typeof pageMeta>[0]),
    ).toEqual([]);
  });

  it("keeps the app's own title when the shell's loader failed (a 503 page, decision 045)", () => {
    const root = { id: "root", data: undefined, meta: [{ title: "School Portal · Exam Portal" }] };
    const meta = pageMeta({
      location: { pathname: "/admin-dashboard", search: "", hash: "", state: null, key: "k" },
      matches: [root, { id: "routes/_app", data: undefined, meta: [] }],
    } as unknown as Parameters<typeof pageMeta>[0]);
    expect(meta).toEqual([{ title: "School Portal · Exam Portal" }]);
  });
});
