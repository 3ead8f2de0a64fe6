import { useLoaderData } from "@remix-run/react";
import { Card } from "@repo/ui/card";
import { StaticPageText } from "./StaticPageText";
import type { loadStaticPage } from "./static-pages.server";

/** A study-material page whose text LMS writes (download app, level 1 exam, mock exam instructions). */
export function StaticPageScreen() {
  const { title, page, failure } = useLoaderData<Awaited<ReturnType<typeof loadStaticPage>>>();
  return (
    <Card title={title}>
      <StaticPageText page={page} failure={failure} />
    </Card>
  );
}
