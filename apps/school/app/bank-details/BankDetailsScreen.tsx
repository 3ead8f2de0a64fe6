import { useLoaderData } from "@remix-run/react";
import { PostedAnswer } from "@repo/remix-app/forms/posted-answer";
import { Card } from "@repo/ui/card";
import { DescriptionList } from "@repo/ui/description-list";
import { formatDateTime } from "@repo/ui/format";
import { Link } from "@repo/ui/link";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { SkeletonText } from "@repo/ui/skeleton";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { lazy, Suspense, useEffect, useRef } from "react";
import type { bankDetailsLoader } from "./bank-details.server";

// The form (react-hook-form, zod, the file picker) is its own chunk.
const BankDetailsForm = lazy(() => import("./BankDetailsForm"));

/** school/bank-detail: where referral payouts go; the saved account shows only its last 4 digits. */
export function BankDetailsScreen() {
  const { details, failure, csrf } = useLoaderData<typeof bankDetailsLoader>();
  const dialogs = useMessageDialog();
  const warned = useRef(false);
  useEffect(() => {
    if (failure && !warned.current) {
      warned.current = true;
      void dialogs.warning("Bank details not found", failure);
    }
  }, [failure, dialogs]);
  return (
    <Stack gap={5}>
      <Card title="Bank details" description="Referral commissions are paid into this account.">
        {details ? (
          <DescriptionList
            aria-label="Saved bank details"
            items={[
              { label: "Account holder", value: details.account_holder },
              { label: "Account number", value: details.account_number_masked },
              { label: "IFSC", value: details.ifsc },
              { label: "Bank", value: details.bank_name },
              { label: "Branch", value: details.branch },
              {
                label: "Cancelled cheque",
                value: details.has_cheque ? (
                  <Link href="/school/bank-detail/cheque" download>
                    Download the uploaded cheque
                  </Link>
                ) : (
                  "Not uploaded"
                ),
              },
              { label: "Last changed", value: formatDateTime(details.updated_at) },
              {
                label: "Verified",
                value: details.verified_at
                  ? `By the programme on ${formatDateTime(details.verified_at)}`
                  : "Not yet: the programme checks the account before the first payout. Changing the account number, IFSC or holder needs a new check.",
              },
            ]}
          />
        ) : (
          <Text tone="muted">No bank details are saved yet.</Text>
        )}
      </Card>
      <Card
        title={details ? "Change bank details" : "Add bank details"}
        description="Enter your password to confirm. Every change is recorded."
      >
        <Stack gap={4}>
          <PostedAnswer />
          <Suspense fallback={<SkeletonText lines={8} />}>
            <BankDetailsForm csrf={csrf} holder={details?.account_holder ?? ""} />
          </Suspense>
        </Stack>
      </Card>
    </Stack>
  );
}
