// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import "../../test/dom";
import { PageTitle } from "./PageTitle";

describe("PageTitle", () => {
  it("is the page's level-1 heading with breadcrumbs and a description", () => {
    render(
      <PageTitle
        title="Paid students"
        description="Students whose fees are paid"
        breadcrumbs={[{ title: "Students" }, { title: "Paid students", path: "/paid-student" }]}
      />,
    );
    expect(screen.getByRole("heading", { level: 1, name: "Paid students" })).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Breadcrumb" })).toBeTruthy();
    expect(screen.getByText("Students whose fees are paid")).toBeTruthy();
  });
});
