import { useFetcher, useLoaderData } from "@remix-run/react";
import { EXAM_LEVELS, formatMoney } from "@repo/contracts/fees";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { useListFailureWarning } from "@repo/remix-app/lists/list-page";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { DataTable, type DataTableColumn } from "@repo/ui/data-table";
import { Dialog } from "@repo/ui/dialog";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { Select } from "@repo/ui/select";
import { Stack } from "@repo/ui/stack";
import { TextField } from "@repo/ui/text-field";
import { useState } from "react";
import type { CommissionRule, ReferralAdminActionData, rulesLoader } from "./referrals.server";

const levelName = (code: string) => EXAM_LEVELS.find((l) => l.code === code)?.name ?? code;
const day = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString("en-IN", { dateStyle: "medium", timeZone: "UTC" });

/** Commission rules: what a school earns per paid referred student, by exam level and dates. */
export function CommissionRulesScreen() {
  const data = useLoaderData<typeof rulesLoader>();
  const [editing, setEditing] = useState<CommissionRule | "new" | null>(null);
  useListFailureWarning(data.failure, "Commission rules not found");
  const columns: DataTableColumn<CommissionRule>[] = [
    { id: "level", header: "Exam level", cell: (rule) => levelName(rule.exam_level) },
    { id: "from", header: "From", cell: (rule) => day(rule.starts_on) },
    { id: "to", header: "To", cell: (rule) => (rule.ends_on ? day(rule.ends_on) : "Open-ended") },
    {
      id: "amount",
      header: "Per paid student",
      align: "end",
      cell: (rule) => formatMoney({ currency: rule.currency, amount_minor: rule.amount_minor }),
    },
    { id: "entries", header: "Commissions made", align: "end", cell: (rule) => rule.entries.toLocaleString("en-IN") },
    {
      id: "actions",
      header: "Actions",
      align: "end",
      cell: (rule) => (
        <Button
          size="sm"
          variant="light"
          onClick={() => setEditing(rule)}
          aria-label={`Edit the ${levelName(rule.exam_level)} rule from ${rule.starts_on}`}
        >
          Edit
        </Button>
      ),
    },
  ];
  return (
    <Stack gap={5}>
      <Card
        title="Commission rules"
        description="A school earns the amount of the rule in force on the day its referred student's fee is paid. Two rules of one level cannot share a day."
        headerActions={<Button onClick={() => setEditing("new")}>Add rule</Button>}
        flush
      >
        <DataTable
          label="Commission rules"
          columns={columns}
          rows={data.rules}
          rowKey={(rule) => String(rule.id)}
          // Every rule on one page: there are a handful per level.
          total={data.rules.length}
          query={{ page: 1, perPage: Math.max(data.rules.length, 10), search: "" }}
          onQueryChange={() => undefined}
          searchable={false}
          emptyTitle="No commission rules yet"
          emptyDescription="Until a rule is in force, paid referred students earn their schools nothing. Add the first rule."
        />
      </Card>
      {editing ? (
        <RuleDialog rule={editing === "new" ? null : editing} csrf={data.csrf} onClose={() => setEditing(null)} />
      ) : null}
    </Stack>
  );
}

function RuleDialog({ rule, csrf, onClose }: { rule: CommissionRule | null; csrf: string; onClose: () => void }) {
  const fetcher = useFetcher<ReferralAdminActionData>();
  const dialogs = useMessageDialog();
  const fields = ["exam_level", "starts_on", "ends_on", "amount"];
  useFetcherResult(fetcher, (answer) => {
    if (answer.ok) {
      onClose();
      void dialogs.success(answer.message);
    } else if (!(answer.errors ?? []).some((e) => fields.includes(e.field))) void dialogs.error(answer.message);
  });
  const errorOf = (field: string) =>
    fetcher.data && !fetcher.data.ok ? fetcher.data.errors?.find((e) => e.field === field)?.message : undefined;
  return (
    <Dialog
      title={rule ? "Edit commission rule" : "Add commission rule"}
      description={
        rule && rule.entries > 0
          ? "Commissions already made keep their amount; the change applies to later payments."
          : undefined
      }
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
    >
      <fetcher.Form method="post" noValidate>
        <input type="hidden" name="csrf" value={csrf} />
        {rule ? <input type="hidden" name="id" value={rule.id} /> : null}
        <Stack gap={4}>
          <Select
            label="Exam level"
            name="exam_level"
            required
            placeholder="Choose the level"
            options={EXAM_LEVELS.map((l) => ({ value: l.code, label: l.name }))}
            defaultValue={rule?.exam_level ?? "level1"}
            error={errorOf("exam_level")}
          />
          <Stack direction="row" gap={3} grow>
            <TextField
              label="From"
              name="starts_on"
              type="date"
              required
              defaultValue={rule?.starts_on ?? ""}
              error={errorOf("starts_on")}
            />
            <TextField
              label="To"
              name="ends_on"
              type="date"
              hint="Leave empty for no end"
              defaultValue={rule?.ends_on ?? ""}
              error={errorOf("ends_on")}
            />
          </Stack>
          <TextField
            label="Amount per paid student (₹)"
            name="amount"
            inputMode="decimal"
            required
            defaultValue={rule ? String(rule.amount_minor / 100) : ""}
            hint="In rupees, e.g. 50 or 50.50"
            error={errorOf("amount")}
          />
          <Stack direction="row" gap={2} justify="end">
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={fetcher.state !== "idle"}>
              Save rule
            </Button>
          </Stack>
        </Stack>
      </fetcher.Form>
    </Dialog>
  );
}
