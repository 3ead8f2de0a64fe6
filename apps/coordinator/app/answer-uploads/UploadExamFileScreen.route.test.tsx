// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "coordinator" }));

import { pagePath } from "@repo/auth/menus";
import { ROLE } from "@repo/auth/roles";
import { NO_ANSWER_FILE } from "@repo/contracts/results-constants";
import { envelope, type StubbedApi, signedInAs, stubApi, userRecord } from "@repo/remix-app/testing";
import { renderRoute } from "@repo/remix-app/testing/route";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import * as route from "../routes/_app.result-overview.upload-exam-file";
import { admin, pageAnswers, upload } from "./answer-uploads.fixtures";
import { ANSWER_UPLOAD_PATHS } from "./answer-uploads-paths";

// Upload Exam File as an admin sees it, its real loader and action run against a stubbed API.
const PATH = pagePath("coordinator", "upload-exam-file");
let api: StubbedApi | undefined;
afterEach(() => {
  cleanup();
  api?.restore();
});

describe("the Upload Exam File page", () => {
  it("shows the stored sheets per class and level, and the uploads, each opening its report", async () => {
    api = stubApi(pageAnswers());
    renderRoute(route, { path: PATH });
    const stored = await screen.findByRole("table", { name: "Stored answer sheets per class" });
    const rows = within(stored)
      .getAllByRole("row")
      .map((row) => row.textContent);
    expect(rows).toContain("Class VIII200");
    expect(rows.at(-1)).toBe("All classes200");
    const uploads = screen.getByRole("table", { name: "Uploads" });
    const [, first] = within(uploads).getAllByRole("row");
    expect(
      within(first as HTMLElement)
        .getByRole("link")
        .getAttribute("href"),
    ).toBe(ANSWER_UPLOAD_PATHS.report(12));
    expect(first?.textContent).toContain("Checked, waiting for confirmation");
    expect(first?.textContent).toContain("Demo Admin");
  });

  it("asks for the file before sending anything", async () => {
    api = stubApi(pageAnswers(admin, []));
    renderRoute(route, { path: PATH });
    expect(await screen.findByText("No uploads yet")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Check file" }));
    const file = await screen.findByLabelText(/^Answer-sheet file/, { selector: "input" });
    const described = (file.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent)
      .join(" ");
    expect(described).toContain(NO_ANSWER_FILE);
    expect(api.calls.map((call) => call.path)).toEqual(["/api/user", "/api/answer-sheet-submitted-stats"]);
  });

  it("opens an upload's report and says why the API would not store its sheets", async () => {
    api = stubApi({
      ...pageAnswers(),
      "GET /api/answer-sheet-upload/12": { body: envelope(upload()) },
      "POST /api/answer-sheet-upload/12/confirm": {
        status: 409,
        body: { status: false, message: "Another upload of this level is being stored", data: null },
      },
    });
    renderRoute(route, { path: PATH, url: ANSWER_UPLOAD_PATHS.report(12) });
    // The report is loaded lazily: a card of the same title stands in meanwhile, so wait for its figures.
    const figures = await screen.findByRole("group", { name: "Report figures" });
    expect(figures.textContent).toContain("8");
    fireEvent.click(screen.getByRole("button", { name: "Store 2 sheets" }));
    const question = await screen.findByRole("alertdialog");
    fireEvent.click(within(question).getByRole("button", { name: "Store 2 sheets" }));
    expect(await screen.findByText("Another upload of this level is being stored")).toBeTruthy();
    expect(api.calls.filter((call) => call.path === "/api/answer-sheet-upload/12/confirm")).toHaveLength(1);
  });

  it("says an upload that cannot be loaded was not found, with the way back", async () => {
    api = stubApi({
      ...pageAnswers(),
      "GET /api/answer-sheet-upload/99": {
        status: 404,
        body: { status: false, message: "No such upload", data: null },
      },
    });
    renderRoute(route, { path: PATH, url: ANSWER_UPLOAD_PATHS.report(99) });
    expect(await screen.findByText("No such upload")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to the uploads" }).getAttribute("href")).toBe(
      ANSWER_UPLOAD_PATHS.page,
    );
  });

  it("says in both tables when the stored sheets cannot be loaded", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(admin),
      "GET /api/answer-sheet-submitted-stats": {
        status: 503,
        body: { status: false, message: "The database is restarting", data: null },
      },
    });
    renderRoute(route, { path: PATH });
    expect(await screen.findAllByText("The database is restarting")).toHaveLength(2);
  });

  it("refuses a district coordinator with the access-denied page", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(
        userRecord({ role_id: ROLE.districtCoordinator, role_name: "District Coordinator", username: "district" }),
      ),
    });
    renderRoute(route, { path: PATH });
    expect(await screen.findByText("You do not have permission to open this page")).toBeTruthy();
  });
});
