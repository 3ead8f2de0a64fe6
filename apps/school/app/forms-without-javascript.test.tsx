// @vitest-environment happy-dom
import { MessageDialogProvider } from "@repo/ui/message-dialog";
import { UiProvider } from "@repo/ui/provider";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";

// The forms as the server renders them (all a browser without JavaScript gets), right after a
// refused post: a real <form method="post"> with every field named, what was typed filled in, the
// field messages shown and the submit button usable (docs/decisions/053).
const posted = vi.hoisted(() => ({ answer: undefined as unknown, search: "" }));
vi.mock("@remix-run/react", async (original) => ({
  ...(await original<typeof import("@remix-run/react")>()),
  useActionData: () => posted.answer,
  useFetcher: () => ({ state: "idle", data: undefined, submit: () => {}, load: () => {} }),
  useLocation: () => ({ pathname: "/student/Add-students", search: posted.search, hash: "", state: null, key: "" }),
}));

const { default: RegisterForm } = await import("./register/RegisterForm");
const { default: SifRegisterForm } = await import("./sif/SifRegisterForm");
const { StudentForm } = await import("./students/StudentForm");
const { default: SchoolProfileForm } = await import("./school-profile/SchoolProfileForm");
const { default: BankDetailsForm } = await import("./bank-details/BankDetailsForm");
const { default: InstituteProfileForm } = await import("./institute/InstituteProfileForm");
const { ChangePasswordForm } = await import("@repo/remix-app/profile/dialog");
const { default: ImportPanel } = await import("./student-import/ImportPanel");

/** The server's HTML of `element` after the action answered `answer`, as a document. */
function serverRender(element: ReactElement, answer: unknown) {
  posted.answer = answer;
  const html = renderToString(
    <UiProvider>
      <MessageDialogProvider>{element}</MessageDialogProvider>
    </UiProvider>,
  );
  if (process.env.DEBUG_FORM_HTML) console.log(html);
  return new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** The value the server's HTML gives a field (its attributes, as a browser first reads them). */
const sentValue = (control: Element) =>
  control.tagName === "SELECT"
    ? (control.querySelector("option[selected]")?.getAttribute("value") ?? "")
    : control.tagName === "TEXTAREA"
      ? (control.textContent ?? "")
      : (control.getAttribute("value") ?? "");

/** Checks the page: one posting form, the named fields with the typed values and the messages. */
function expectPlainForm(page: Document, typed: Record<string, string>, messages: Record<string, string>) {
  const forms = page.querySelectorAll("form");
  expect(forms).toHaveLength(1);
  const form = forms[0] as HTMLFormElement;
  expect(form.getAttribute("method")).toBe("post");
  for (const [name, value] of Object.entries(typed)) {
    const control = form.querySelector<Control>(`[name="${name}"]`);
    expect(control, `field ${name}`).not.toBeNull();
    expect(control && sentValue(control), `value of ${name}`).toBe(value);
  }
  for (const [name, message] of Object.entries(messages)) {
    const control = form.querySelector<Control>(`[name="${name}"]`);
    const described = (control?.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => page.getElementById(id)?.textContent ?? "")
      .join(" ");
    expect(described, `message of ${name}`).toContain(message);
    expect(control?.getAttribute("aria-invalid")).toBe("true");
  }
  const submits = [...form.querySelectorAll("button[type=submit]")];
  expect(submits.length).toBeGreaterThan(0);
  for (const button of submits) expect(button.hasAttribute("disabled")).toBe(false);
  return form;
}

const refused = (values: Record<string, string>, errors: Record<string, string>, extra = {}) => ({
  ok: false,
  message: "Please correct the marked fields.",
  values,
  errors: Object.entries(errors).map(([field, message]) => ({ field, message })),
  ...extra,
});

describe("forms rendered by the server after a refused post", () => {
  it("registration: the fields, the pickers' choices, and no password sent back", () => {
    const values = { school_name: "Test Vidyalaya", zone_id: "2", state_id: "4", email: "office at school" };
    const page = serverRender(
      <RegisterForm countries={[{ id: 1, name: "India" }]} countriesFailure={null} onRegistered={() => {}} />,
      refused(
        { ...values, country_id: "1" },
        { email: "Enter a valid e-mail address" },
        { regions: { zone: [{ id: 2, name: "West" }], state: [{ id: 4, name: "Goa" }] } },
      ),
    );
    const form = expectPlainForm(page, values, { email: "Enter a valid e-mail address" });
    expect(form.getAttribute("action")).toBe("/register");
    expect(form.querySelector('[name="password"]')?.getAttribute("value") ?? "").toBe("");
    expect(form.querySelector('button[name="intent"][value="regions"]')).not.toBeNull();
  });

  it("SIF registration: the school search's answer lists the school picked", () => {
    const page = serverRender(
      <SifRegisterForm countries={[]} countriesFailure={null} referralCode="" onRegistered={() => {}} />,
      refused(
        { first_name: "Meera", school_search: "Jnana", school_id: "7", phone: "12" },
        { phone: "Enter a phone number of 10 to 15 digits" },
        { schools: [{ id: 7, name: "Jnana Prabodhini", city: "Pune", district: null, state: "Maharashtra" }] },
      ),
    );
    const form = expectPlainForm(
      page,
      { first_name: "Meera", school_search: "Jnana", school_id: "7" },
      { phone: "10 to 15 digits" },
    );
    expect(form.querySelector('button[name="intent"][value="schools"]')).not.toBeNull();
  });

  it("add student: the hidden intent and CSRF token go with the fields", () => {
    const fetcher = { state: "idle", data: undefined, submit: () => {} } as never;
    const page = serverRender(
      <StudentForm fetcher={fetcher} extra={{ intent: "create", csrf: "token" }} submitLabel="Add student" />,
      refused({ first_name: "Asha", class_level: "8" }, { phone: "Enter a phone number" }, { intent: "create" }),
    );
    const form = expectPlainForm(
      page,
      { first_name: "Asha", class_level: "8", intent: "create", csrf: "token" },
      {
        phone: "Enter a phone number",
      },
    );
    expect(form.getAttribute("action")).toBeNull();
  });

  it("school profile, institute profile and bank details (multipart, for the cheque)", () => {
    const profile = { id: 5, board_id: 1, address: "Old", pincode: "411001", contact_name: "A", contact_phone: "" };
    expectPlainForm(
      serverRender(
        <SchoolProfileForm profile={profile as never} csrf="token" />,
        refused({ address: "New road", contact_phone: "12" }, { contact_phone: "10 to 15 digits" }),
      ),
      { address: "New road", contact_phone: "12", csrf: "token", id: "5" },
      { contact_phone: "10 to 15 digits" },
    );
    expectPlainForm(
      serverRender(
        <InstituteProfileForm profile={{ name: "Inst", email: "a@b.in", schools: 2 } as never} csrf="token" />,
        refused({ name: "Inst 2", email: "nope" }, { email: "Enter a valid e-mail" }),
      ),
      { name: "Inst 2", email: "nope", csrf: "token" },
      { email: "Enter a valid e-mail" },
    );
    const bank = expectPlainForm(
      serverRender(
        <BankDetailsForm csrf="token" holder="" />,
        refused({ account_holder: "Holder", ifsc: "SBIN" }, { ifsc: "Enter the 11-character IFSC" }),
      ),
      { account_holder: "Holder", ifsc: "SBIN", password: "", csrf: "token" },
      { ifsc: "11-character IFSC" },
    );
    expect(bank.getAttribute("enctype")).toBe("multipart/form-data");
    expect(bank.querySelector('input[type="file"][name="cancelled_cheque"]')).not.toBeNull();
  });

  it("change password: posts to the page it is on, with its intent", () => {
    const form = expectPlainForm(
      serverRender(
        <ChangePasswordForm csrf="token" action="/school/update-school-password" />,
        refused({}, { old_password: "The current password is wrong" }, { intent: "change-password" }),
      ),
      { intent: "change-password", csrf: "token", old_password: "" },
      { old_password: "The current password is wrong" },
    );
    expect(form.getAttribute("action")).toBe("/school/update-school-password");
  });
});

describe("the spreadsheet import as the server renders it (decision 053)", () => {
  const preview = {
    format: "csv",
    sheet_name: null,
    encoding: "utf-8",
    separator: ",",
    header_row: 1,
    columns: [{ key: "class_level", header: "Class", found: "Class", column: "C" }],
    total_rows: 2,
    bad_rows: 1,
    error_rows: [{ row: 3, message: "Row 3: Phone: enter 10 to 15 digits" }],
    rows: [{ row: 3, values: { class_level: "VIII" }, student: null, errors: [{ field: "phone", message: "x" }] }],
    warnings: [],
  };
  const job = (status: string, result: unknown = null) => ({
    id: 41,
    kind: "students.import",
    status,
    progress: { done: 0, total: 2 },
    result,
    error: null,
    created_at: "2026-12-06T05:00:00.000Z",
    finished_at: null,
  });
  // MemoryRouter: the result's "See the students" is a router link.
  const panel = (followed: unknown = null) => (
    <MemoryRouter>
      <ImportPanel
        csrf="token"
        listPath="/student/view-students"
        extra={{ school_id: "7" }}
        followed={followed as never}
      />
    </MemoryRouter>
  );

  it("a refused file: a multipart form posted to the page, the message on the file, checking first", () => {
    const page = serverRender(panel(), {
      imported: { ok: false, message: "The file has no “Phone” column", errors: [{ field: "file", message: "x" }] },
    });
    const form = expectPlainForm(page, { csrf: "token", school_id: "7" }, {});
    expect(form.getAttribute("enctype")).toBe("multipart/form-data");
    expect(form.getAttribute("action")).toBe("?tab=spreadsheet&import=upload");
    expect(form.querySelector('input[type="file"][name="file"]')).not.toBeNull();
    expect(form.textContent).toContain("The file has no “Phone” column");
    expect(form.querySelector('input[name="mode"][checked]')?.getAttribute("value")).toBe("preview");
  });

  it("a previewed file: what will be read, its mistakes, and the good rows chosen to import it again", () => {
    const page = serverRender(panel(), { imported: { ok: true, message: "", preview, fileName: "students.csv" } });
    const form = expectPlainForm(page, {}, {});
    expect(form.textContent).toContain("2 students in students.csv");
    expect(form.textContent).toContain("Row 3: Phone: enter 10 to 15 digits");
    expect(form.querySelector('input[name="mode"][checked]')?.getAttribute("value")).toBe("valid-rows");
  });

  it("a running import refreshes its page; a finished one shows its result and links to another", () => {
    posted.search = "?tab=spreadsheet&school=7&job=41";
    const running = serverRender(panel({ jobId: 41, job: job("running") }), undefined);
    expect(running.body.innerHTML).toMatch(/<meta http-equiv="refresh" content="3"/);
    expect(running.querySelector('a[href="/student/Add-students?tab=spreadsheet&school=7&job=41"]')).not.toBeNull();
    const result = { total_rows: 2, inserted: 1, already_registered: 0, bad_rows: 1, errors: [], warnings: [] };
    const done = serverRender(
      panel({ jobId: 41, job: job("done", { ...result, message: "1 student added", errors_file_id: 3 }) }),
      undefined,
    );
    expect(done.body.textContent).toContain("Import finished with problems");
    expect(done.querySelector('a[href="/student/import/41/errors"]')).not.toBeNull();
    expect(
      [...done.querySelectorAll("a")].find((a) => a.textContent === "Import another file")?.getAttribute("href"),
    ).toBe("/student/Add-students?tab=spreadsheet&school=7");
    posted.search = "";
  });
});
