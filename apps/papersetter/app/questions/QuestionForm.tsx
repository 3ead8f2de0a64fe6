import type { ExamLevel } from "@repo/contracts/fees";
import { OPTION_KEYS, PAPER_DEFAULTS, QUESTION_LIMITS } from "@repo/contracts/papers-constants";
import { Button } from "@repo/ui/button";
import { Callout } from "@repo/ui/callout";
import { Card } from "@repo/ui/card";
import { CheckboxGroup } from "@repo/ui/checkbox-group";
import { Grid } from "@repo/ui/grid";
import { Icon } from "@repo/ui/icon";
import { Panel } from "@repo/ui/panel";
import { RadioGroup } from "@repo/ui/radio-group";
import { RichTextEditor } from "@repo/ui/rich-text-editor";
import { Select, type SelectOption } from "@repo/ui/select";
import { Split } from "@repo/ui/split";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { TextField } from "@repo/ui/text-field";
import { type FormEvent, useRef, useState } from "react";
import { CLASS_OPTIONS, DIFFICULTY_OPTIONS } from "./labels";
import { QuestionPreview } from "./QuestionPreview";
import type { QuestionDetail } from "./questions.server";

interface Draft {
  uid: number;
  html: string;
}

export interface QuestionFormProps {
  question: QuestionDetail | null;
  level: ExamLevel;
  subjects: readonly SelectOption[];
  types: readonly (SelectOption & { rule: string })[];
  /** Field errors of the last save, by the API's field name (`text`, `options.1.html`, `correct`…). */
  errors: Readonly<Record<string, string>>;
  /** The answer to the last save or restore, shown beside the Save button. */
  notice: { ok: boolean; message: string; details: readonly string[] } | null;
  busy: boolean;
  /** The form's values as the action reads them. */
  onSave: (form: FormData) => void;
  /** Uploads a picture from an editor's image button (through the API's file service). */
  onImageUpload?: (file: File) => Promise<string>;
}

const MULTIPLE = new Set(["multiple", "at_least"]);

/**
 * A question's English source: class, subject, answer type, difficulty and marks, the text, two
 * to six options and the correct answer(s), the explanation; beside it a live preview of exactly
 * what is saved. The editors hold their own content; the form keeps the HTML they report.
 */
export function QuestionForm({
  question,
  level,
  subjects,
  types,
  errors,
  notice,
  busy,
  onSave,
  onImageUpload,
}: QuestionFormProps) {
  const defaults = PAPER_DEFAULTS[level].sections[0];
  const nextUid = useRef(0);
  const uid = () => ++nextUid.current;
  const [initialOptions] = useState<Draft[]>(() =>
    question
      ? question.content.options.map((o) => ({ uid: uid(), html: o.html }))
      : Array.from({ length: 4 }, () => ({ uid: uid(), html: "" })),
  );
  const [classId, setClassId] = useState(question ? String(question.class_id) : "");
  const [subjectId, setSubjectId] = useState(
    question ? String(question.subject_id) : subjects.length === 1 ? (subjects[0]?.value ?? "") : "",
  );
  const [type, setType] = useState(question?.question_type ?? defaults?.answerRule ?? "single");
  const [difficulty, setDifficulty] = useState(question?.difficulty ?? "medium");
  const [marks, setMarks] = useState(String(question?.marks ?? defaults?.marksPerQuestion ?? 1));
  const [text, setText] = useState(question?.content.text ?? "");
  const [options, setOptions] = useState<Draft[]>(initialOptions);
  const [correct, setCorrect] = useState<number[]>(() =>
    question
      ? ((question.content.correct ?? [])
          .map((key) => initialOptions[OPTION_KEYS.indexOf(key as (typeof OPTION_KEYS)[number])]?.uid)
          .filter((n) => n !== undefined) as number[])
      : [],
  );
  const [explanation, setExplanation] = useState(question?.content.explanation ?? "");

  const keyOf = (index: number) => OPTION_KEYS[index] ?? "?";
  const correctKeys = options.flatMap((o, index) => (correct.includes(o.uid) ? [keyOf(index)] : []));
  const multiple = MULTIPLE.has(type);
  const rule = types.find((t) => t.value === type)?.rule;
  const optionError = (index: number) => errors[`options.${index}.html`] ?? errors[`options.${index}.key`];

  const changeOption = (id: number, html: string) =>
    setOptions((current) => current.map((o) => (o.uid === id ? { ...o, html } : o)));
  const removeOption = (id: number) => {
    setOptions((current) => current.filter((o) => o.uid !== id));
    setCorrect((current) => current.filter((c) => c !== id));
  };
  const addOption = () => setOptions((current) => [...current, { uid: uid(), html: "" }]);
  const changeType = (next: string) => {
    setType(next);
    // One correct option for a single-answer question: keep the first one marked.
    if (!MULTIPLE.has(next)) setCorrect((current) => current.slice(0, 1));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const form = new FormData();
    form.set("intent", "save");
    if (question) {
      form.set("id", String(question.id));
      form.set("base_version", String(question.version));
    }
    form.set("exam_level", level);
    form.set("class_id", classId);
    form.set("subject_id", subjectId);
    form.set("question_type", type);
    form.set("difficulty", difficulty);
    form.set("marks", marks);
    form.set("text", text);
    options.forEach((o, index) => {
      form.set(`option_${keyOf(index)}`, o.html);
    });
    for (const key of correctKeys) form.append("correct", key);
    form.set("explanation", explanation);
    onSave(form);
  };

  const choices = options.map((o, index) => ({ value: String(o.uid), label: `Option ${keyOf(index)}` }));

  return (
    <Split layout="editor" gap={5} stickyEnd>
      <Card title={question ? `Edit question ${question.id}` : "Write the question"} headingLevel={2}>
        <form onSubmit={submit} noValidate aria-label={question ? `Question ${question.id}` : "New question"}>
          <Stack gap={5}>
            <Grid minItemWidth={160} gap={4}>
              <Select
                label="Class"
                placeholder="Choose the class"
                options={CLASS_OPTIONS}
                value={classId}
                onChange={(event) => setClassId(event.target.value)}
                disabled={Boolean(question)}
                hint={question ? "A question keeps its class." : undefined}
                error={errors.class_id ?? errors.exam_level}
                required
              />
              <Select
                label="Subject"
                placeholder="Choose the subject"
                options={subjects}
                value={subjectId}
                onChange={(event) => setSubjectId(event.target.value)}
                error={errors.subject_id}
                required
              />
              <Select
                label="Answer type"
                options={types.map(({ value, label }) => ({ value, label }))}
                value={type}
                onChange={(event) => changeType(event.target.value)}
                error={errors.question_type}
                required
              />
              <Select
                label="Difficulty"
                options={DIFFICULTY_OPTIONS}
                value={difficulty}
                onChange={(event) => setDifficulty(event.target.value)}
                error={errors.difficulty}
              />
              <TextField
                label="Marks"
                inputMode="decimal"
                value={marks}
                onChange={(event) => setMarks(event.target.value)}
                hint={`Up to ${QUESTION_LIMITS.maxMarks}, in quarters`}
                error={errors.marks}
                autoComplete="off"
                required
              />
            </Grid>
            <RichTextEditor
              label="Question text"
              defaultValue={question?.content.text ?? ""}
              onChange={setText}
              onImageUpload={onImageUpload}
              hint="Use the ƒx button to write a formula and the picture button to upload a picture."
              error={errors.text}
              height={160}
              required
            />
            <Stack element="fieldset" gap={4} aria-describedby={errors.options ? "question-options-error" : undefined}>
              <legend>
                <Text inline weight="semibold">
                  Options
                </Text>
              </legend>
              {options.map((o, index) => (
                <Panel key={o.uid}>
                  <RichTextEditor
                    label={`Option ${keyOf(index)}`}
                    defaultValue={o.html}
                    onChange={(html) => changeOption(o.uid, html)}
                    onImageUpload={onImageUpload}
                    error={optionError(index)}
                    height={56}
                    required
                  />
                  <Stack direction="row" justify="end">
                    <Button
                      size="sm"
                      variant="ghost"
                      icon={<Icon name="trash" size={16} />}
                      onClick={() => removeOption(o.uid)}
                      disabled={options.length <= QUESTION_LIMITS.minOptions}
                      aria-label={`Remove option ${keyOf(index)}`}
                    >
                      Remove
                    </Button>
                  </Stack>
                </Panel>
              ))}
              {errors.options ? (
                <Text id="question-options-error" size="sm" tone="danger">
                  {errors.options}
                </Text>
              ) : null}
              {options.length < QUESTION_LIMITS.maxOptions ? (
                <div>
                  <Button variant="secondary" size="sm" icon={<Icon name="plus" size={16} />} onClick={addOption}>
                    Add option {keyOf(options.length)}
                  </Button>
                </div>
              ) : null}
            </Stack>
            {multiple ? (
              <CheckboxGroup
                legend="Correct answers"
                options={choices}
                value={correct.map(String)}
                onChange={(values) => setCorrect(values.map(Number))}
                error={errors.correct}
              />
            ) : (
              <RadioGroup
                legend="Correct answer"
                name="correct-choice"
                orientation="horizontal"
                options={choices}
                value={correct[0] !== undefined ? String(correct[0]) : ""}
                onChange={(value) => setCorrect([Number(value)])}
                error={errors.correct}
              />
            )}
            {rule ? (
              <Text size="sm" tone="muted">
                {`This type has ${rule}.`}
              </Text>
            ) : null}
            <RichTextEditor
              label="Explanation"
              defaultValue={question?.content.explanation ?? ""}
              onChange={setExplanation}
              onImageUpload={onImageUpload}
              hint="Optional: why the answer is right. Shown with the answer key."
              error={errors.explanation}
              height={100}
            />
            <Stack direction="row" justify="end" align="center" gap={3}>
              {notice ? (
                <Callout tone={notice.ok ? "success" : "danger"} role={notice.ok ? "status" : "alert"} grow>
                  <Icon name={notice.ok ? "success" : "error"} size={20} aria-hidden />
                  <div>
                    <strong>{notice.message}</strong>
                    {notice.details.length ? (
                      <ul>
                        {notice.details.map((detail) => (
                          <li key={detail}>{detail}</li>
                        ))}
                      </ul>
                    ) : null}
                  </div>
                </Callout>
              ) : null}
              <Button type="submit" loading={busy}>
                {question ? "Save as a new version" : "Save question"}
              </Button>
            </Stack>
          </Stack>
        </form>
      </Card>
      <Card title="Preview" description="Exactly what is saved, as papers show it." headingLevel={2}>
        <QuestionPreview
          content={{
            text,
            options: options.map((o, index) => ({ key: keyOf(index), html: o.html })),
            correct: correctKeys,
            explanation,
          }}
        />
      </Card>
    </Split>
  );
}
