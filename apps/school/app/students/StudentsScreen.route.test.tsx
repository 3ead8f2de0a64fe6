// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "school" }));

import { envelope, type StubbedApi, signedInAs, stubApi, userRecord } from "@repo/remix-app/testing";
import { renderRoute } from "@repo/remix-app/testing/route";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import * as route from "../routes/_app.student.view-students";
import { page, student } from "./students.fixtures";

// The school's students list as a user sees it, its real loader and action run against a stubbed API.
const PATH = "/student/view-students";
let api: StubbedApi | undefined;
afterEach(() => {
  cleanup();
  api?.restore();
});

describe("the students list page", () => {
  it("shows the school's students with their payment and the row actions", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(),
      "GET /api/schools/student-list": {
        body: page([student(1, "Asha"), student(2, "Ravi", { payment_status: "paid", roll_number: "R-0042" })], 41),
      },
    });
    renderRoute(route, { path: PATH, url: `${PATH}?class_level=8` });
    const table = await screen.findByRole("table", { name: "Students" });
    expect(
      within(table)
        .getAllByRole("row")
        .map((row) => row.textContent),
    ).toEqual([
      "StudentClassLanguageParentPhonePaymentRoll numberSign-in by SMSActionsSign-in slip",
      "Asha RaoVIIIHindiSuresh Rao9876543210Unpaid——EditSend sign-inDeletePrint slip",
      "Ravi RaoVIIIHindiSuresh Rao9876543210PaidR-0042—EditSend sign-inDeletePrint slip",
    ]);
    expect(screen.getByText("41 this exam year")).toBeTruthy();
    // The URL's filter reached the API.
    expect(api.calls.find((call) => call.path.startsWith("/api/schools/student-list"))?.path).toContain(
      "class_level=8",
    );
  });

  it("opens the edit form again after a refused edit, with what was typed and the field's message", async () => {
    const asha = student(4, "Asha");
    // The loader's answer as the screen reads it, typed from the real loader.
    renderRoute(route, {
      path: PATH,
      loaderData: {
        csrf: "token",
        fixed: null,
        filters: {},
        canEdit: true,
        canPrintSlips: false,
        problem: null,
        rows: [{ ...asha, payment_status: "unpaid" }],
        total: 1,
        failure: null,
      },
      actionData: {
        ok: false,
        intent: "update",
        id: "4",
        message: "Please correct the marked fields.",
        errors: [{ field: "phone", message: "Enter 10 to 15 digits" }],
        values: { first_name: "Asha", last_name: "Rao", phone: "12" },
      },
    });
    // The edit form is loaded lazily (renderRoute's findBy waits long enough for its first import).
    const dialog = await screen.findByRole("dialog", { name: "Edit Asha Rao" });
    const phone = within(dialog).getByLabelText(/^Phone/) as HTMLInputElement;
    expect(phone.value).toBe("12");
    expect(phone.getAttribute("aria-invalid")).toBe("true");
    const described = (phone.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent)
      .join(" ");
    expect(described).toContain("Enter 10 to 15 digits");
  });

  it("says there are no students yet on an empty list", async () => {
    api = stubApi({ "GET /api/user": signedInAs(), "GET /api/schools/student-list": { body: page([]) } });
    renderRoute(route, { path: PATH });
    expect(await screen.findByText("No students yet")).toBeTruthy();
    expect(screen.getByText("Add students one by one, or many at once from a spreadsheet.")).toBeTruthy();
  });

  it("warns once with the API's message when the list cannot be loaded", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(),
      "GET /api/schools/student-list": {
        status: 409,
        body: { status: false, message: "No exam year is open", data: null },
      },
    });
    renderRoute(route, { path: PATH });
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByRole("heading").textContent).toBe("Students list not found");
    expect(within(dialog).getByText("No exam year is open")).toBeTruthy();
  });

  it("refuses a signed-in student with the access-denied page", async () => {
    api = stubApi({ "GET /api/user": signedInAs(userRecord({ role_id: 1, role_name: "Student" })) });
    renderRoute(route, { path: PATH });
    expect(await screen.findByText("You do not have permission to open this page")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("deletes a student after the question, through the page's action, and says what the API said", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(),
      "GET /api/schools/student-list": { body: page([student(4, "Asha")]) },
      "POST /api/schools/students/delete": { body: envelope({ deleted: [4], kept: [] }, "1 student deleted") },
    });
    renderRoute(route, { path: PATH });
    fireEvent.click(await screen.findByRole("button", { name: "Delete Asha Rao" }));
    const question = await screen.findByRole("alertdialog");
    expect(question.textContent).toContain("Delete Asha Rao? Unpaid students are removed with their sign-in");
    fireEvent.click(within(question).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("1 student deleted")).toBeTruthy();
    expect(api.calls.find((call) => call.path === "/api/schools/students/delete")?.body).toEqual({ ids: [4] });
  });
});
