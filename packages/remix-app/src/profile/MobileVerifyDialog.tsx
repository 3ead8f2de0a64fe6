import { useFetcher } from "@remix-run/react";
import { OTP_TTL_MINUTES } from "@repo/contracts/auth";
import { Button } from "@repo/ui/button";
import { Dialog } from "@repo/ui/dialog";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { TextField } from "@repo/ui/text-field";
import { useState } from "react";
import type { ProfileActionData } from "./profile.server";

/**
 * The optional mobile step after sign-in: shown while the API says the user's mobile
 * number is not verified. "Later" hides it for this browser session.
 */
export default function MobileVerifyDialog({
  mobile,
  csrf,
  onClose,
}: {
  mobile: string;
  csrf: string;
  onClose: () => void;
}) {
  const sender = useFetcher<ProfileActionData>();
  const checker = useFetcher<ProfileActionData>();
  const [otp, setOtp] = useState("");
  const sent = sender.data?.ok === true;
  const verified = checker.data?.ok === true;
  const codeError = checker.data && !checker.data.ok ? checker.data.message : undefined;
  return (
    <Dialog
      title="Verify your mobile number"
      description={`We can text a 6-digit code to ${mobile}.`}
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
    >
      <Stack gap={4} align="start">
        {verified ? (
          <Text role="status" tone="success" weight="semibold">
            {checker.data?.message}
          </Text>
        ) : sent ? (
          <checker.Form method="post" action="/profile">
            <Stack gap={4}>
              <Text role="status">
                {sender.data?.message}. It is valid for {OTP_TTL_MINUTES} minutes.
              </Text>
              <input type="hidden" name="intent" value="verify-otp" />
              <input type="hidden" name="csrf" value={csrf} />
              <input type="hidden" name="mobile" value={mobile} />
              <TextField
                label="Code"
                name="otp"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={otp}
                onChange={(event) => setOtp(event.target.value.replace(/\D/g, ""))}
                error={codeError}
              />
              <Stack direction="row" gap={3}>
                <Button type="submit" disabled={otp.length !== 6} loading={checker.state !== "idle"}>
                  Verify
                </Button>
                <Button
                  variant="ghost"
                  onClick={() =>
                    sender.submit({ intent: "send-otp", csrf, mobile }, { method: "post", action: "/profile" })
                  }
                >
                  Send a new code
                </Button>
              </Stack>
            </Stack>
          </checker.Form>
        ) : (
          <>
            {sender.data && !sender.data.ok ? (
              <Text role="alert" tone="danger" weight="semibold">
                {sender.data.message}
              </Text>
            ) : null}
            <Stack direction="row" gap={3}>
              <Button
                onClick={() =>
                  sender.submit({ intent: "send-otp", csrf, mobile }, { method: "post", action: "/profile" })
                }
                loading={sender.state !== "idle"}
              >
                Send code
              </Button>
              <Button variant="ghost" onClick={onClose}>
                Later
              </Button>
            </Stack>
          </>
        )}
        {verified ? <Button onClick={onClose}>Continue</Button> : null}
      </Stack>
    </Dialog>
  );
}
