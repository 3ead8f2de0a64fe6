import { useFetcher } from "@remix-run/react";
import { Button } from "@repo/ui/button";
import { Dialog } from "@repo/ui/dialog";
import { TextField } from "@repo/ui/text-field";
import { useState } from "react";
import type { ProfileActionData } from "../routes/profile.server";

/**
 * The optional mobile step after sign-in (spec §7): shown while the API says the user's mobile
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
      <div style={{ display: "grid", gap: 16 }}>
        {verified ? (
          <p role="status" style={{ margin: 0, fontWeight: 600, color: "var(--colors-successText)" }}>
            {checker.data?.message}
          </p>
        ) : sent ? (
          <checker.Form method="post" action="/profile" style={{ display: "grid", gap: 16 }}>
            <p role="status" style={{ margin: 0 }}>
              {sender.data?.message}. It is valid for 10 minutes.
            </p>
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
            <div style={{ display: "flex", gap: 12, flexWrap: "wrap" }}>
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
            </div>
          </checker.Form>
        ) : (
          <>
            {sender.data && !sender.data.ok ? (
              <p role="alert" style={{ margin: 0, color: "var(--colors-dangerText)", fontWeight: 600 }}>
                {sender.data.message}
              </p>
            ) : null}
            <div style={{ display: "flex", gap: 12 }}>
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
            </div>
          </>
        )}
        {verified ? (
          <Button onClick={onClose} style={{ justifySelf: "start" }}>
            Continue
          </Button>
        ) : null}
      </div>
    </Dialog>
  );
}
