// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "coordinator" }));

import { ROLE } from "@repo/auth/roles";
import { regionPaths } from "@repo/contracts/geography-constants";
import { type StubbedApi, signedInAs, stubApi, userRecord } from "@repo/remix-app/testing";
import { renderRoute } from "@repo/remix-app/testing/route";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import * as route from "../routes/_app.regions.states";
import { page, statesPageAnswers } from "./regions.fixtures";

// The States list of the regions tree as an admin sees it, its real loader and action run against a stubbed API.
const PATH = "/regions/states";
let api: StubbedApi | undefined;
afterEach(() => {
  cleanup();
  api?.restore();
});

describe("the States list", () => {
  it("lists each state with its zone, prants and schools, and the URL's zone sent to the API", async () => {
    api = stubApi(statesPageAnswers());
    renderRoute(route, { path: PATH, url: `${PATH}?zone_id=4` });
    const table = await screen.findByRole("table", { name: "States" });
    expect(
      within(table)
        .getAllByRole("row")
        .map((row) => row.textContent),
    ).toEqual(["StateZonePrantsSchoolsActions", "MaharashtraWest31,250EditDelete", "GoaWest30EditDelete"]);
    expect(api.calls.find((call) => call.path === regionPaths("state").page)?.body).toEqual({
      page: 1,
      per_page: 10,
      zone_id: 4,
    });
  });

  it("puts the API's refusal of an edit on the field it is about", async () => {
    api = stubApi({
      ...statesPageAnswers(),
      [`POST ${regionPaths("state").member.replace("{id}", "3")}`]: {
        status: 409,
        body: {
          status: false,
          message: "Please correct the marked fields.",
          data: null,
          errors: [{ field: "name", message: "A state named Goa exists already" }],
        },
      },
    });
    renderRoute(route, { path: PATH });
    fireEvent.click(await screen.findByRole("button", { name: "Edit Maharashtra" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit state: Maharashtra" });
    const name = within(dialog).getByLabelText(/^State name/) as HTMLInputElement;
    expect(name.value).toBe("Maharashtra");
    fireEvent.change(name, { target: { value: "Goa" } });
    // The kit's submit button is enabled once the form's own check of what was typed has passed.
    const save = within(dialog).getByRole("button", { name: "Save changes" }) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(name.getAttribute("aria-invalid")).toBe("true"));
    const described = (name.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent)
      .join(" ");
    expect(described).toContain("A state named Goa exists already");
    expect(api.calls.find((call) => call.path === "/api/state/3")?.body).toMatchObject({ name: "Goa", zone_id: 4 });
  });

  it("says there are no states yet, and warns with the API's message when the list fails", async () => {
    api = stubApi({ ...statesPageAnswers(), [`POST ${regionPaths("state").page}`]: { body: page([]) } });
    renderRoute(route, { path: PATH });
    expect(await screen.findByText("No states yet")).toBeTruthy();
    cleanup();
    api.restore();
    api = stubApi({
      ...statesPageAnswers(),
      [`POST ${regionPaths("state").page}`]: { status: 500, body: { status: false, message: "Regions are down" } },
    });
    renderRoute(route, { path: PATH });
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByRole("heading").textContent).toBe("States list not found");
    expect(within(dialog).getByText("Regions are down")).toBeTruthy();
  });

  it("refuses a zonal coordinator with the access-denied page", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(userRecord({ role_id: ROLE.zonalCoordinator, role_name: "Zonal Coordinator" })),
    });
    renderRoute(route, { path: PATH });
    expect(await screen.findByText("You do not have permission to open this page")).toBeTruthy();
  });
});
