import { Link as RemixLink } from "@remix-run/react";
import { studentResultsPath } from "@repo/auth/student-paths";
import type { StepState, StudentStep } from "@repo/contracts/student-area-constants";
import type { StudentWords } from "@repo/contracts/student-words";
import { fill } from "@repo/contracts/student-words/fill";
import { Badge } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { Icon } from "@repo/ui/icon";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { Timeline, TimelineStep } from "@repo/ui/timeline";
import { VisuallyHidden } from "@repo/ui/visually-hidden";
import type { ReactNode } from "react";
import { admitCardPath, ownCertificatePath } from "./paths";
import type { StudentArea } from "./student-area.server";

interface TimelineProps {
  area: StudentArea;
  words: StudentWords;
  when: { registered: string; paid: string | null; exams: Partial<Record<string, string>> };
  links: { payMyFee: string; continuePayment: string | null; receipt: string | null };
}

/** What a step says and offers, from the student's area. */
function stepContent(step: StudentStep, state: StepState, { area, words, when, links }: TimelineProps) {
  const w = words.steps;
  const level1 = area.exams.find((exam) => exam.level === "level1");
  const examDate = when.exams.level1;
  const admitCard = level1?.admit_card?.available ? (
    <Button asChild variant={state === "current" ? "primary" : "light"} size="sm">
      <a href={admitCardPath("level1")}>
        <Icon name="download" size={16} />
        {w.admit_card.download}
      </a>
    </Button>
  ) : null;
  switch (step) {
    case "registered":
      return { text: fill(w.registered.done, { date: when.registered }) };
    case "paid": {
      if (state === "done") {
        const receipt = links.receipt && area.payment.receipt;
        return {
          text: receipt ? fill(w.paid.done, { date: when.paid ?? "" }) : w.paid.doneSchool,
          action: receipt ? (
            <Button asChild variant="light" size="sm">
              <a href={links.receipt ?? ""} download>
                <Icon name="download" size={16} />
                {fill(w.paid.receipt, { number: area.payment.receipt?.invoice_number ?? "" })}
              </a>
            </Button>
          ) : null,
        };
      }
      if (area.payment.status === "pending") {
        return links.continuePayment
          ? {
              text: w.paid.pendingOwn,
              action: (
                <Button asChild variant="primary" size="sm">
                  <RemixLink to={links.continuePayment}>{w.paid.finish}</RemixLink>
                </Button>
              ),
            }
          : { text: w.paid.pendingSchool };
      }
      return {
        text: w.paid.current,
        action: (
          <Button asChild variant="primary" size="sm">
            <RemixLink to={links.payMyFee}>
              <Icon name="credit-card" size={16} />
              {w.paid.pay}
            </RemixLink>
          </Button>
        ),
      };
    }
    case "admit_card":
      if (state === "done") return { text: fill(w.admit_card.done, { date: examDate ?? "" }), action: admitCard };
      return { text: w.admit_card[state], action: state === "current" ? admitCard : null };
    case "exam":
      return {
        text: examDate
          ? fill(state === "done" ? w.exam.done : w.exam.upcoming, { date: examDate })
          : state === "done"
            ? w.exam.doneNoDate
            : w.exam.upcomingNoDate,
      };
    case "result": {
      const result = level1?.result;
      if (state === "done" && result) {
        return {
          text: fill(w.result.done, { total: result.total, full: result.full_marks }),
          action: (
            <Button asChild variant="light" size="sm">
              <RemixLink to={studentResultsPath("level1")}>{w.result.see}</RemixLink>
            </Button>
          ),
        };
      }
      return { text: state === "waiting" ? w.result.waiting : w.result.upcoming };
    }
    case "certificate":
      return state === "current"
        ? {
            text: w.certificate.current,
            action: (
              <Button asChild variant="primary" size="sm">
                <a href={ownCertificatePath("level1")}>
                  <Icon name="award" size={16} />
                  {w.certificate.download}
                </a>
              </Button>
            ),
          }
        : { text: w.certificate.upcoming };
  }
}

/** The year's steps of Level 1 as a list: each done, the one to act on now, waiting, or later. */
export function StudentTimeline(props: TimelineProps) {
  const { area, words } = props;
  const { steps, next } = area.timeline;
  return (
    <Card title={words.stepsTitle} description={next ? words.stepsDescription : words.allDone}>
      <Timeline aria-label={words.stepsTitle}>
        {steps.map((item, index) => {
          const content: { text: string; action?: ReactNode } = stepContent(item.step, item.state, props);
          const title = words.steps[item.step].title;
          const state = words.stepStates[item.state];
          return (
            <TimelineStep
              key={item.step}
              state={item.state}
              next={item.step === next}
              marker={item.state === "done" ? <Icon name="check" size={16} strokeWidth={2.6} /> : index + 1}
            >
              <Stack gap={2}>
                <Stack direction="row" gap={2} align="center">
                  <Text weight="semibold">{title}</Text>
                  {item.state === "current" ? (
                    <Badge tone="primary" size="sm">
                      {state}
                    </Badge>
                  ) : item.state === "waiting" ? (
                    <Badge tone="warning" size="sm">
                      {state}
                    </Badge>
                  ) : (
                    <VisuallyHidden>{`(${state})`}</VisuallyHidden>
                  )}
                </Stack>
                {content.text ? (
                  <Text size="sm" tone={item.state === "upcoming" ? "muted" : "default"}>
                    {content.text}
                  </Text>
                ) : null}
                {content.action ? <div>{content.action}</div> : null}
              </Stack>
            </TimelineStep>
          );
        })}
      </Timeline>
    </Card>
  );
}
