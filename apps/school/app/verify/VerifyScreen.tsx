import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { CERTIFICATE_WITHDRAWN_REASONS } from "@repo/contracts/certificates-constants";
import { dateFormats } from "@repo/contracts/locale";
import { Badge } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { Centered } from "@repo/ui/centered";
import { DescriptionList } from "@repo/ui/description-list";
import { Icon } from "@repo/ui/icon";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import type { Verification, VerifyState, verifyLoader } from "./verify.server";

/**
 * /verify/{code}: the public page behind every certificate's QR code. It says whether the code
 * belongs to a certificate, valid or withdrawn, and shows what that certificate says (name,
 * school, level, year, award), nothing more. No sign-in; fits a phone held over the paper.
 */
export function VerifyScreen() {
  const state = useLoaderData<typeof verifyLoader>() as VerifyState;
  if (state.outcome === "withdrawn") return <Withdrawn code={state.code} certificate={state.certificate} />;
  if (state.outcome !== "valid") {
    return (
      <Centered>
        <Card
          title={state.outcome === "invalid" ? "Certificate not found" : "Could not check the certificate"}
          actions={
            <Button asChild variant="secondary">
              <RemixLink to="/">Go to the portal</RemixLink>
            </Button>
          }
        >
          <Stack gap={3}>
            <span>
              <Badge tone={state.outcome === "invalid" ? "danger" : "warning"}>
                {state.outcome === "invalid" ? "Not valid" : "Not checked"}
              </Badge>
            </span>
            <Text role="alert">{state.message}</Text>
            {state.code ? (
              <Text tone="muted" size="sm">
                Code: <span translate="no">{state.code}</span>
              </Text>
            ) : null}
          </Stack>
        </Card>
      </Centered>
    );
  }
  const { certificate } = state;
  return (
    <Centered>
      <Card title="Certificate verified">
        <Stack gap={4}>
          <Stack direction="row" gap={2} align="center">
            <Icon name="award" size={20} />
            <Badge tone="success">Valid certificate</Badge>
          </Stack>
          <Text role="status">
            This certificate was issued by the programme to the student below. Compare it with the printed certificate.
          </Text>
          <Text size="xl" weight="semibold" dir="auto">
            {certificate.student_name}
          </Text>
          <CertificateFacts code={state.code} certificate={certificate} />
        </Stack>
      </Card>
    </Centered>
  );
}

/** What the certificate says: school, exam, award and code. */
function CertificateFacts({ code, certificate }: { code: string; certificate: Verification }) {
  const merit = certificate.award !== null;
  return (
    <DescriptionList
      items={[
        { label: "School", value: <span dir="auto">{certificate.school_name || "—"}</span> },
        { label: "Exam", value: `${certificate.level_name}, ${certificate.exam_year}` },
        {
          label: merit ? "Award" : "Certificate",
          value: merit ? <Badge tone="warning">{certificate.award_name}</Badge> : "Participation",
        },
        { label: "Code", value: <span translate="no">{code}</span> },
      ]}
    />
  );
}

/**
 * A withdrawn certificate (decision 060): when and why, then what the printed paper said, so that
 * the reader can tell which paper is meant. Never "verified".
 */
function Withdrawn({ code, certificate }: { code: string; certificate: Verification }) {
  const when = certificate.withdrawn_at ? dateFormats("en").day(certificate.withdrawn_at) : "";
  const why = CERTIFICATE_WITHDRAWN_REASONS.find((reason) => reason.code === certificate.withdrawn_reason)?.text;
  return (
    <Centered>
      <Card
        title="Certificate withdrawn"
        actions={
          <Button asChild variant="secondary">
            <RemixLink to="/">Go to the portal</RemixLink>
          </Button>
        }
      >
        <Stack gap={4}>
          <span>
            <Badge tone="danger">Not valid</Badge>
          </span>
          <Text role="alert" weight="semibold">
            This certificate was withdrawn on {when}.
          </Text>
          {why ? <Text>{why}</Text> : null}
          <Text tone="muted">The withdrawn certificate said:</Text>
          <Text size="xl" weight="semibold" dir="auto">
            {certificate.student_name}
          </Text>
          <CertificateFacts code={code} certificate={certificate} />
        </Stack>
      </Card>
    </Centered>
  );
}
