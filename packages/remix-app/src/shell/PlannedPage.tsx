import { useLocation } from "@remix-run/react";
import { findPage } from "@repo/auth/menus";
import { Card } from "@repo/ui/card";
import { EmptyState } from "@repo/ui/empty-state";
import { APP_ID } from "../app-id";
import { NotFound } from "./PageStates";

/** A page of the tree whose screen is not built yet: says what will be there. */
export function PlannedPage() {
  const location = useLocation();
  const page = findPage(APP_ID, location.pathname);
  if (!page) return <NotFound />;
  return (
    <Card title={page.title}>
      <EmptyState
        icon="clipboard"
        title={`${page.title} is being built`}
        description={
          page.description ??
          `This page will show the ${page.title.toLowerCase()} of your account. It is not available yet.`
        }
      />
    </Card>
  );
}
