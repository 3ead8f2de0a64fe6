import { Form, Link, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { SCHOOL_VERIFICATION_TTL_HOURS } from "@repo/contracts/schools-constants";
import { Badge } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { Centered } from "@repo/ui/centered";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { useEffect, useRef } from "react";
import type { VerifyOutcome, VerifyState, verifyEmailAction, verifyEmailLoader } from "./verify-email.server";

const TITLES: Record<VerifyOutcome | "ready", string> = {
  ready: "Verify your school's e-mail address",
  verified: "E-mail address verified",
  used: "This link was already used",
  expired: "This link has expired",
  replaced: "A newer link was sent",
  invalid: "This link is not valid",
  missing: "This link is incomplete",
};

/** `/verify-school-email?token=…`: posts the mailed token once the page runs, then shows the outcome. */
export function VerifyEmailScreen() {
  const loaded = useLoaderData<typeof verifyEmailLoader>() as VerifyState;
  const answered = useActionData<typeof verifyEmailAction>() as VerifyState | undefined;
  const state = answered ?? loaded;
  const submit = useSubmit();
  const busy = useNavigation().state !== "idle";
  const sent = useRef(false);
  const token = state.outcome === "ready" ? state.token : undefined;

  // In a browser the link verifies by itself; a scanner that only fetches the page changes nothing.
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    submit({ token }, { method: "post", replace: true });
  }, [token, submit]);

  if (state.outcome === "ready") {
    return (
      <Centered>
        <Card title={TITLES.ready}>
          <Form method="post" replace>
            <Stack gap={3}>
              <Text role="status">{busy ? "Verifying your e-mail address…" : state.message}</Text>
              <input type="hidden" name="token" value={state.token} />
              <span>
                <Button type="submit" disabled={busy}>
                  Verify my e-mail address
                </Button>
              </span>
            </Stack>
          </Form>
        </Card>
      </Centered>
    );
  }

  const verified = state.outcome === "verified";
  // A replaced link's school has a working link in its mail already: it needs no new one.
  const replaced = state.outcome === "replaced";
  return (
    <Centered>
      <Card
        title={TITLES[state.outcome]}
        actions={
          <Button asChild>
            <Link to="/login">{verified || replaced ? "Sign in" : "Sign in to send a new link"}</Link>
          </Button>
        }
      >
        <Stack gap={3}>
          <span>
            <Badge tone={verified ? "primary" : "danger"}>{verified ? "Verified" : "Not verified"}</Badge>
          </span>
          <Text role={verified ? "status" : "alert"}>{state.message}</Text>
          {verified ? (
            <Text tone="muted">You can now pay for your students once you sign in.</Text>
          ) : replaced ? (
            <Text tone="muted">
              Only the link in the latest e-mail works. If it has not arrived, sign in and choose "Send the link again".
            </Text>
          ) : (
            <Text tone="muted">
              After signing in, choose "Send the link again" in the banner at the top of the page. Each new link works
              once, for {SCHOOL_VERIFICATION_TTL_HOURS} hours.
            </Text>
          )}
        </Stack>
      </Card>
    </Centered>
  );
}
