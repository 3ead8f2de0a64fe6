import { Link } from "@remix-run/react";
import { Button } from "@repo/ui/button";
import { EmptyState } from "@repo/ui/empty-state";
import { formatDate } from "@repo/ui/format";
import { RichTextView } from "@repo/ui/rich-text-view";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import type { StaticPage } from "./static-pages.server";

/** A static page's text; honest empty and failure states when there is none to show. */
export function StaticPageText({ page, failure }: { page: StaticPage | null; failure: string | null }) {
  if (!page) {
    return (
      <EmptyState
        icon="warning"
        tone="danger"
        title="This page could not be loaded"
        description={failure}
        action={
          <Button asChild>
            <Link to=".">Try again</Link>
          </Button>
        }
      />
    );
  }
  if (!page.body.trim()) {
    return (
      <EmptyState
        icon="file"
        title="Nothing has been written here yet"
        description="The programme team has not published this page's text yet. Please check again later."
      />
    );
  }
  return (
    <Stack gap={4}>
      <RichTextView html={page.body} />
      {page.updated_at ? (
        <Text size="sm" tone="muted">
          Last updated {formatDate(page.updated_at)}
        </Text>
      ) : null}
    </Stack>
  );
}
