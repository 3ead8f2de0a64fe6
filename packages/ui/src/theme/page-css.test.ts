import { describe, expect, it } from "vitest";
import { classesOf, cssForPage } from "./page-css";
import { css, getCssText, globalStyles } from "./stitches";

const Seen = css({
  color: "red",
  "&:hover": { color: "blue" },
  variants: { size: { small: { fontSize: 10 }, large: { fontSize: 30, "@md": { fontSize: 40 } } } },
});
const NotSeen = css({ content: '"}{"', letterSpacing: 3 });
const inline = css({ marginTop: 7 });

/** The names each group's marker lists, by group number. */
const markers = (text: string) =>
  Object.fromEntries(
    [...text.matchAll(/--sxs\{--sxs:(\d+)([^}]*)\}/g)].map((m) => [
      m[1],
      (m[2] ?? "").trim().split(/\s+/).filter(Boolean),
    ]),
  );

describe("the CSS of one page", () => {
  globalStyles();
  // The process rendered both components and both sizes, as an app server does over many pages.
  const seen = Seen({ size: "small" }).className;
  const large = Seen({ size: "large" }).className;
  const notSeen = NotSeen({}).className;
  const margin = inline().className;
  const all = getCssText();
  const page = `<html><body><span class="${seen}">a</span><p class="x ${margin}">b</p></body></html>`;
  const cut = cssForPage(all, page);

  it("keeps the rules of the classes the page uses, with their states", () => {
    expect(cut).toMatch(/\.c-[\w-]+\{color:red\}/);
    expect(cut).toContain(":hover{color:blue}");
    expect(cut).toContain("font-size:10px");
    expect(cut).toContain("margin-top:7px");
  });

  it("leaves out what only other pages used, and names only what it kept", () => {
    expect(all).toContain("letter-spacing:3px");
    expect(cut).not.toContain("letter-spacing:3px");
    expect(all).toContain("font-size:40px");
    expect(cut).not.toContain("font-size:30px");
    expect(cut).not.toContain("font-size:40px");
    const kept = Object.values(markers(cut)).flat();
    for (const name of notSeen.split(" ")) expect(kept).not.toContain(name);
    for (const name of large.split(" ").filter((n) => !seen.split(" ").includes(n))) expect(kept).not.toContain(name);
    for (const name of [...seen.split(" "), margin]) expect(kept).toContain(name);
    expect(cut.length).toBeLessThan(all.length);
  });

  it("keeps the themes and global styles whole, and every group's marker in order", () => {
    expect(cut).toContain("--colors-primary:#50CD89");
    expect(cut).toContain(".theme-dark{");
    expect(cut).toContain("box-sizing:border-box");
    expect(markers(cut)[0]).toEqual(markers(all)[0]);
    expect(markers(cut)[1]).toEqual(markers(all)[1]);
    expect(Object.keys(markers(cut))).toEqual(Object.keys(markers(all)));
  });

  it("does not carry one page's rules into the next page's answer", () => {
    const other = `<i class="${notSeen}"></i>`;
    expect(cssForPage(all, other)).toContain("letter-spacing:3px");
    expect(cssForPage(all, other)).not.toContain("color:red");
    expect(cssForPage(all, page)).toBe(cut);
  });

  it("answers everything for text not in Stitches' shape", () => {
    expect(cssForPage(".a{color:red}", page)).toBe(".a{color:red}");
  });

  it("reads class attributes, not text that looks like one", () => {
    expect([...classesOf('<a class="one  two">class="three"</a><svg class="four"></svg>')]).toEqual([
      "one",
      "two",
      "four",
    ]);
  });
});
