import { useFetcher, useLoaderData } from "@remix-run/react";
import { SCHOOL_TOGGLE_MESSAGES } from "@repo/contracts/schools-constants";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { Badge } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { Stack } from "@repo/ui/stack";
import type { SchoolToggleResult, schoolToggleLoader } from "./schools.server";

/**
 * The school deactivates itself or, when inactive, activates itself again, each after a
 * confirmation, with the programme's exact success and error dialogs (docs/domain.md, "School account").
 */
export function SchoolToggle() {
  const { csrf, isActive } = useLoaderData<typeof schoolToggleLoader>();
  const fetcher = useFetcher<SchoolToggleResult>();
  const dialogs = useMessageDialog();
  // While the toggle is on its way, show the state it is moving to.
  const pending = fetcher.state !== "idle";
  const active = pending ? !isActive : isActive;

  useFetcherResult(fetcher, (answer) => {
    if (answer.ok) void dialogs.success(answer.message, "Success!");
    else void dialogs.error(answer.message, "Error!");
  });

  const toggle = async () => {
    const yes = await dialogs.confirm(
      active ? SCHOOL_TOGGLE_MESSAGES.confirmDeactivate : SCHOOL_TOGGLE_MESSAGES.confirmActivate,
      { title: active ? "Deactivate School" : "Activate School", destructive: active },
    );
    if (yes) fetcher.submit({ csrf }, { method: "post" });
  };

  return (
    <Card
      title="School account"
      description="A deactivated school stays signed in and can activate itself again at any time."
      actions={
        <Button variant={active ? "danger" : "primary"} onClick={toggle} loading={pending}>
          {active ? "Deactivate School" : "Activate School"}
        </Button>
      }
    >
      <Stack direction="row" align="center" gap={3}>
        <span>Your school is</span>
        <Badge tone={active ? "primary" : "danger"}>{active ? "Active" : "Inactive"}</Badge>
      </Stack>
    </Card>
  );
}
