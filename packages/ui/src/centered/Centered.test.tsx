// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import "../../test/dom";
import { Centered } from "./Centered";

describe("Centered", () => {
  it("is the page's main landmark holding its content", () => {
    render(
      <Centered>
        <p>Sign in</p>
      </Centered>,
    );
    expect(screen.getByRole("main").textContent).toBe("Sign in");
  });
});
