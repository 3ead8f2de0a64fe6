import { useFetcher, useLoaderData, useRevalidator } from "@remix-run/react";
import { SCHOOL_PAYMENT_AUDIENCES } from "@repo/contracts/mail-constants";
import { COUNTED, countOf } from "@repo/contracts/plural";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { DocumentPreview } from "@repo/ui/document-preview";
import { formatCount, formatDateTime } from "@repo/ui/format";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { MultiSelect } from "@repo/ui/multi-select";
import { ProgressBar } from "@repo/ui/progress-bar";
import { RadioGroup } from "@repo/ui/radio-group";
import { RichTextEditor } from "@repo/ui/rich-text-editor";
import { Select } from "@repo/ui/select";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { TextField } from "@repo/ui/text-field";
import { Textarea } from "@repo/ui/textarea";
import { useEffect, useState } from "react";
import { type ComposeValues, EMPTY_COMPOSE, sharedVariables } from "./compose";
import type { Campaign, SendMailActionData, sendMailLoader } from "./send-mail.server";

const PAYMENT_LABELS: Record<(typeof SCHOOL_PAYMENT_AUDIENCES)[number], string> = {
  any: "Every school",
  paid: "Schools with paid students",
  unpaid: "Schools whose students have not paid",
};

/** How far a campaign has got, for its progress bar. */
function progressOf(campaign: Campaign) {
  const counts = campaign.counts;
  const settled = (counts.sent ?? 0) + (counts.failed ?? 0) + (counts.cancelled ?? 0);
  return { settled, sent: counts.sent ?? 0, failed: counts.failed ?? 0 };
}

function CampaignProgress({ campaign }: { campaign: Campaign }) {
  const { settled, sent, failed } = progressOf(campaign);
  const preparing = campaign.status === "preparing";
  return (
    <Stack gap={2}>
      <ProgressBar
        label={`${campaign.subject}: ${campaign.audience}`}
        value={preparing ? undefined : settled}
        max={Math.max(campaign.total, 1)}
        valueText={
          preparing
            ? "Preparing the recipients…"
            : `${formatCount(sent)} sent${failed ? `, ${formatCount(failed)} failed` : ""} of ${formatCount(campaign.total)}`
        }
        tone={failed > 0 ? "danger" : "primary"}
      />
      <Text tone="muted" size="sm">
        {campaign.status === "done" ? "Finished" : preparing ? "Preparing" : "Sending"} · started{" "}
        {formatDateTime(campaign.created_at)}
        {campaign.created_by ? ` by ${campaign.created_by}` : ""}
        {campaign.invalid ? ` · ${countOf(campaign.invalid, COUNTED.address)} refused` : ""}
      </Text>
    </Stack>
  );
}

/**
 * Compose a mail to an audience: who (roles, schools by payment, or a pasted list, within the
 * sender's region), what (a template or a written mail), check the recipients, preview the mail
 * one of them gets, send after a confirmation, then watch the campaign being delivered.
 */
export function SendMailScreen() {
  const data = useLoaderData<typeof sendMailLoader>();
  const dialogs = useMessageDialog();
  const revalidator = useRevalidator();
  const counter = useFetcher<SendMailActionData>();
  const previewer = useFetcher<SendMailActionData>();
  const sender = useFetcher<SendMailActionData>();
  const [values, setValues] = useState<ComposeValues>({ ...EMPTY_COMPOSE, template: data.templates[0]?.value ?? "" });
  // The recipient count belongs to the audience it was made for; changing the audience drops it.
  const [countedFor, setCountedFor] = useState<string | null>(null);

  const template = data.templates.find((t) => t.value === values.template);
  const variables = sharedVariables(template?.variables ?? []);
  const audienceKey = JSON.stringify([
    values.kind,
    values.role_ids,
    values.payment,
    values.zone_id,
    values.state_ids,
    values.prant_ids,
    values.district_ids,
    values.addresses,
  ]);
  const summary =
    counter.data?.intent === "count" && counter.data.ok && countedFor === audienceKey ? counter.data.summary : null;
  const errors = [counter.data, previewer.data, sender.data].flatMap((answer) =>
    answer && !answer.ok ? (answer.errors ?? []) : [],
  );
  const errorOf = (field: string) => errors.find((e) => e.field === field)?.message;
  const refusal = [sender.data, previewer.data, counter.data].find(
    (answer) => answer && !answer.ok && !answer.errors?.length,
  );

  // Watch a campaign until it is delivered.
  const watching = data.campaign && data.campaign.status !== "done";
  useEffect(() => {
    if (!watching) return;
    const timer = window.setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, 2000);
    return () => window.clearInterval(timer);
  }, [watching, revalidator]);

  const set = <K extends keyof ComposeValues>(field: K, value: ComposeValues[K]) =>
    setValues((v) => ({ ...v, [field]: value }));
  const post = (fetcher: typeof counter, intent: "count" | "preview" | "send") =>
    fetcher.submit(
      {
        intent,
        mail: JSON.stringify(values),
        template_variables: JSON.stringify(template?.variables ?? []),
        csrf: data.csrf,
      },
      { method: "post" },
    );

  const count = () => {
    setCountedFor(audienceKey);
    post(counter, "count");
  };
  const send = async () => {
    if (!summary) return;
    const what = values.mode === "template" ? (template?.label ?? "this template") : `“${values.subject}”`;
    const yes = await dialogs.confirm(`Send ${what} to ${countOf(summary.count, COUNTED.recipient)}?`, {
      title: "Send mail",
      confirmLabel: "Yes, send",
    });
    if (yes) post(sender, "send");
  };

  const regionFields = (
    <Stack direction="row" gap={4} grow>
      <Select
        label="Zone"
        placeholder="All zones"
        options={data.regions.zone}
        value={values.zone_id}
        onChange={(event) => set("zone_id", event.target.value)}
      />
      <MultiSelect
        label="States"
        placeholder="All states"
        options={data.regions.state}
        value={values.state_ids}
        onChange={(v) => set("state_ids", v)}
      />
      <MultiSelect
        label="Prants"
        placeholder="All prants"
        options={data.regions.prant}
        value={values.prant_ids}
        onChange={(v) => set("prant_ids", v)}
      />
      <MultiSelect
        label="Districts"
        placeholder="All districts"
        options={data.regions.district}
        value={values.district_ids}
        onChange={(v) => set("district_ids", v)}
      />
    </Stack>
  );

  return (
    <Stack gap={5}>
      {data.campaign ? (
        <Card
          title="Campaign"
          description={
            data.campaign.status === "done"
              ? "Delivered as far as it could be."
              : "Delivering now; this updates by itself."
          }
        >
          <CampaignProgress campaign={data.campaign} />
        </Card>
      ) : null}

      <Card title="Recipients" description="Who gets this mail. Coordinators reach only their own region.">
        <Stack gap={4}>
          <RadioGroup
            legend="Send to"
            name="kind"
            orientation="horizontal"
            value={values.kind}
            onChange={(value) => set("kind", value as ComposeValues["kind"])}
            options={[
              { value: "roles", label: "People by role" },
              { value: "schools", label: "Schools" },
              ...(data.mayPasteList ? [{ value: "list", label: "A list of addresses" }] : []),
            ]}
          />
          {values.kind === "roles" ? (
            <MultiSelect
              label="Roles"
              placeholder="Choose roles"
              options={data.roles}
              value={values.role_ids}
              onChange={(v) => set("role_ids", v)}
              error={errorOf("role_ids")}
            />
          ) : null}
          {values.kind === "schools" ? (
            <RadioGroup
              legend="Schools"
              name="payment"
              value={values.payment}
              onChange={(value) => set("payment", value as ComposeValues["payment"])}
              options={SCHOOL_PAYMENT_AUDIENCES.map((value) => ({ value, label: PAYMENT_LABELS[value] }))}
            />
          ) : null}
          {values.kind === "list" ? (
            <Textarea
              label="Addresses"
              hint="One per line, or separated by commas"
              rows={6}
              value={values.addresses}
              onChange={(event) => set("addresses", event.target.value)}
              error={errorOf("addresses")}
            />
          ) : (
            regionFields
          )}
          <Stack direction="row" gap={3} align="center">
            <Button variant="light" onClick={count} loading={counter.state !== "idle"}>
              Check recipients
            </Button>
            {summary ? (
              <Text role="status" weight="semibold">
                {countOf(summary.count, COUNTED.recipient)}
                {summary.invalid_total ? `, ${countOf(summary.invalid_total, COUNTED.address)} refused` : ""}
              </Text>
            ) : null}
          </Stack>
          {summary?.sample.length ? (
            <Text tone="muted" size="sm">
              For example: {summary.sample.map((r) => `${r.name} <${r.email}>`).join(", ")}
            </Text>
          ) : null}
          {summary?.invalid.length ? (
            <Stack gap={1} role="list" aria-label="Refused addresses">
              {summary.invalid.map((item) => (
                <Text key={item.address} role="listitem" tone="danger" size="sm">
                  {item.address}: {item.reason}
                </Text>
              ))}
            </Stack>
          ) : null}
        </Stack>
      </Card>

      <Card title="Message">
        <Stack gap={4}>
          <RadioGroup
            legend="What to send"
            name="mode"
            orientation="horizontal"
            value={values.mode}
            onChange={(value) => set("mode", value as ComposeValues["mode"])}
            options={[
              { value: "template", label: "A template" },
              { value: "compose", label: "Write a mail" },
            ]}
          />
          {values.mode === "template" ? (
            <>
              <Select
                label="Template"
                placeholder="Choose a template"
                options={data.templates}
                value={values.template}
                onChange={(event) => set("template", event.target.value)}
                error={errorOf("template")}
              />
              {variables.map((name) => (
                <TextField
                  key={name}
                  label={`Value of {{ ${name} }}`}
                  value={values.variables[name] ?? ""}
                  onChange={(event) => set("variables", { ...values.variables, [name]: event.target.value })}
                  error={errorOf(`variables.${name}`)}
                />
              ))}
              <Text tone="muted" size="sm">
                {"{{ name }}"} and {"{{ email }}"} are filled in for each recipient.
              </Text>
            </>
          ) : (
            <>
              <TextField
                label="Subject"
                value={values.subject}
                onChange={(event) => set("subject", event.target.value)}
                error={errorOf("subject")}
              />
              <RichTextEditor
                label="Body"
                hint="Write {{ name }} where each recipient's name should go."
                onChange={(html) => set("body", html)}
                error={errorOf("body")}
              />
            </>
          )}
          {refusal && !refusal.ok ? (
            <Text role="alert" tone="danger" weight="semibold">
              {refusal.message}
            </Text>
          ) : null}
          <Stack direction="row" gap={3}>
            <Button variant="light" onClick={() => post(previewer, "preview")} loading={previewer.state !== "idle"}>
              Preview
            </Button>
            <Button onClick={send} disabled={!summary || summary.count === 0} loading={sender.state !== "idle"}>
              Send…
            </Button>
          </Stack>
          {!summary ? (
            <Text tone="muted" size="sm">
              Check the recipients before sending.
            </Text>
          ) : null}
        </Stack>
      </Card>

      {previewer.data?.intent === "preview" && previewer.data.ok ? (
        <Card title={`Preview: ${previewer.data.mail.subject}`} description="The mail the first recipient gets.">
          <DocumentPreview title="Preview of the mail" html={previewer.data.mail.html} />
        </Card>
      ) : null}

      {data.recent.length > 0 ? (
        <Card title="Recent campaigns">
          <Stack gap={4}>
            {data.recent.map((campaign) => (
              <CampaignProgress key={campaign.id} campaign={campaign} />
            ))}
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
}
