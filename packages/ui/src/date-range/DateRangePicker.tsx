import { useEffect, useId, useState } from "react";
import { Button } from "../button/Button";
import { controlStyles } from "../field/Field";
import { Icon } from "../icon/Icon";
import { Popover, type PopoverProps } from "../popover/Popover";
import { styled } from "../theme/stitches";
import { DATE_RANGE_PRESETS, type DateRange, formatRange, isValidRange, PRESET_LABELS, presetRange } from "./range";

export { type DateRange, formatRange, isIsoDate, isValidRange, presetRange } from "./range";

const Layout = styled("div", { display: "flex", flexWrap: "wrap" });
const Presets = styled("ul", {
  listStyle: "none",
  margin: 0,
  padding: "$2",
  display: "grid",
  alignContent: "start",
  gap: "2px",
  borderInlineEnd: "1px solid $border",
  minWidth: "150px",
});
const PresetButton = styled("button", {
  all: "unset",
  boxSizing: "border-box",
  width: "100%",
  padding: "$2 $3",
  borderRadius: "$md",
  fontSize: "$md",
  color: "$gray800",
  cursor: "pointer",
  "&:hover, &[aria-pressed=true]": { backgroundColor: "$primaryLight", color: "$primaryText" },
  "&:focus-visible": { outline: "2px solid $colors$focusRing", outlineOffset: "-2px" },
});
const Custom = styled("div", { display: "grid", gap: "$3", padding: "$4", minWidth: "240px", flex: 1 });
const DateLabel = styled("label", {
  display: "grid",
  gap: "$1",
  fontSize: "$sm",
  fontWeight: "$semibold",
  color: "$gray800",
});
const DateInput = styled("input", controlStyles);
const Actions = styled("div", { display: "flex", justifyContent: "flex-end", gap: "$2" });
const Problem = styled("p", { margin: 0, fontSize: "$sm", color: "$dangerText", fontWeight: "$medium" });

export interface DateRangePickerProps {
  value: DateRange;
  onChange: (range: DateRange) => void;
  /** The button's text when no range is chosen. */
  placeholder?: string;
  /** Names the control for screen readers ("Registration date"). */
  label?: string;
  locale?: string;
  /** For tests and stories: what "today" is. */
  today?: Date;
  align?: PopoverProps["align"];
}

/**
 * A date-range button (the toolbar's date filter): quick presets and two native date inputs, so
 * the browser's own accessible, localised calendar does the picking. Applies on "Apply".
 */
export function DateRangePicker({
  value,
  onChange,
  placeholder = "Select dates",
  label = "Date range",
  locale = "en-IN",
  today,
  align = "end",
}: DateRangePickerProps) {
  const [draft, setDraft] = useState<DateRange>(value);
  const [open, setOpen] = useState(false);
  const problemId = useId();
  useEffect(() => {
    if (open) setDraft(value);
  }, [open, value]);
  const valid = isValidRange(draft);
  const text = formatRange(value, locale);

  const apply = (range: DateRange) => {
    onChange(range);
    setOpen(false);
  };

  return (
    <Popover
      label={label}
      align={align}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button
          variant="secondary"
          size="sm"
          icon={<Icon name="calendar" size={16} />}
          aria-label={`${label}: ${text || placeholder}`}
        >
          {text || placeholder}
        </Button>
      }
    >
      <Layout>
        <Presets aria-label="Quick ranges">
          {DATE_RANGE_PRESETS.map((preset) => {
            const range = presetRange(preset, today);
            const active = range.from === value.from && range.to === value.to;
            return (
              <li key={preset}>
                <PresetButton type="button" aria-pressed={active} onClick={() => apply(range)}>
                  {PRESET_LABELS[preset]}
                </PresetButton>
              </li>
            );
          })}
        </Presets>
        <Custom>
          <DateLabel>
            From
            <DateInput
              type="date"
              value={draft.from ?? ""}
              max={draft.to}
              aria-describedby={valid ? undefined : problemId}
              onChange={(event) => setDraft({ ...draft, from: event.target.value || undefined })}
            />
          </DateLabel>
          <DateLabel>
            To
            <DateInput
              type="date"
              value={draft.to ?? ""}
              min={draft.from}
              aria-describedby={valid ? undefined : problemId}
              onChange={(event) => setDraft({ ...draft, to: event.target.value || undefined })}
            />
          </DateLabel>
          {valid ? null : <Problem id={problemId}>The start date must not be after the end date.</Problem>}
          <Actions>
            <Button variant="ghost" size="sm" onClick={() => apply({})}>
              Clear
            </Button>
            <Button size="sm" disabled={!valid} onClick={() => apply(draft)}>
              Apply
            </Button>
          </Actions>
        </Custom>
      </Layout>
    </Popover>
  );
}
