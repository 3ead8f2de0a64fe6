import { Link as RemixLink } from "@remix-run/react";
import { Icon } from "@repo/ui/icon";
import { styled } from "@repo/ui/theme";
import { VisuallyHidden } from "@repo/ui/visually-hidden";
import { TRANSLATION_BADGE, translateHref } from "./labels";
import type { QuestionDetail } from "./questions.server";

const List = styled("ul", { listStyle: "none", margin: 0, padding: 0, display: "flex", flexWrap: "wrap", gap: "$2" });
const Chip = styled("span", {
  display: "inline-flex",
  alignItems: "center",
  gap: "$2",
  padding: "$1 $3",
  borderRadius: "$round",
  fontSize: "$sm",
  border: "1px solid transparent",
  textDecoration: "none",
  "& b": { fontWeight: "$semibold" },
  variants: {
    tone: {
      missing: { backgroundColor: "$gray200", color: "$gray800", borderStyle: "dashed", borderColor: "$gray500" },
      draft: { backgroundColor: "$infoLight", color: "$infoText" },
      done: { backgroundColor: "$successLight", color: "$successText" },
      stale: { backgroundColor: "$dangerLight", color: "$dangerText" },
    },
  },
  "a&": { textDecoration: "underline", textUnderlineOffset: "3px" },
  "a&:hover": { textDecorationThickness: "2px" },
  "a&:focus-visible": { outline: "2px solid $colors$focusRing", outlineOffset: "2px" },
});

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
    <List aria-label="Translations">
      {translations.map((t) => {
        const state = TRANSLATION_BADGE[t.status]?.label ?? t.status;
        const tone = (["missing", "draft", "done", "stale"] as const).find((s) => s === t.status) ?? "missing";
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
              <Chip as={RemixLink} tone={tone} to={translateHref(questionId, t.language_id)}>
                <Icon name="edit" size={14} aria-hidden />
                {content}
                <VisuallyHidden>: translate</VisuallyHidden>
              </Chip>
            ) : (
              <Chip tone={tone}>{content}</Chip>
            )}
          </li>
        );
      })}
    </List>
  );
}
