import { Button } from "@repo/ui/button";
import { Icon } from "@repo/ui/icon";
import { lazy, Suspense, useEffect, useState } from "react";

// The menu and the download code load after the first view: list pages sit near their budget.
const ExportMenuButton = lazy(() => import("./ExportMenuButton"));

export interface ExportMenuProps {
  /** The kind of list, as POST /api/export/{kind} names it ("students"). */
  kind: string;
  /** The list's current filters, as its loader sent them to the list (no paging: the whole list goes). */
  filters: Readonly<Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>>;
  /** The page's CSRF token (from its loader). */
  csrf: string;
  /** The app's export route; `/export/<kind>` by default. */
  action?: string;
}

/**
 * Export on a list page: a button with "Export XLSX" and "Export CSV" that downloads the list
 * with its current filters, scoped like the list. A failure says "Export Failed" with the
 * server's message or "Please try again" (docs/domain.md, Shell behaviour). Until the menu has loaded in the browser,
 * the button shows but does nothing.
 */
export function ExportMenu(props: ExportMenuProps) {
  const [client, setClient] = useState(false);
  useEffect(() => setClient(true), []);
  const waiting = (
    <Button variant="secondary" size="sm" icon={<Icon name="download" size={16} />} disabled>
      Export
    </Button>
  );
  if (!client) return waiting;
  return (
    <Suspense fallback={waiting}>
      <ExportMenuButton {...props} />
    </Suspense>
  );
}
