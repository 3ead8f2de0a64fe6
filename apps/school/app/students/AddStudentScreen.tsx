import { Link, useFetcher, useLoaderData, useSearchParams } from "@remix-run/react";
import { COUNTED, countOf } from "@repo/contracts/plural";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { PostedAnswer } from "@repo/remix-app/forms/posted-answer";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { useHydrated } from "@repo/ui/hydrated";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { Select } from "@repo/ui/select";
import { SkeletonText } from "@repo/ui/skeleton";
import { Stack } from "@repo/ui/stack";
import { Tabs, TabsContent } from "@repo/ui/tabs";
import { Text } from "@repo/ui/text";
import { lazy, Suspense, useMemo, useState } from "react";
import { type AddTab, AddTabsList, initialTab } from "../student-import/AddTabs";
import type { addStudentLoader, StudentActionData } from "./students.server";

// The form brings zod and react-hook-form; the page's first view stays within its size budget.
const StudentForm = lazy(() => import("./StudentForm").then((module) => ({ default: module.StudentForm })));
// The import screen loads when its tab is first opened.
const ImportPanel = lazy(() => import("../student-import/ImportPanel"));

/**
 * The Add Students page: one student at a time with the form (it empties after each save), or
 * many at once from a spreadsheet (`?tab=spreadsheet` opens that tab).
 */
export function AddStudentScreen() {
  const { csrf, listPath, addSchoolPath, schools, failure, followed } = useLoaderData<typeof addStudentLoader>();
  const [params] = useSearchParams();
  // A master institute first picks one of its schools (`?school=` without JavaScript); a school adds to itself.
  const [schoolId, setSchoolId] = useState(
    schools?.length === 1
      ? String(schools[0]?.id)
      : (schools?.find((s) => String(s.id) === params.get("school"))?.id.toString() ?? ""),
  );
  const picking = schools !== null;
  const extra = picking ? { school_id: schoolId } : undefined;
  const hydrated = useHydrated();
  const fetcher = useFetcher<StudentActionData>();
  const dialogs = useMessageDialog();
  const [saved, setSaved] = useState(0);
  const [tab, setTab] = useState<AddTab>(initialTab(params));
  // Both tabs stay mounted once opened, so that switching keeps a half-typed form or an import's progress.
  const [importOpened, setImportOpened] = useState(tab === "spreadsheet");
  useFetcherResult(fetcher, (answer) => {
    if (!answer.ok) {
      if ((answer.errors ?? []).length === 0) void dialogs.error(answer.message);
      return;
    }
    setSaved((n) => n + 1);
    void dialogs.success(answer.message);
  });
  // The form's element changes only with what it shows. The page re-renders when it hydrates
  // (`hydrated`); had the form's chunk not arrived by then, React would throw the server's form
  // away, and what was typed in it, instead of hydrating it (decision 053).
  const studentForm = useMemo(
    () => (
      <Suspense fallback={<SkeletonText lines={6} />}>
        <StudentForm
          fetcher={fetcher}
          extra={{ intent: "create", csrf, ...(picking ? { school_id: schoolId } : {}) }}
          submitLabel="Add student"
          resetKey={saved}
        />
      </Suspense>
    ),
    [fetcher, csrf, picking, schoolId, saved],
  );
  const choose = (value: string) => {
    const next: AddTab = value === "spreadsheet" ? "spreadsheet" : "one";
    setTab(next);
    if (next === "spreadsheet") setImportOpened(true);
  };
  return (
    <Card
      title="Add students"
      description="Registers students for this exam year: one at a time with the form, or many at once from a spreadsheet."
    >
      <Stack gap={4}>
        {picking ? (
          <Stack gap={2}>
            {failure ? <Text tone="danger">{failure}</Text> : null}
            {schools.length === 0 && !failure ? (
              <Text tone="muted">
                You have no active school yet. <Link to={addSchoolPath}>Add a school</Link> first.
              </Text>
            ) : null}
            <form method="get">
              <Stack gap={2}>
                <Select
                  label="School"
                  name="school"
                  required
                  placeholder="Choose the school"
                  hint="The students you add or import go to this school."
                  value={schoolId}
                  onChange={(event) => setSchoolId(event.target.value)}
                  options={schools.map((school) => ({ value: String(school.id), label: school.name }))}
                />
                {hydrated ? null : (
                  <div>
                    <Button type="submit" variant="secondary">
                      Continue
                    </Button>
                  </div>
                )}
              </Stack>
            </form>
          </Stack>
        ) : null}
        {picking && !schoolId ? (
          <Text tone="muted">Choose the school to add students to.</Text>
        ) : (
          <Tabs value={tab} onValueChange={choose}>
            <AddTabsList label="How to add students" one="One student" />
            <TabsContent value="one" forceMount hidden={tab !== "one"}>
              <Stack gap={4}>
                <PostedAnswer>
                  <Link to={listPath}>See the list</Link>
                </PostedAnswer>
                {saved > 0 ? (
                  <Text tone="muted">
                    {countOf(saved, COUNTED.student)} added in this visit. <Link to={listPath}>See the list</Link>
                  </Text>
                ) : null}
                {studentForm}
              </Stack>
            </TabsContent>
            <TabsContent value="spreadsheet" forceMount hidden={tab !== "spreadsheet"}>
              {importOpened ? (
                <Suspense fallback={<SkeletonText lines={6} />}>
                  <ImportPanel key={schoolId} csrf={csrf} listPath={listPath} extra={extra} followed={followed} />
                </Suspense>
              ) : (
                <SkeletonText lines={6} />
              )}
            </TabsContent>
          </Tabs>
        )}
      </Stack>
    </Card>
  );
}
