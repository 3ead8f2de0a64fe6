import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { languageName } from "@repo/contracts/languages";
import { COUNTED, countOf } from "@repo/contracts/plural";
import { useListFailureWarning } from "@repo/remix-app/lists/list-page";
import { Card } from "@repo/ui/card";
import { EmptyState } from "@repo/ui/empty-state";
import { Flipbook } from "@repo/ui/flipbook";
import { Link } from "@repo/ui/link";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
// pdf.js's worker comes from this app's own build, never from a CDN.
import pdfWorker from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import { readerFilePath } from "./paths";
import type { flipbooksLoader } from "./study-material.server";

type LoaderData = Awaited<ReturnType<typeof flipbooksLoader>>;

/**
 * vvm-brochure-flipbook: the chosen brochure read page by page (pdf.js draws the pages in view,
 * loaded only when the page opens a book), with the other flipbooks to choose from.
 */
export function FlipbookScreen() {
  const { books, open, failure } = useLoaderData<LoaderData>();
  useListFailureWarning(failure, "Flipbooks list not found");

  if (!open) {
    return (
      <Card title="Brochure flipbook">
        <EmptyState
          icon="book"
          title="No flipbooks yet"
          description="The programme publishes its brochures here to read page by page."
        />
      </Card>
    );
  }
  const download = readerFilePath("brochure-flipbook", open.id, true);
  return (
    <Stack gap={4}>
      <Card
        title={open.title}
        description={`${languageName(open.language)}${open.file.pages ? ` · ${countOf(open.file.pages, COUNTED.page)}` : ""}`}
      >
        <Stack gap={3}>
          <Flipbook
            key={open.id}
            src={readerFilePath("brochure-flipbook", open.id)}
            // Not the card's own name: two regions of one name would be ambiguous landmarks.
            title={`Read ${open.title}`}
            workerSrc={pdfWorker}
            fallback={
              <Text>
                This flipbook could not be opened here. <Link href={download}>Download the PDF</Link> instead.
              </Text>
            }
          />
          <Text size="sm" tone="muted">
            Turn pages with the buttons, the ← and → keys or a swipe. <Link href={download}>Download the PDF</Link>
          </Text>
        </Stack>
      </Card>
      {books.length > 1 ? (
        <Card title="Other flipbooks">
          <Stack gap={2}>
            {books
              .filter((book) => book.id !== open.id)
              .map((book) => (
                <Link key={book.id} asChild>
                  <RemixLink to={`?id=${book.id}`}>
                    {book.title} ({languageName(book.language)})
                  </RemixLink>
                </Link>
              ))}
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
}
