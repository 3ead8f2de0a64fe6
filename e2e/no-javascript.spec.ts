import { expect, type Page, test } from "@playwright/test";
import {
  APP_IDS,
  appOrigin,
  DEMO_PASSWORD,
  lettersOf,
  pageUrl,
  registerSchoolByApi,
  verificationLink,
} from "./support";

// Runs in the "no-javascript" project (playwright.config.ts): the browser runs no script at all,
// as on a phone before the page's JavaScript has loaded. Every form must still show its fields,
// post, keep what was typed when it is refused, show the field messages, and do its work
// (docs/decisions/053-forms-work-without-javascript.md).

const school = appOrigin("school");
const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);
/** The message shown under a field (its aria-describedby), e.g. "Enter the first name". */
const messageOf = (page: Page, name: string) =>
  field(page, name).evaluate((input) =>
    (input.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" "),
  );
const press = (page: Page, name: string) => page.getByRole("button", { name, exact: true }).click();
/** Picks the first real choice of a drop-down (the demo data's regions and schools). */
const pickFirst = async (page: Page, name: string) => {
  const value = await field(page, name).evaluate(
    (select) => (select as HTMLSelectElement).querySelector<HTMLOptionElement>("option:not([value=''])")?.value ?? "",
  );
  expect(value, `${name} has a choice`).not.toBe("");
  await field(page, name).selectOption(value);
};

/**
 * The registration form's school fields, the zone picked from the page's list and the state after
 * "Show the choices"; `username` names the account and its e-mail address.
 */
async function fillSchool(page: Page, username: string) {
  await pickFirst(page, "zone_id");
  await press(page, "Show the choices for the region picked");
  await pickFirst(page, "state_id");
  await pickFirst(page, "category_id");
  await pickFirst(page, "board_id");
  await field(page, "address").fill("1, Station Road");
  await field(page, "pincode").fill("411001");
  await field(page, "contact_name").fill("S. Joshi");
  await field(page, "contact_phone").fill("9876543210");
  await field(page, "email").fill(`${username}@e2e.example.org`);
  await field(page, "username").fill(username);
}

async function signIn(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.goto(`${school}/login`);
  await field(page, "username").fill(username);
  await field(page, "password").fill(password);
  await press(page, "Sign in");
  await expect(page).not.toHaveURL(/\/login/);
}

test("every app's sign-in keeps the username after a wrong password, and signs in", async ({ page }) => {
  for (const app of APP_IDS) {
    await page.goto(`${appOrigin(app)}/login`);
    await field(page, "username").fill("nojs-nobody");
    await field(page, "password").fill("Wrong@12345");
    await press(page, "Sign in");
    await expect(page.getByRole("alert")).toBeVisible();
    await expect(field(page, "username")).toHaveValue("nojs-nobody");
  }
  await signIn(page, "school");
});

test("a school registers without JavaScript, adds and edits a student, pays, asks pay support, changes its profile and password", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const username = `nojs${stamp}`;
  await page.goto(`${school}/register`);

  // Sent empty: every required field says what it needs.
  await press(page, "Register school");
  expect(await messageOf(page, "school_name")).toContain("Enter the school name");
  expect(await messageOf(page, "zone_id")).toContain("Choose the zone");

  // The pickers fill each other through "Show the choices", keeping what was typed.
  await field(page, "school_name").fill("No Script Vidyalaya");
  await field(page, "password").fill("Nojs@12345");
  await press(page, "Show the choices for the region picked");
  await expect(field(page, "school_name")).toHaveValue("No Script Vidyalaya");
  await expect(field(page, "password")).toHaveValue("");
  await fillSchool(page, username);
  // A mismatched confirmation is refused on its field; the rest stays.
  await field(page, "password").fill("Nojs@12345");
  await field(page, "confirm_password").fill("Nojs@99999");
  await press(page, "Register school");
  expect(await messageOf(page, "confirm_password")).toContain("Password do not match");
  await expect(field(page, "username")).toHaveValue(username);
  await expect(field(page, "state_id")).not.toHaveValue("");
  await field(page, "password").fill("Nojs@12345");
  await field(page, "confirm_password").fill("Nojs@12345");
  await press(page, "Register school");
  await expect(page.getByText("Check your e-mail")).toBeVisible();

  await signIn(page, username, "Nojs@12345");

  // Add a student: refused with the messages and what was typed, then added.
  await page.goto(`${school}/student/Add-students`);
  await field(page, "first_name").fill("Asha");
  await field(page, "phone").fill("12");
  await press(page, "Add student");
  await expect(field(page, "first_name")).toHaveValue("Asha");
  expect(await messageOf(page, "phone")).toContain("10 to 15 digits");
  expect(await messageOf(page, "class_level")).toContain("Choose a class");
  await field(page, "class_level").selectOption("8");
  await pickFirst(page, "language");
  await pickFirst(page, "gender");
  await field(page, "date_of_birth").fill("2012-08-15");
  await field(page, "parent_name").fill("R. Rao");
  await field(page, "phone").fill("9876500001");
  await press(page, "Add student");
  await expect(page.getByRole("status").filter({ hasText: "See the list" })).toBeVisible();
  await expect(field(page, "first_name")).toHaveValue("");

  // Edit the student from the list: a link opens the form in the page.
  await page.goto(pageUrl("school", "view-students"));
  await page.getByRole("link", { name: /^Edit Asha/ }).click();
  await field(page, "parent_name").fill("Radha Rao");
  await field(page, "phone").fill("98765");
  await press(page, "Save changes");
  expect(await messageOf(page, "phone")).toContain("10 to 15 digits");
  await expect(field(page, "parent_name")).toHaveValue("Radha Rao");
  await field(page, "phone").fill("9876500009");
  await press(page, "Save changes");
  await expect(page.getByRole("status")).toBeVisible();
  await expect(page.getByRole("cell", { name: "9876500009" })).toBeVisible();

  // Start a payment: refused while the school's e-mail is unverified, then paid through the demo gateway.
  await page.goto(pageUrl("school", "payment-student"));
  await press(page, "Pay for all 1 unpaid student");
  await expect(page.getByRole("alert")).toBeVisible();
  await page.goto(await verificationLink(`${username}@e2e.example.org`));
  await press(page, "Verify my e-mail address");
  await expect(page.getByRole("heading", { name: "E-mail address verified" })).toBeVisible();
  await page.goto(pageUrl("school", "payment-student"));
  await press(page, "Pay for all 1 unpaid student");
  await expect(page).toHaveURL(/\/payment\/checkout\//);
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page.getByText("Payment received")).toBeVisible();

  // A payment request to pay support, with a receipt attached.
  await page.goto(pageUrl("school", "raised-requests"));
  await page.getByRole("link", { name: "Raise a request" }).click();
  await field(page, "subject").fill("Paid twice");
  await press(page, "Send to pay support");
  await expect(field(page, "subject")).toHaveValue("Paid twice");
  expect(await messageOf(page, "message")).not.toBe("");
  await field(page, "message").fill("The bank shows two debits of the fee on the same day, reference 12345.");
  await field(page, "attachment").setInputFiles("e2e/fixtures/photo.png");
  await press(page, "Send to pay support");
  await expect(page.getByRole("status")).toBeVisible();
  await expect(page.getByRole("cell", { name: /^Paid twice/ })).toBeVisible();
  await expect(field(page, "subject")).toHaveCount(0);

  // The school profile.
  await page.goto(`${school}/school/edit-school-profile`);
  await field(page, "contact_phone").fill("12");
  await press(page, "Save changes");
  expect(await messageOf(page, "contact_phone")).toContain("10 to 15 digits");
  await expect(field(page, "contact_phone")).toHaveValue("12");
  await field(page, "contact_phone").fill("9876543211");
  await press(page, "Save changes");
  await expect(page.getByRole("status").filter({ hasText: "School profile updated" })).toBeVisible();
  await expect(field(page, "contact_phone")).toHaveValue("9876543211");

  // The password: a wrong current one is refused on its field, the right one changes it.
  await page.goto(`${school}/school/update-school-password`);
  await field(page, "old_password").fill("Wrong@12345");
  await field(page, "new_password").fill("Nojs@67890");
  await field(page, "confirm_password").fill("Nojs@67890");
  await press(page, "Change Password");
  await expect(page.getByText(/current password/i).first()).toBeVisible();
  await field(page, "old_password").fill("Nojs@12345");
  await field(page, "new_password").fill("Nojs@67890");
  await field(page, "confirm_password").fill("Nojs@67890");
  await press(page, "Change Password");
  await expect(page.getByRole("status").filter({ hasText: "Password changed" })).toBeVisible();
});

test("a student registers alone without JavaScript: the school search and the messages work", async ({ page }) => {
  const stamp = Date.now().toString(36);
  await page.goto(`${school}/sif/register`);
  await press(page, "Register");
  expect(await messageOf(page, "first_name")).toContain("Enter the first name");

  await field(page, "first_name").fill("Meera");
  await field(page, "school_search").fill("Jnana");
  await press(page, "Search schools");
  await expect(field(page, "first_name")).toHaveValue("Meera");
  await pickFirst(page, "school_id");
  await pickFirst(page, "gender");
  await field(page, "class_level").selectOption("9");
  await pickFirst(page, "language");
  await field(page, "date_of_birth").fill("2011-05-02");
  await field(page, "parent_name").fill("K. Iyer");
  await field(page, "phone").fill("9876500002");
  await field(page, "email").fill(`meera-${stamp}@e2e.example.org`);
  await press(page, "Register");
  await expect(page.getByText("You are registered")).toBeVisible();
  await expect(page.getByTestId("sif-username")).not.toBeEmpty();
});

test("a master institute adds a school and saves its bank details with a cheque without JavaScript", async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  await signIn(page, "masterinstitute");

  // The registration form as the institute's Add School: refused, then added.
  await page.goto(`${school}/institute/Add-school`);
  await field(page, "school_name").fill("No Script Shala");
  await press(page, "Add school");
  await expect(field(page, "school_name")).toHaveValue("No Script Shala");
  expect(await messageOf(page, "zone_id")).toContain("Choose the zone");
  await fillSchool(page, `shala${stamp}`);
  await press(page, "Add school");
  await expect(page.getByRole("status").filter({ hasText: `shala${stamp}@e2e.example.org` })).toBeVisible();

  // The schools import: its tab is a link, and a file without the template's columns is refused on the file input.
  await page.getByRole("tab", { name: "From a spreadsheet" }).click();
  await field(page, "file").setInputFiles({
    name: "x.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("Name,Age\nA,1"),
  });
  await press(page, "Upload");
  expect(await messageOf(page, "file")).toMatch(/column/i);

  // Bank details with the cancelled cheque, as a multipart post.
  await page.goto(`${school}/school/bank-detail`);
  await field(page, "account_holder").fill("Demo Master Institute");
  await field(page, "account_number").fill("123456789012");
  await field(page, "confirm_account_number").fill("123456789013");
  await field(page, "ifsc").fill("SBIN0001234");
  await field(page, "bank_name").fill("State Bank of India");
  await field(page, "branch").fill("Pune");
  await field(page, "password").fill(DEMO_PASSWORD);
  await field(page, "cancelled_cheque").setInputFiles("e2e/fixtures/photo.png");
  await press(page, "Save bank details");
  expect(await messageOf(page, "confirm_account_number")).not.toBe("");
  await expect(field(page, "bank_name")).toHaveValue("State Bank of India");
  await field(page, "confirm_account_number").fill("123456789012");
  await field(page, "password").fill(DEMO_PASSWORD);
  await field(page, "cancelled_cheque").setInputFiles("e2e/fixtures/photo.png");
  await press(page, "Save bank details");
  await expect(page.getByRole("status").filter({ hasText: "Bank details saved" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Download the uploaded cheque" })).toBeVisible();
});

test("a school imports students from a spreadsheet, sends sign-in details, deletes one, searches, filters and pays for the ticked ones without JavaScript", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const stamp = Date.now().toString(36);
  // Names and phones of this run only: the same student is refused across schools.
  const suffix = lettersOf(stamp);
  const phone = (n: number) => `97${60_000_000 + Math.floor(Math.random() * 30_000_000) + n}`;
  const account = await registerSchoolByApi(
    `nojsimp${stamp}`,
    `nojsimp-${stamp}@e2e.example.org`,
    `Nojs Import ${stamp}`,
  );
  await signIn(page, account.username, account.password);
  const csv = (name: string, lines: string[]) => ({
    name,
    mimeType: "text/csv",
    buffer: Buffer.from(lines.join("\n")),
  });
  const good = csv("students.csv", [
    "First name,Last name,Class,Language,Gender,Date of birth,Parent's name,Phone,E-mail",
    `Kavya${suffix},Patil,VIII,Marathi,Female,12/06/2013,Sunita Patil,${phone(1)},kavya-${stamp}@e2e.example.org`,
    `Rohan${suffix},Patil,VIII,Marathi,Male,13/06/2013,Sunita Patil,12345,`,
    `Ishaan${suffix},Patil,VIII,Marathi,Male,14/06/2013,Sunita Patil,${phone(2)},`,
  ]);

  // The spreadsheet tab is a link before JavaScript.
  await page.goto(`${school}/student/Add-students`);
  await page.getByRole("tab", { name: "From a spreadsheet" }).click();
  await expect(page).toHaveURL(/tab=spreadsheet/);

  // A file without the template's columns is refused on the file input, saying why.
  await field(page, "file").setInputFiles(csv("wrong.csv", ["Name,Age", "Asha,12"]));
  await press(page, "Upload");
  expect(await messageOf(page, "file")).toMatch(/column/i);

  // Checked first (the default): what will be read and the bad row, nothing saved.
  await field(page, "file").setInputFiles(good);
  await press(page, "Upload");
  await expect(page.getByText("3 students in students.csv")).toBeVisible();
  await expect(page.getByText("1 row has mistakes")).toBeVisible();
  await expect(page.getByLabel("Save the good rows and give me the others")).toBeChecked();

  // The file again, the good rows saved: the page follows the job, refreshing itself, to its result.
  await field(page, "file").setInputFiles(good);
  await press(page, "Upload");
  await expect(page).toHaveURL(/job=\d+/);
  await expect(page.getByRole("status").filter({ hasText: "Import finished with problems" })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole("link", { name: "Download the errors file" })).toBeVisible();
  await page.getByRole("link", { name: "See the students" }).click();
  await expect(page.getByText(`Kavya${suffix}`)).toBeVisible();

  // "Send sign-in" and "Delete" are links to a confirmation card in the page, which posts the action.
  await page.getByRole("link", { name: `Send sign-in details to Kavya${suffix} Patil` }).click();
  await expect(page.getByText(`Mail a username and password to kavya-${stamp}@e2e.example.org?`)).toBeVisible();
  await press(page, "Send");
  await expect(page.getByRole("status")).toBeVisible();
  await page.getByRole("link", { name: `Delete Ishaan${suffix} Patil` }).click();
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByText(`Ishaan${suffix}`)).toBeVisible();
  await page.getByRole("link", { name: `Delete Ishaan${suffix} Patil` }).click();
  await press(page, "Delete");
  await expect(page.getByRole("status")).toBeVisible();
  await expect(page.getByText(`Ishaan${suffix}`)).toHaveCount(0);

  // The search box and the filters are GET forms: a class without students finds none, the search keeps.
  await page.getByRole("searchbox").fill(`Kavya${suffix}`);
  await page.getByRole("searchbox").press("Enter");
  await expect(page).toHaveURL(new RegExp(`search=Kavya${suffix}`));
  await page.locator(`select[name="class_level"]`).selectOption("6");
  await press(page, "Apply filters");
  await expect(page).toHaveURL(/class_level=6/);
  await expect(page).toHaveURL(new RegExp(`search=Kavya${suffix}`));
  await expect(page.getByText("No students match")).toBeVisible();
  await page.locator(`select[name="class_level"]`).selectOption("8");
  await press(page, "Apply filters");
  await expect(page.getByText(`Kavya${suffix}`)).toBeVisible();

  // "Pay for the ticked students": none ticked is refused (never everyone), the ticked one is paid for.
  await page.goto(await verificationLink(`nojsimp-${stamp}@e2e.example.org`));
  await press(page, "Verify my e-mail address");
  await page.goto(pageUrl("school", "payment-student"));
  await press(page, "Pay for the ticked students");
  await expect(page.getByRole("alert")).toContainText("Tick the students");
  await page.getByRole("checkbox", { name: `Select Kavya${suffix} Patil` }).check();
  await press(page, "Pay for the ticked students");
  await expect(page).toHaveURL(/\/payment\/checkout\//);
  await expect(page.getByText(`Kavya${suffix}`)).toBeVisible();
});

test("a paper setter opens a draft set's check without JavaScript: the page and what keeps it a draft", async ({
  page,
}) => {
  const papersetter = appOrigin("papersetter");
  await page.goto(`${papersetter}/login`);
  await field(page, "username").fill("pssubadmin");
  await field(page, "password").fill(DEMO_PASSWORD);
  await press(page, "Sign in");
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(pageUrl("papersetter", "level1-papersets"));
  await page
    .getByRole("table", { name: "Level 1 paper sets" })
    .getByRole("link", { name: "L1-VIII-A", exact: true })
    .click();
  // "Check" is a link to the set's own address with view=check: it answers the page with the check.
  await page
    .getByRole("region", { name: /^L1-VIII-A/ })
    .getByRole("link", { name: "Check" })
    .click();
  await expect(page).toHaveURL(/view=check/);
  await expect(page.getByRole("region", { name: /^L1-VIII-A/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "Check before finalizing" })).toBeVisible();
});
