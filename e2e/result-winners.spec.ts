import { expect, test } from "@playwright/test";
import { studentResultPath } from "@repo/auth/result-paths";
import { API, apiToken, appOrigin, expectAccessible, hydrated, pageUrl, signInTo } from "./support";

// The demo's results (apps/api/src/domains/results/demo.ts) are loaded when the portal starts.

type Winner = {
  student_id: number;
  roll_number: string;
  first_name: string;
  group_id: number;
  group_name: string;
  class_level: number;
  district_id: number | null;
  position: number;
  tie_at_cutoff: boolean;
};

const adminToken = () => apiToken("admin", "coordinator");

async function get<T>(token: string, path: string): Promise<T> {
  const response = await fetch(`${API}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok, `${path}: ${response.status}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** One student's Level 1 answers and paper set, as the explained score gives them. */
async function sheetOf(token: string, studentId: number) {
  const result = await get<{ paper_set: { code: string }; questions: { marked: string }[] }>(
    token,
    `/api/student-result/${studentId}?level=level1`,
  );
  return { code: result.paper_set.code, answers: result.questions.map((q) => q.marked) };
}

/** Uploads Level 1 sheets like the scanning vendor, confirms them and waits until they are stored and ranked. */
async function storeLevel1(token: string, lines: string[]) {
  const form = new FormData();
  form.set("file", new File([`${lines.join("\n")}\n`], "e2e-winners.txt", { type: "text/plain" }));
  form.set("exam_level", "level1");
  const started = await fetch(`${API}/api/admin-upload-txt-answersheet`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  expect(started.status, await started.clone().text()).toBe(202);
  const uploadId = ((await started.json()) as { data: { upload_id: number } }).data.upload_id;
  const statusOf = async () => (await get<{ status: string }>(token, `/api/answer-sheet-upload/${uploadId}`)).status;
  await expect.poll(statusOf, { timeout: 30_000 }).toBe("checked");
  const confirmed = await fetch(`${API}/api/answer-sheet-upload/${uploadId}/confirm`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(confirmed.status).toBe(202);
  await expect.poll(statusOf, { timeout: 30_000 }).toBe("stored");
}

/**
 * A school topper tie at the cut-off (more toppers than the 3 places). The demo has none, so one
 * is made, when needed, by a rescan of the next student of a school and class with the third's
 * answers; `restore` puts that student's own sheet back.
 */
async function schoolTopperTie(token: string): Promise<{ winner: Winner; restore: () => Promise<void> }> {
  const toppers = await get<{ items: Winner[] }>(token, "/api/result-winners?award=school_topper&per_page=100");
  const tied = toppers.items.find((w) => w.tie_at_cutoff);
  if (tied) return { winner: tied, restore: async () => undefined };
  for (const third of toppers.items.filter((w) => w.position === 3 && w.district_id !== null)) {
    const ranked = await get<{ items: (Winner & { school_name: string; district_position: number })[] }>(
      token,
      `/api/ranking/district-ranker-list?district_id=${third.district_id}&class_level=${third.class_level}&per_page=100`,
    );
    const inSchool = ranked.items.filter((r) => r.school_name === third.group_name);
    const next = inSchool[inSchool.findIndex((r) => r.student_id === third.student_id) + 1];
    if (!next) continue;
    const [own, thirds] = [await sheetOf(token, next.student_id), await sheetOf(token, third.student_id)];
    await storeLevel1(token, [[next.roll_number, thirds.code, ...thirds.answers].join(",")]);
    return {
      winner: { ...third, tie_at_cutoff: true },
      restore: () => storeLevel1(token, [[next.roll_number, own.code, ...own.answers].join(",")]),
    };
  }
  throw new Error("The demo has no school with four Level 1 sheets in a class");
}

test("an admin sees a tie at the school-topper cut-off marked, and opens a winner's explained score", async ({
  page,
}) => {
  const token = await adminToken();
  const { winner, restore } = await schoolTopperTie(token);
  try {
    await signInTo(page, pageUrl("coordinator", "result-winner-tab"), "admin");
    await expect(page.getByRole("tab", { name: "National camp", selected: true })).toBeVisible();
    await expect(page.getByRole("table", { name: "National camp winners" }).locator("tbody tr").first()).toBeVisible();
    await expectAccessible(page, "winners, national camp");

    await page.getByRole("tab", { name: "School topper" }).click();
    await expect(page).toHaveURL(/award=school_topper/);
    await page.goto(
      `${appOrigin("coordinator")}/result-overview/result-winner-tab?award=school_topper&school_id=${winner.group_id}&class_level=${winner.class_level}`,
    );
    await hydrated(page);
    const table = page.getByRole("table", { name: "School topper winners" });
    const tiedRows = table.locator("tbody tr", { hasText: "Tied at the cut-off" });
    await expect(tiedRows.first()).toBeVisible();
    expect(await tiedRows.count()).toBeGreaterThanOrEqual(2);
    await expect(tiedRows.first()).toContainText(/3 places, [4-9] taken/);
    await expect(page.getByRole("note", { name: "Ties at the cut-off" })).toContainText(`${winner.group_name}, Class`);
    await expectAccessible(page, "winners, school toppers with a tie");
    await page.screenshot({ path: "e2e/artifacts/screens/result-winners-tie.png", fullPage: true });

    // A winner's name opens the explained score: every question with what was marked and the key.
    const name = tiedRows.first().getByRole("link");
    const student = (await name.textContent())?.trim() ?? "";
    await name.click();
    await expect(page).toHaveURL(/\/result-overview\/student-result\?student_id=\d+&level=level1/);
    await hydrated(page);
    await expect(page.getByRole("heading", { name: student })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Section A" })).toBeVisible();
    await expect(page.getByText(/^(Counted|Not counted \(Section A below 20\))$/).first()).toBeVisible();
    await expect(page.getByText("School topper", { exact: true })).toBeVisible();
    const questions = page.getByRole("table", { name: "Questions" });
    await expect(questions.locator("tbody tr").first()).toContainText("Q1");
    await expectAccessible(page, "a student's explained score");
    await page.screenshot({ path: "e2e/artifacts/screens/result-student-explained.png", fullPage: true });

    // The wrong answers only.
    await page.getByLabel("Outcome").selectOption({ label: "Wrong" });
    await expect(page).toHaveURL(/outcome=wrong/);
    const outcomes = questions.locator("tbody tr td:nth-child(5)");
    await expect(outcomes.first()).toHaveText("Wrong");
    await expect(outcomes.filter({ hasNotText: "Wrong" })).toHaveCount(0);
  } finally {
    await restore();
  }
});

test("a district coordinator's ranking opens its district's rank list; another district is not there", async ({
  page,
}) => {
  await signInTo(page, pageUrl("coordinator", "ranking"), "district");
  const states = page.getByRole("table", { name: "States" });
  await expect(states.locator("tbody tr")).toHaveCount(1);
  await expectAccessible(page, "ranking, states");
  await states.getByRole("link").first().click();
  await expect(page).toHaveURL(/state-wise-district\?state_id=\d+/);
  const districts = page.getByRole("table", { name: /^Districts of / });
  await expect(districts.locator("tbody tr")).toHaveCount(1);
  await expectAccessible(page, "ranking, districts");
  await districts.locator("tbody tr").first().getByRole("link").nth(1).click();
  await expect(page).toHaveURL(/district-ranker-list\?district_id=\d+&class=\d+/);
  const rankers = page.getByRole("table", { name: / rank list$/ });
  await expect(rankers.locator("tbody tr").first()).toBeVisible();
  const ranks = (await rankers.locator("tbody tr td:nth-child(1) strong").allTextContents()).map(Number);
  expect(ranks[0]).toBe(1);
  expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  await expectAccessible(page, "a district's rank list");
  await page.screenshot({ path: "e2e/artifacts/screens/district-ranker-list.png", fullPage: true });

  // A district of another prant answers 404 (ids are not to be probed).
  const response = await page.goto(
    `${appOrigin("coordinator")}/state-district/state-wise-district/district-ranker-list?district_id=999999`,
  );
  expect(response?.status()).toBe(404);
});

test("the insight shows a level's summary and each question's options, level picked", async ({ page }) => {
  await signInTo(page, pageUrl("coordinator", "student-mock-insight"), "admin");
  await expect(page.getByRole("heading", { name: "Mock exam insight" })).toBeVisible();
  await expect(page.getByRole("group", { name: "Summary" })).toContainText("Answer sheets");
  const questions = page.getByRole("table", { name: "Questions" });
  await expect(questions.locator("tbody tr").first()).toContainText("Q1");
  await expectAccessible(page, "mock insight");
  await page.getByLabel("Exam level").selectOption({ label: "Level 1" });
  await expect(page).toHaveURL(/level=level1/);
  await expect(page.getByRole("heading", { name: "Level 1 insight" })).toBeVisible();
  await expect(questions.locator("tbody tr").first()).toContainText("Q1");
  await page.screenshot({ path: "e2e/artifacts/screens/result-insight.png", fullPage: true });
  // A student's explained score is reached by its own address too.
  expect(studentResultPath(5, "level1")).toBe("/result-overview/student-result?student_id=5&level=level1");
});
