import { useActionData } from "@remix-run/react";
import { Text } from "@repo/ui/text";
import type { ReactNode } from "react";

interface Answer {
  ok: boolean;
  message: string;
  errors?: readonly unknown[];
}

/**
 * The action's answer to a form the browser posted without JavaScript (with JavaScript a fetcher
 * posts it and a dialog or the form says it): saved, or why not unless the fields say it already.
 * `when` picks the answers of this page's form when the page has several.
 */
export function PostedAnswer({ when, children }: { when?: (answer: Answer) => boolean; children?: ReactNode }) {
  const answer = useActionData() as Answer | undefined;
  if (!answer?.message || (when && !when(answer)) || (!answer.ok && answer.errors?.length)) return null;
  return (
    <Text role={answer.ok ? "status" : "alert"} tone={answer.ok ? "success" : "danger"} weight="semibold">
      {answer.message} {answer.ok ? children : null}
    </Text>
  );
}
