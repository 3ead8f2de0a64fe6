import { COUNTED, countOf, pluralWord } from "@repo/contracts/plural";
import type { StudentImportResult } from "@repo/contracts/student-import";
import { importLimitsText } from "@repo/contracts/uploads-constants";
import { ImportModeChoice, ImportProgress, SpreadsheetInput } from "@repo/remix-app/imports/parts";
import { IMPORT_FILE_HINT, type ImportKind } from "@repo/remix-app/imports/spreadsheet";
import { useImportFlow } from "@repo/remix-app/imports/use-import-flow";
import { Button } from "@repo/ui/button";
import { useHydrated } from "@repo/ui/hydrated";
import { Icon } from "@repo/ui/icon";
import { Link } from "@repo/ui/link";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { ImportPreview } from "./ImportPreview";
import { ImportResult } from "./ImportResult";
import { STUDENT_IMPORT_KIND } from "./import-constants";
import { type FollowedImport, PlainImport } from "./PlainImport";

// The same sentence the API's OpenAPI document states for the import (decision 064).
const limitsOf = (kind: ImportKind) => importLimitsText(kind, kind.nouns);

const rowsHave = (n: number) => `${countOf(n, COUNTED.row)} ${pluralWord(n, COUNTED.has)}`;

/**
 * "From a spreadsheet" on the Add Students page: download the template, choose the filled-in
 * file, see what will be read (nothing is saved yet), choose all or nothing or only the good
 * rows, follow the import's progress, then its result and the errors file to fix and upload.
 */
export function ImportPanel({
  csrf,
  listPath,
  kind = STUDENT_IMPORT_KIND,
  extra,
  followed,
}: {
  csrf: string;
  listPath: string;
  kind?: ImportKind;
  /** Other fields every upload carries (the school a master institute imports students into). */
  extra?: Record<string, string>;
  /** The import the page follows (`?job=`), read by its loader. */
  followed?: FollowedImport | null;
}) {
  const hydrated = useHydrated();
  const flow = useImportFlow<StudentImportResult>({ csrf, kind, extra, jobId: followed?.jobId });
  const { stage, previewed } = flow;
  const intro = (
    <Stack gap={2}>
      <Text>
        Fill in the template, one {kind.noun} per row, and upload it. You see what will be read before anything is
        saved. {limitsOf(kind)}
      </Text>
      <Link href={kind.paths.template} download>
        <Icon name="download" size={16} />
        Download the template
      </Link>
    </Stack>
  );
  if (!hydrated) {
    return <PlainImport csrf={csrf} listPath={listPath} kind={kind} extra={extra} followed={followed} intro={intro} />;
  }

  if (stage.step === "result") {
    return (
      <ImportResult
        jobId={stage.jobId}
        result={stage.result}
        listPath={listPath}
        kind={kind}
        onAnother={() => flow.restart()}
      />
    );
  }
  if (stage.step === "importing") {
    return (
      <ImportProgress job={flow.job} nouns={kind.nouns}>
        Stay on this page to see the result. If you leave, the import still finishes and the {kind.nouns} appear in the
        list.
      </ImportProgress>
    );
  }

  return (
    <Stack gap={5}>
      {intro}
      <SpreadsheetInput flow={flow} hint={IMPORT_FILE_HINT} />
      {previewed ? (
        <>
          <ImportPreview preview={previewed.preview} fileName={previewed.file.name} kind={kind} />
          <ImportModeChoice flow={flow} />
          {flow.nothingWillBeSaved ? (
            <Text tone="danger">
              {rowsHave(previewed.preview.bad_rows)} mistakes, so with this choice nothing will be saved: you get the
              file back with the mistakes marked.
            </Text>
          ) : null}
          <Stack direction="row" gap={3}>
            <Button
              loading={previewed.step === "starting"}
              onClick={() => void flow.start()}
              icon={<Icon name="upload" size={16} />}
            >
              Import
            </Button>
            <Button variant="ghost" onClick={() => flow.restart()} disabled={previewed.step === "starting"}>
              Choose another file
            </Button>
          </Stack>
        </>
      ) : null}
    </Stack>
  );
}

export default ImportPanel;
