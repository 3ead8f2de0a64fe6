import { Link, useLoaderData } from "@remix-run/react";
import { pagePath } from "@repo/auth/menus";
import { SyllabusDocument } from "@repo/remix-app/content-texts/syllabus-document";
import { useListFailureWarning } from "@repo/remix-app/lists/list-page";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { EmptyState } from "@repo/ui/empty-state";
import { Stack } from "@repo/ui/stack";
import type { detailedSyllabusLoader } from "./content-texts.server";

/**
 * detailed-syllabus: every class's syllabus of both levels on one page, as schools read it
 * (docs/decisions/011-detailed-syllabus.md); the level pages are where it is edited.
 */
export function DetailedSyllabusScreen() {
  const data = useLoaderData<typeof detailedSyllabusLoader>();
  useListFailureWarning(data.failure, "Syllabus list not found");
  const edit = (
    <Stack direction="row" gap={3}>
      <Button asChild variant="light">
        <Link to={pagePath("coordinator", "syllabus-1")}>Edit Level I syllabus</Link>
      </Button>
      <Button asChild variant="light">
        <Link to={pagePath("coordinator", "syllabus-2")}>Edit Level II syllabus</Link>
      </Button>
    </Stack>
  );
  return (
    <Stack gap={5}>
      <Card
        title="Detailed syllabus"
        description="The syllabus of every class and level on one page, as schools see it. Drafts are marked and hidden from schools."
        actions={edit}
      />
      {data.rows.length === 0 ? (
        <Card title="Nothing yet">
          <EmptyState icon="book" title="No syllabus yet" description="Add one on the Level I or Level II page." />
        </Card>
      ) : (
        <SyllabusDocument items={data.rows} showDrafts />
      )}
    </Stack>
  );
}
