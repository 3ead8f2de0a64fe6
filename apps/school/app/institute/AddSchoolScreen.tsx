import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { PostedAnswer } from "@repo/remix-app/forms/posted-answer";
import { Card } from "@repo/ui/card";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { SkeletonText } from "@repo/ui/skeleton";
import { Stack } from "@repo/ui/stack";
import { Tabs, TabsContent } from "@repo/ui/tabs";
import { Text } from "@repo/ui/text";
import { lazy, Suspense, useState } from "react";
import { type AddTab, AddTabsList, initialTab } from "../student-import/AddTabs";
import { SCHOOL_IMPORT_KIND } from "../student-import/import-constants";
import type { addSchoolLoader, InstituteActionData } from "./institute.server";

// The registration form and the import panel are their own chunks (zod, react-hook-form).
const RegisterForm = lazy(() => import("../register/RegisterForm"));
const ImportPanel = lazy(() => import("../student-import/ImportPanel"));

/**
 * institute/Add-school: a master institute adds one school with the registration form (the
 * password may stay empty), or many from a spreadsheet. Each school gets its own sign-in, mailed
 * to the school.
 */
export function AddSchoolScreen() {
  const { csrf, countries, zones, failure, listPath, selfPath, followed } = useLoaderData<typeof addSchoolLoader>();
  // Without JavaScript the browser posts here and the answer comes with the page.
  const posted = useActionData<InstituteActionData>();
  const dialogs = useMessageDialog();
  const [params] = useSearchParams();
  const [tab, setTab] = useState<AddTab>(initialTab(params));
  const [importOpened, setImportOpened] = useState(tab === "spreadsheet");
  const [added, setAdded] = useState<string[]>(posted?.ok && posted.email ? [posted.email] : []);
  // A new key empties the form after each school.
  const [formKey, setFormKey] = useState(0);
  const choose = (value: string) => {
    const next: AddTab = value === "spreadsheet" ? "spreadsheet" : "one";
    setTab(next);
    if (next === "spreadsheet") setImportOpened(true);
  };
  return (
    <Card
      title="Add schools"
      description="Each school gets its own sign-in; the username and password are mailed to the school's e-mail address."
    >
      <Tabs value={tab} onValueChange={choose}>
        <AddTabsList label="How to add schools" one="One school" />
        <TabsContent value="one" forceMount hidden={tab !== "one"}>
          <Stack gap={4}>
            {added.length > 0 ? (
              <Text tone="muted" role="status">
                Added in this visit: {added.join(", ")}. <Link to={listPath}>See your schools</Link>
              </Text>
            ) : null}
            <PostedAnswer />
            <Suspense fallback={<SkeletonText lines={12} />}>
              <RegisterForm
                key={formKey}
                variant="institute"
                action={selfPath}
                csrf={csrf}
                countries={countries}
                zones={zones}
                countriesFailure={failure}
                onRegistered={({ email, message }) => {
                  setAdded((list) => [...list, email]);
                  setFormKey((key) => key + 1);
                  void dialogs.success(message);
                }}
              />
            </Suspense>
          </Stack>
        </TabsContent>
        <TabsContent value="spreadsheet" forceMount hidden={tab !== "spreadsheet"}>
          {importOpened ? (
            <Suspense fallback={<SkeletonText lines={6} />}>
              <ImportPanel csrf={csrf} listPath={listPath} kind={SCHOOL_IMPORT_KIND} followed={followed} />
            </Suspense>
          ) : (
            <SkeletonText lines={6} />
          )}
        </TabsContent>
      </Tabs>
    </Card>
  );
}
