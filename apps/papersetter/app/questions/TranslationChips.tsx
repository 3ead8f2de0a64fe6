import { Link as RemixLink } from "@remix-run/react";
import { Chip, type ChipTone } from "@repo/ui/chip";
import { Icon } from "@repo/ui/icon";
import { Stack } from "@repo/ui/stack";
import { VisuallyHidden } from "@repo/ui/visually-hidden";
import { TRANSLATION_BADGE, translateHref } from "./labels";
import type { QuestionDetail } from "./questions.server";

const TONES = { missing: "missing", draft: "info", done: "success", stale: "danger" } as const satisfies Record<
  string,
  ChipTone
>;

type Translation = QuestionDetail["translations"][number];

/**
 * The 13 languages of a question with each translation's state (missing, draft, done, stale); a
 * language the viewer translates into links to its translation.
 */
export function TranslationChips({
  questionId,
  translations,
  translatable,
}: {
  questionId: number;
  translations: readonly Translation[];
  translatable: readonly number[];
}) {
  return (
    <Stack element="ul" direction="row" gap={2} aria-label="Translations">
      {translations.map((t) => {
        const state = TRANSLATION_BADGE[t.status]?.label ?? t.status;
        const tone = TONES[t.status as keyof typeof TONES] ?? "missing";
        const content = (
          <>
            <b>{t.name}</b>
            <span>{state}</span>
            {t.version ? <VisuallyHidden>, version {t.version}</VisuallyHidden> : null}
          </>
        );
        return (
          <li key={t.language_id}>
            {translatable.includes(t.language_id) ? (
              <Chip asChild tone={tone}>
                <RemixLink to={translateHref(questionId, t.language_id)}>
                  <Icon name="edit" size={14} aria-hidden />
                  {content}
                  <VisuallyHidden>: translate</VisuallyHidden>
                </RemixLink>
              </Chip>
            ) : (
              <Chip asChild tone={tone}>
                <span>{content}</span>
              </Chip>
            )}
          </li>
        );
      })}
    </Stack>
  );
}
