import { useActionData, useLocation } from "@remix-run/react";
import type { StudentImportResult } from "@repo/contracts/student-import";
import { ImportProgress } from "@repo/remix-app/imports/parts";
import type { PlainImportData } from "@repo/remix-app/imports/server";
import {
  IMPORT_ACCEPT,
  IMPORT_FILE_HINT,
  IMPORT_MODES,
  type ImportKind,
  PLAIN_IMPORT_ACTION,
} from "@repo/remix-app/imports/spreadsheet";
import { resultOf } from "@repo/remix-app/imports/use-import-flow";
import { type JobItem, NO_SCRIPT_REFRESH_SECONDS } from "@repo/remix-app/jobs/use-job";
import { Button } from "@repo/ui/button";
import { FileInput } from "@repo/ui/file-input";
import { Icon } from "@repo/ui/icon";
import { RadioGroup } from "@repo/ui/radio-group";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import type { ReactNode } from "react";
import { ImportPreview } from "./ImportPreview";
import { ImportResult } from "./ImportResult";

const CHECK_FIRST = {
  value: "preview",
  label: "Only check the file",
  description: "Shows what will be read and every mistake; nothing is saved.",
};

/** An import followed on the page (`?job=`), as its loader read it. */
export interface FollowedImport {
  jobId: number;
  job: JobItem | null;
}

/**
 * The import without JavaScript (decision 053): a multipart form posted to the page itself,
 * which answers the file's preview (choose the file again to import it: a browser does not keep
 * a chosen file across pages) or follows the started job on `?job=`, refreshing itself while it runs.
 */
export function PlainImport({
  csrf,
  listPath,
  kind,
  extra,
  followed,
  intro,
}: {
  csrf: string;
  listPath: string;
  kind: ImportKind;
  extra?: Record<string, string>;
  followed?: FollowedImport | null;
  intro: ReactNode;
}) {
  const posted = useActionData<PlainImportData>()?.imported;
  const location = useLocation();
  const job = followed?.job ?? null;
  const result = resultOf<StudentImportResult>(job);
  if (followed && result) {
    const again = new URLSearchParams(location.search);
    again.delete("job");
    return (
      <ImportResult
        jobId={followed.jobId}
        result={result}
        listPath={listPath}
        kind={kind}
        anotherHref={`${location.pathname}?${again}`}
      />
    );
  }
  if (followed && job && job.status !== "failed" && job.status !== "done") {
    return (
      <Stack gap={3}>
        <noscript>
          <meta httpEquiv="refresh" content={String(NO_SCRIPT_REFRESH_SECONDS)} />
        </noscript>
        <ImportProgress job={job} nouns={kind.nouns}>
          This page refreshes itself until the import has finished. If you leave, the import still finishes and the{" "}
          {kind.nouns} appear in the list.
        </ImportProgress>
        <a href={`${location.pathname}${location.search}`}>Check again</a>
      </Stack>
    );
  }
  const failed = followed
    ? (job?.error ?? (job ? "The import failed. Please try again." : "This import is not yours or no longer exists."))
    : null;
  const refused = posted && !posted.ok ? posted.message : null;
  const preview = posted?.ok ? posted.preview : undefined;
  return (
    <form method="post" encType="multipart/form-data" action={PLAIN_IMPORT_ACTION}>
      <Stack gap={5}>
        {intro}
        <input type="hidden" name="csrf" value={csrf} />
        {Object.entries(extra ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {preview ? (
          <>
            <ImportPreview preview={preview} fileName={posted?.fileName ?? "the file"} kind={kind} />
            <Text weight="semibold">To import it, choose the file again below and how to save it.</Text>
          </>
        ) : null}
        <FileInput
          label="Spreadsheet to import"
          name="file"
          accept={IMPORT_ACCEPT}
          hint={IMPORT_FILE_HINT}
          error={refused ?? failed ?? undefined}
          required
        />
        <RadioGroup
          legend="What to do with it"
          name="mode"
          options={[CHECK_FIRST, ...IMPORT_MODES]}
          defaultValue={preview ? (preview.bad_rows > 0 ? "valid-rows" : "all-or-nothing") : CHECK_FIRST.value}
        />
        <div>
          <Button type="submit" icon={<Icon name="upload" size={16} />}>
            Upload
          </Button>
        </div>
      </Stack>
    </form>
  );
}
