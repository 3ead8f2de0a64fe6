import { describe, expect, it } from "vitest";
import {
  activeGroupIds,
  breadcrumbsFor,
  findActiveTrail,
  flattenMenu,
  MAX_MENU_DEPTH,
  type MenuItem,
  matchScore,
  normalizePath,
  pageTitleFor,
  shortUsername,
} from "./menu";

const menu: MenuItem[] = [
  { id: "dashboard", title: "Dashboard", path: "/admin-dashboard", icon: "dashboard" },
  {
    id: "students",
    title: "Students",
    icon: "users",
    children: [
      { id: "add", title: "Add students", path: "/student/Add-students" },
      { id: "view", title: "View students", path: "/student/view-students" },
      {
        id: "dates",
        title: "Important dates",
        children: [{ id: "gcc", title: "GCC dates", path: "/student/important-dates-gcc" }],
      },
    ],
  },
  {
    id: "results",
    title: "Results",
    path: "/result-overview",
    children: [
      { id: "reset", title: "Reset exam", path: "/result-overview/reset-exam?level=level-1" },
      { id: "upload", title: "Upload exam file", path: "/result-overview/upload-exam-file" },
    ],
  },
];

describe("normalizePath", () => {
  it.each([
    ["/student/", "/student"],
    ["student", "/student"],
    ["/a/b?x=1#top", "/a/b"],
    ["/", "/"],
    ["", "/"],
    ["///", "/"],
  ])("%j → %j", (input, expected) => expect(normalizePath(input)).toBe(expected));
});

describe("matchScore", () => {
  it("scores exact, exact-with-query, section and no match", () => {
    expect(matchScore("/student", "/student")).toBe(2);
    expect(matchScore("/student/", "/student?page=2")).toBe(2);
    expect(matchScore("/reset-exam?level=level-1", "/reset-exam?level=level-1&x=2")).toBe(3);
    expect(matchScore("/reset-exam?level=level-1", "/reset-exam?level=level-2")).toBe(1);
    expect(matchScore("/student", "/student/view-students/42")).toBe(1);
    expect(matchScore("/student", "/students")).toBe(0);
    expect(matchScore("/", "/student")).toBe(0);
  });
});

describe("findActiveTrail", () => {
  it("returns the chain from the top level to the active link", () => {
    expect(findActiveTrail(menu, "/student/view-students").map((item) => item.id)).toEqual(["students", "view"]);
    expect(findActiveTrail(menu, "/student/important-dates-gcc").map((item) => item.id)).toEqual([
      "students",
      "dates",
      "gcc",
    ]);
  });

  it("prefers an exact match to a section match, and the longest section", () => {
    expect(findActiveTrail(menu, "/result-overview").map((item) => item.id)).toEqual(["results"]);
    expect(findActiveTrail(menu, "/result-overview/upload-exam-file/5").map((item) => item.id)).toEqual([
      "results",
      "upload",
    ]);
  });

  it("uses query parameters named by the item", () => {
    expect(findActiveTrail(menu, "/result-overview/reset-exam?level=level-1").map((item) => item.id)).toEqual([
      "results",
      "reset",
    ]);
  });

  it("is empty for an unknown location and for an empty menu", () => {
    expect(findActiveTrail(menu, "/nowhere")).toEqual([]);
    expect(findActiveTrail([], "/admin-dashboard")).toEqual([]);
  });

  it("stops at 20 levels of nesting", () => {
    let deep: MenuItem = { id: "leaf", title: "Leaf", path: "/leaf" };
    for (let level = 0; level < MAX_MENU_DEPTH; level++)
      deep = { id: `g${level}`, title: `G${level}`, children: [deep] };
    // The leaf sits at depth 21 (index 20): beyond the cap, so it is never found.
    expect(findActiveTrail([deep], "/leaf")).toEqual([]);
    let reachable: MenuItem = { id: "leaf", title: "Leaf", path: "/leaf" };
    for (let level = 0; level < MAX_MENU_DEPTH - 1; level++) {
      reachable = { id: `g${level}`, title: `G${level}`, children: [reachable] };
    }
    expect(findActiveTrail([reachable], "/leaf")).toHaveLength(MAX_MENU_DEPTH);
  });

  it("terminates on cyclic data", () => {
    const loop: MenuItem = { id: "loop", title: "Loop", children: [] };
    loop.children?.push(loop);
    expect(findActiveTrail([loop], "/x")).toEqual([]);
    expect(flattenMenu([loop])).toHaveLength(MAX_MENU_DEPTH);
  });
});

describe("page title and breadcrumbs", () => {
  it("takes the page title from the active link, with a fallback", () => {
    expect(pageTitleFor(menu, "/student/Add-students")).toBe("Add students");
    expect(pageTitleFor(menu, "/nowhere", "Exam Portal")).toBe("Exam Portal");
    expect(pageTitleFor(menu, "/nowhere")).toBeUndefined();
  });

  it("builds breadcrumbs from the hierarchy, groups without a link", () => {
    expect(breadcrumbsFor(menu, "/student/important-dates-gcc")).toEqual([
      { title: "Students" },
      { title: "Important dates" },
      { title: "GCC dates", path: "/student/important-dates-gcc" },
    ]);
  });

  it("puts home in front unless the trail starts there", () => {
    const home = { title: "Home", path: "/admin-dashboard" };
    expect(breadcrumbsFor(menu, "/student/Add-students", home)[0]).toEqual(home);
    expect(breadcrumbsFor(menu, "/admin-dashboard", home)).toEqual([{ title: "Dashboard", path: "/admin-dashboard" }]);
    expect(breadcrumbsFor(menu, "/nowhere", home)).toEqual([home]);
  });

  it("names the groups to expand", () => {
    expect(activeGroupIds(menu, "/student/important-dates-gcc")).toEqual(["students", "dates"]);
    expect(activeGroupIds(menu, "/admin-dashboard")).toEqual([]);
  });
});

describe("flattenMenu", () => {
  it("lists items depth-first with their depth", () => {
    expect(flattenMenu(menu).map(({ item, depth }) => `${depth}:${item.id}`)).toEqual([
      "0:dashboard",
      "0:students",
      "1:add",
      "1:view",
      "1:dates",
      "2:gcc",
      "0:results",
      "1:reset",
      "1:upload",
    ]);
  });
});

describe("shortUsername", () => {
  it("cuts to 10 characters plus an ellipsis", () => {
    expect(shortUsername("masterinstitute")).toBe("masterinst…");
    expect(shortUsername("tenletters")).toBe("tenletters");
    expect(shortUsername("")).toBe("");
    expect(shortUsername("विद्यालयप्रधानाचार्य")).toHaveLength(11);
  });
});
