import { type ReactNode, useId } from "react";
import { Checkbox } from "../checkbox/Checkbox";
import { styled } from "../theme/stitches";

const Fieldset = styled("fieldset", { border: 0, margin: 0, padding: 0, minWidth: 0 });
const Legend = styled("legend", {
  padding: 0,
  marginBottom: "$2",
  fontSize: "$md",
  fontWeight: "$semibold",
  color: "$gray800",
});
const Options = styled("div", { display: "flex", flexWrap: "wrap", gap: "$3 $5" });
const ErrorText = styled("p", { margin: "$2 0 0", fontSize: "$sm", fontWeight: "$medium", color: "$dangerText" });

export interface CheckboxGroupOption {
  value: string;
  label: ReactNode;
}

export interface CheckboxGroupProps {
  legend: ReactNode;
  options: readonly CheckboxGroupOption[];
  /** The checked values, in the options' order. */
  value: readonly string[];
  onChange: (values: string[]) => void;
  /** Form field name: each checked box submits its value under it. */
  name?: string;
  error?: ReactNode;
}

/** Several checkboxes answering one question ("For: School, Institute"), with one legend and one error. */
export function CheckboxGroup({ legend, options, value, onChange, name, error }: CheckboxGroupProps) {
  const errorId = useId();
  const toggle = (option: string, checked: boolean) =>
    onChange(options.map((o) => o.value).filter((v) => (v === option ? checked : value.includes(v))));
  return (
    <Fieldset aria-describedby={error ? errorId : undefined}>
      <Legend>{legend}</Legend>
      <Options>
        {options.map((option) => (
          <Checkbox
            key={option.value}
            name={name}
            value={option.value}
            label={option.label}
            checked={value.includes(option.value)}
            aria-invalid={error ? true : undefined}
            onChange={(event) => toggle(option.value, event.target.checked)}
          />
        ))}
      </Options>
      {error ? (
        <ErrorText id={errorId} role="alert">
          {error}
        </ErrorText>
      ) : null}
    </Fieldset>
  );
}
