import { useFetcher, useRouteLoaderData } from "@remix-run/react";
import type { ProfileActionData } from "@repo/remix-app/routes/profile.server";
import type { shellLoader } from "@repo/remix-app/routes/shell.server";
import { Badge } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { useEffect } from "react";

/**
 * Spec §4/§8: the school deactivates itself (1 → 0) or, when inactive, activates itself again
 * (0 → 1), each after a confirmation, with the exact success and error dialogs.
 */
export function SchoolToggle() {
  const shell = useRouteLoaderData<typeof shellLoader>("routes/_app");
  const fetcher = useFetcher<ProfileActionData>();
  const dialogs = useMessageDialog();
  // While the toggle is on its way, show the state it is moving to.
  const pending = fetcher.formData?.get("intent") === "toggle-school";
  const active = pending ? shell?.user.isActive !== 1 : shell?.user.isActive === 1;

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || fetcher.data.intent !== "toggle-school") return;
    if (fetcher.data.ok) void dialogs.success(fetcher.data.message, "Success!");
    else void dialogs.error(fetcher.data.message || undefined, "Error!");
  }, [fetcher.state, fetcher.data, dialogs]);

  const toggle = async () => {
    const question = active
      ? "Are you sure you want to deactivate the School?"
      : "Are you sure you want to activate the School?";
    const yes = await dialogs.confirm(question, {
      title: active ? "Deactivate School" : "Activate School",
      destructive: active,
    });
    if (yes && shell)
      fetcher.submit({ intent: "toggle-school", csrf: shell.csrf }, { method: "post", action: "/profile" });
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
      <p style={{ margin: 0, display: "flex", alignItems: "center", gap: 12 }}>
        Your school is <Badge tone={active ? "primary" : "danger"}>{active ? "Active" : "Inactive"}</Badge>
      </p>
    </Card>
  );
}
