import { Link, useFetcher, useLoaderData } from "@remix-run/react";
import { pagePath } from "@repo/auth/menus";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { Card } from "@repo/ui/card";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { SkeletonText } from "@repo/ui/skeleton";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { lazy, Suspense, useEffect, useState } from "react";
import type { StudentActionData } from "./students.server";

// The form brings zod and react-hook-form; the page's first view stays within its size budget.
const StudentForm = lazy(() => import("./StudentForm").then((module) => ({ default: module.StudentForm })));

/** The Add Students page: one student at a time; the form empties after each save. */
export function AddStudentScreen() {
  const { csrf } = useLoaderData<{ csrf: string }>();
  const fetcher = useFetcher<StudentActionData>();
  const dialogs = useMessageDialog();
  const [saved, setSaved] = useState(0);
  // The form appears once the page runs in the browser: rendered on the server, its fields could
  // be typed into before the lazy chunk hydrates them, and react-hook-form would not see the input.
  const [client, setClient] = useState(false);
  useEffect(() => setClient(true), []);
  useFetcherResult(fetcher, (answer) => {
    if (!answer.ok) {
      if ((answer.errors ?? []).length === 0) void dialogs.error(answer.message);
      return;
    }
    setSaved((n) => n + 1);
    void dialogs.success(answer.message);
  });
  return (
    <Card
      title="Add a student"
      description="Registers the student for this exam year. Many students at once? Import them from a spreadsheet."
    >
      <Stack gap={4}>
        {saved > 0 ? (
          <Text tone="muted">
            {saved === 1 ? "1 student added" : `${saved} students added`} in this visit.{" "}
            <Link to={pagePath("school", "view-students")}>See the list</Link>
          </Text>
        ) : null}
        {client ? (
          <Suspense fallback={<SkeletonText lines={6} />}>
            <StudentForm
              fetcher={fetcher}
              extra={{ intent: "create", csrf }}
              submitLabel="Add student"
              resetKey={saved}
            />
          </Suspense>
        ) : (
          <SkeletonText lines={6} />
        )}
      </Stack>
    </Card>
  );
}
