import { useFetcher, useLoaderData } from "@remix-run/react";
import { EXAM_LEVELS, formatMoney } from "@repo/contracts/fees";
import { COUNTED, countOf } from "@repo/contracts/plural";
import {
  COMMISSION_CURRENCY,
  LEDGER_KIND_NAMES,
  LEDGER_KINDS,
  LEDGER_STATUSES,
  ledgerStatusName,
} from "@repo/contracts/referrals-constants";
import { ExportMenu } from "@repo/remix-app/exports/menu";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { useListFailureWarning, useListStatus } from "@repo/remix-app/lists/list-page";
import { Badge } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { DataTable, type DataTableColumn, parseTableQuery } from "@repo/ui/data-table";
import { Dialog } from "@repo/ui/dialog";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { Select } from "@repo/ui/select";
import { Stack } from "@repo/ui/stack";
import { TextField } from "@repo/ui/text-field";
import { Toolbar } from "@repo/ui/toolbar";
import { useState } from "react";
import type { LedgerEntry, ledgerLoader, ReferralAdminActionData, SchoolBalance } from "./referrals.server";

const money = (amount_minor: number) => formatMoney({ currency: COMMISSION_CURRENCY, amount_minor });
const levelName = (code: string) => EXAM_LEVELS.find((l) => l.code === code)?.name ?? code;
const STATUS_TONES = { earned: "warning", approved: "info", paid_out: "success" } as const;
const BANK = {
  none: { label: "No bank details", tone: "danger" },
  unverified: { label: "Not verified", tone: "warning" },
  verified: { label: "Verified", tone: "success" },
} as const;
const FILTERS = ["school_id", "status", "kind", "month"] as const;

/** The commission ledger across schools: balances and payouts per school, entries with approval in bulk. */
export function CommissionLedgerScreen() {
  const data = useLoaderData<typeof ledgerLoader>();
  const filter = useFilterParams();
  const { params } = filter;
  const dialogs = useMessageDialog();
  const actor = useFetcher<ReferralAdminActionData>();
  const [selected, setSelected] = useState<string[]>([]);
  const [paying, setPaying] = useState<SchoolBalance | null>(null);
  const query = parseTableQuery(params);
  const listStatus = useListStatus();
  useListFailureWarning(data.failure, "Ledger not found");
  useFetcherResult(actor, (answer) => {
    if (!answer.ok) {
      void dialogs.error(answer.message);
      return;
    }
    setSelected([]);
    const kept = answer.kept ?? [];
    if (kept.length === 0) void dialogs.success(answer.message);
    else void dialogs.warning(answer.message, [...new Set(kept.map((k) => k.reason))].join(". "));
  });
  const post = (fields: Record<string, string>) => actor.submit({ ...fields, csrf: data.csrf }, { method: "post" });
  const update = filter;
  const verify = async (school: SchoolBalance) => {
    const question = `Have you checked ${school.school_name}'s bank details against its cancelled cheque? Payouts go to this account once verified.`;
    if (await dialogs.confirm(question, { title: "Verify bank details", confirmLabel: "Verify" }))
      post({ intent: "verify", school_id: String(school.school_id) });
  };

  const balanceColumns: DataTableColumn<SchoolBalance>[] = [
    { id: "school", header: "School", cell: (s) => `${s.school_name} (${s.referral_code})` },
    { id: "pending", header: "Pending approval", align: "end", cell: (s) => money(s.pending) },
    { id: "approved", header: "Approved", align: "end", cell: (s) => money(s.approved) },
    { id: "paid", header: "Paid out", align: "end", cell: (s) => money(s.paid_out) },
    {
      id: "bank",
      header: "Bank details",
      cell: (s) => <Badge tone={BANK[s.bank_details].tone}>{BANK[s.bank_details].label}</Badge>,
    },
    {
      id: "actions",
      header: "Actions",
      align: "end",
      cell: (s) => (
        <Stack direction="row" gap={2} justify="end">
          {s.bank_details === "unverified" ? (
            <Button
              size="sm"
              variant="light"
              onClick={() => void verify(s)}
              aria-label={`Verify bank details of ${s.school_name}`}
            >
              Verify bank
            </Button>
          ) : null}
          <Button
            size="sm"
            disabled={s.approved <= 0 || s.bank_details !== "verified"}
            onClick={() => setPaying(s)}
            aria-label={`Record payout to ${s.school_name}`}
          >
            Record payout
          </Button>
        </Stack>
      ),
    },
  ];

  const columns: DataTableColumn<LedgerEntry>[] = [
    { id: "id", header: "Entry", cell: (e) => `#${e.id}` },
    { id: "school", header: "School", cell: (e) => e.school_name },
    { id: "student", header: "Student", cell: (e) => e.student_name },
    { id: "level", header: "Level", cell: (e) => levelName(e.exam_level) },
    {
      id: "kind",
      header: "Kind",
      cell: (e) => (e.reverses_entry_id ? `Reversal of #${e.reverses_entry_id}` : LEDGER_KIND_NAMES[e.kind]),
    },
    { id: "amount", header: "Amount", align: "end", cell: (e) => money(e.amount_minor) },
    {
      id: "status",
      header: "Status",
      cell: (e) => (
        <Stack gap={1}>
          <Badge tone={STATUS_TONES[e.status]}>{ledgerStatusName(e.status)}</Badge>
          {e.payout_reference ? <span>{e.payout_reference}</span> : null}
          {e.status === "earned" && e.kind === "earned" && e.referral_status !== "approved" ? (
            <span>Referral {e.referral_status}</span>
          ) : null}
        </Stack>
      ),
    },
    {
      id: "earned",
      header: "Earned on",
      cell: (e) => new Date(e.earned_at).toLocaleDateString("en-IN", { dateStyle: "medium", timeZone: "Asia/Kolkata" }),
    },
  ];

  const activeFilters = FILTERS.filter((f) => params.get(f)).length;
  const sums = data.sums;
  return (
    <Stack gap={5}>
      <Card
        title="Balances by school"
        description="A payout moves every approved commission of the school to paid out, in one step. It needs verified bank details."
        flush
      >
        <DataTable
          label="Balances by school"
          columns={balanceColumns}
          rows={data.balances}
          rowKey={(s) => String(s.school_id)}
          total={data.balances.length}
          query={{ page: 1, perPage: Math.max(10, data.balances.length), search: "" }}
          onQueryChange={() => undefined}
          searchable={false}
          emptyTitle="No commissions yet"
          emptyDescription="Schools appear here once a referred student's fee is paid under a commission rule."
        />
      </Card>
      <Card
        title="Commission ledger"
        description={
          sums
            ? `${countOf(data.total, COUNTED.entry)} · pending ${money(sums.pending)} · approved ${money(sums.approved)} · paid out ${money(sums.paid_out)}`
            : undefined
        }
        flush
      >
        <DataTable
          label="Commission ledger"
          columns={columns}
          rows={data.rows}
          rowKey={(e) => String(e.id)}
          rowLabel={(e) => `entry ${e.id} of ${e.school_name}`}
          total={data.total}
          query={query}
          onQueryChange={filter.query}
          status={listStatus}
          searchable
          searchPlaceholder="Search by school, code, student or roll number"
          selectable
          selected={selected}
          onSelectedChange={setSelected}
          bulkActions={(keys) => (
            <Button size="sm" onClick={() => post({ intent: "approve", ids: keys.join(",") })}>
              Approve {countOf(keys.length, COUNTED.entry)}
            </Button>
          )}
          actions={
            <Toolbar
              filters={
                <Stack gap={4}>
                  <Select
                    label="School"
                    placeholder="Every school"
                    options={data.balances.map((s) => ({ value: String(s.school_id), label: s.school_name }))}
                    value={params.get("school_id") ?? ""}
                    onChange={(event) => update({ school_id: event.target.value || null })}
                  />
                  <Select
                    label="Status"
                    placeholder="Every status"
                    options={LEDGER_STATUSES.map((s) => ({ value: s, label: ledgerStatusName(s) }))}
                    value={params.get("status") ?? ""}
                    onChange={(event) => update({ status: event.target.value || null })}
                  />
                  <Select
                    label="Kind"
                    placeholder="Commissions and reversals"
                    options={LEDGER_KINDS.map((k) => ({ value: k, label: LEDGER_KIND_NAMES[k] }))}
                    value={params.get("kind") ?? ""}
                    onChange={(event) => update({ kind: event.target.value || null })}
                  />
                  <TextField
                    label="Month earned"
                    type="month"
                    value={params.get("month") ?? ""}
                    onChange={(event) => update({ month: event.target.value || null })}
                  />
                </Stack>
              }
              activeFilters={activeFilters}
              onResetFilters={() => update({ school_id: null, status: null, kind: null, month: null })}
            >
              <ExportMenu kind="referral-ledger" filters={data.filters} csrf={data.csrf} />
            </Toolbar>
          }
          emptyTitle={query.search || activeFilters ? "No entries match" : "The ledger is empty"}
          emptyDescription={
            query.search || activeFilters
              ? "Try another search or clear the filters."
              : "An entry is made when a referred student's fee is paid under a commission rule."
          }
        />
      </Card>
      {paying ? <PayoutDialog school={paying} csrf={data.csrf} onClose={() => setPaying(null)} /> : null}
    </Stack>
  );
}

function PayoutDialog({ school, csrf, onClose }: { school: SchoolBalance; csrf: string; onClose: () => void }) {
  const fetcher = useFetcher<ReferralAdminActionData>();
  const dialogs = useMessageDialog();
  useFetcherResult(fetcher, (answer) => {
    if (answer.ok) {
      onClose();
      void dialogs.success(answer.message);
    } else if (!(answer.errors ?? []).some((e) => e.field === "reference" || e.field === "paid_on"))
      void dialogs.error(answer.message);
  });
  const errorOf = (field: string) =>
    fetcher.data && !fetcher.data.ok ? fetcher.data.errors?.find((e) => e.field === field)?.message : undefined;
  const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
  return (
    <Dialog
      title={`Payout to ${school.school_name}`}
      description={`Every approved commission of the school, ${money(school.approved)} in all, becomes paid out under this transfer.`}
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
    >
      <fetcher.Form method="post" noValidate>
        <input type="hidden" name="csrf" value={csrf} />
        <input type="hidden" name="intent" value="payout" />
        <input type="hidden" name="school_id" value={school.school_id} />
        <Stack gap={4}>
          <TextField label="Transfer reference (UTR)" name="reference" required error={errorOf("reference")} />
          <TextField
            label="Paid on"
            name="paid_on"
            type="date"
            required
            defaultValue={today}
            error={errorOf("paid_on")}
          />
          <Stack direction="row" gap={2} justify="end">
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={fetcher.state !== "idle"}>
              Record payout of {money(school.approved)}
            </Button>
          </Stack>
        </Stack>
      </fetcher.Form>
    </Dialog>
  );
}
