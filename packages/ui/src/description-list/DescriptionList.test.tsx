// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import "../../test/dom";
import { DescriptionList } from "./DescriptionList";

describe("DescriptionList", () => {
  it("pairs each label with its value in a description list, leaving out empty values", () => {
    render(
      <DescriptionList
        aria-label="Profile"
        items={[
          { label: "Role", value: "Admin" },
          { label: "Mobile", value: null },
          { label: "E-mail", value: "admin@example.org" },
          { label: "Team", value: "" },
        ]}
      />,
    );
    const list = screen.getByLabelText("Profile");
    expect(list.tagName).toBe("DL");
    expect([...list.querySelectorAll("dt")].map((dt) => dt.textContent)).toEqual(["Role", "E-mail"]);
    expect([...list.querySelectorAll("dd")].map((dd) => dd.textContent)).toEqual(["Admin", "admin@example.org"]);
  });
});
