import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { TextField } from "@repo/ui/text-field";
import { useState } from "react";

interface Props {
  code: { referral_code: string; share_url: string } | null;
}

/**
 * The school's referral code and the link that opens the registration form with it filled in,
 * each with a copy button. The result of copying is announced (a live region), not only shown.
 */
export function ReferralCodeCard({ code }: Props) {
  const [copied, setCopied] = useState("");
  if (!code) return null;
  const copy = async (what: string, value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(`${what} copied`);
    } catch {
      setCopied(`Could not copy: select the ${what.toLowerCase()} and copy it by hand`);
    }
  };
  return (
    <Card
      title="Your referral code"
      description="Students who register on their own with this code become your referred students. Share the link: it opens the registration form with the code filled in."
    >
      <Stack gap={4}>
        <Stack direction="row" gap={3} align="end" wrap>
          <Stack fieldWidth="short">
            <TextField label="Referral code" value={code.referral_code} readOnly />
          </Stack>
          <Button variant="light" onClick={() => void copy("Code", code.referral_code)}>
            Copy code
          </Button>
        </Stack>
        <Stack direction="row" gap={3} align="end" wrap>
          <Stack fieldWidth="long">
            <TextField label="Share link" value={code.share_url} readOnly />
          </Stack>
          <Button variant="light" onClick={() => void copy("Link", code.share_url)}>
            Copy link
          </Button>
        </Stack>
        <Text size="sm" tone="muted" role="status" aria-live="polite">
          {copied}
        </Text>
      </Stack>
    </Card>
  );
}
