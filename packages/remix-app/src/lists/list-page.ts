import { useLocation, useNavigation } from "@remix-run/react";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { useEffect, useRef } from "react";

/**
 * A list that could not be loaded says so once in a warning dialog titled after the list
 * ("Students list not found") with the API's message; the page shows an empty list meanwhile.
 */
export function useListFailureWarning(failure: string | null, title: string): void {
  const dialogs = useMessageDialog();
  const warned = useRef<string | null>(null);
  useEffect(() => {
    if (failure && warned.current !== failure) {
      warned.current = failure;
      void dialogs.warning(title, failure);
    }
  }, [failure, title, dialogs]);
}

/** "loading" while the page itself is reloading (new search, filter or page), for the DataTable. */
export function useListStatus(): "loading" | "ready" {
  const navigation = useNavigation();
  const location = useLocation();
  return navigation.state === "loading" && navigation.location?.pathname === location.pathname ? "loading" : "ready";
}
