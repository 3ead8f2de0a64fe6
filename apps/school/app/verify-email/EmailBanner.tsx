import { useFetcher } from "@remix-run/react";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import type { ResendResult } from "./verify-email.server";

/**
 * Above every signed-in page of a school whose address is not verified yet: it cannot pay until
 * it is (docs/domain.md, School registration). The status comes with the shell's user record, so
 * the banner is in the server's HTML and the page below it does not jump when it appears.
 */
export function EmailBanner({ csrf, email }: { csrf: string; email: { address: string; verified: boolean } | null }) {
  const resend = useFetcher<ResendResult>();
  if (!email || email.verified) return null;
  const answer = resend.data;
  return (
    <Card
      title="Please verify your school's e-mail address"
      description={`We sent a link to ${email.address}. Until it is opened you can add students, but you cannot pay for them.`}
      actions={
        <resend.Form method="post" action="/email-verification">
          <input type="hidden" name="csrf" value={csrf} />
          <Button type="submit" variant="light" size="sm" loading={resend.state !== "idle"}>
            Send the link again
          </Button>
        </resend.Form>
      }
    >
      {answer ? (
        <Stack>
          <Text role={answer.ok ? "status" : "alert"} tone={answer.ok ? "success" : "danger"} size="sm">
            {answer.message}
          </Text>
        </Stack>
      ) : null}
    </Card>
  );
}
