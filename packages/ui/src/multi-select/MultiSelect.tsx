import { type KeyboardEvent, type ReactNode, useId, useMemo, useState } from "react";
import { controlStyles, Field, useFieldIds } from "../field/Field";
import { Icon } from "../icon/Icon";
import { useControllableState } from "../internal/useControllableState";
import { Popover } from "../popover/Popover";
import { styled } from "../theme/stitches";
import { filterOptions, type MultiSelectOption, selectAll, summarize, toggleValue } from "./filter";

export { filterOptions, type MultiSelectOption } from "./filter";

const Trigger = styled("button", {
  ...controlStyles,
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: "$2",
  textAlign: "start",
  cursor: "pointer",
  "& [data-summary]": { overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" },
  "&[data-empty] [data-summary]": { color: "$textMuted" },
  "& svg": { flexShrink: 0, color: "$textMuted" },
});
const Count = styled("span", {
  marginInlineStart: "auto",
  padding: "0 $2",
  borderRadius: "$round",
  backgroundColor: "$primaryLight",
  color: "$primaryText",
  fontSize: "$sm",
  fontWeight: "$semibold",
});
const Search = styled("div", { padding: "$2", borderBottom: "1px solid $border" });
const SearchInput = styled("input", { ...controlStyles, minHeight: "36px" });
const List = styled("ul", {
  listStyle: "none",
  margin: 0,
  padding: "$1",
  maxHeight: "260px",
  overflowY: "auto",
  outline: "none",
});
const OptionRow = styled("li", {
  display: "flex",
  alignItems: "center",
  gap: "$3",
  padding: "$2 $3",
  borderRadius: "$md",
  cursor: "pointer",
  color: "$gray800",
  "&[data-active]": { backgroundColor: "$surfaceHover", color: "$primaryText" },
  "& [data-box]": {
    display: "grid",
    placeItems: "center",
    width: "18px",
    height: "18px",
    flexShrink: 0,
    borderRadius: "$sm",
    border: "1.5px solid $gray500",
    color: "transparent",
  },
  "&[aria-selected=true] [data-box]": {
    backgroundColor: "$primary",
    borderColor: "$primary",
    color: "$primaryContrast",
  },
});
const Footer = styled("div", {
  display: "flex",
  justifyContent: "space-between",
  padding: "$2",
  borderTop: "1px solid $border",
});
const LinkButton = styled("button", {
  all: "unset",
  padding: "$1 $2",
  borderRadius: "$sm",
  fontSize: "$sm",
  fontWeight: "$semibold",
  color: "$primaryText",
  cursor: "pointer",
  "&:hover": { textDecoration: "underline" },
  "&:focus-visible": { outline: "2px solid $colors$focusRing" },
});
const Empty = styled("li", { padding: "$3", color: "$textMuted", fontSize: "$sm" });

export interface MultiSelectProps {
  label: ReactNode;
  options: readonly MultiSelectOption[];
  value?: string[];
  defaultValue?: string[];
  onChange?: (values: string[]) => void;
  /** Trigger text when nothing is chosen ("All states"). */
  placeholder?: string;
  searchPlaceholder?: string;
  /** Form field name: one hidden input per chosen value, for plain form submission. */
  name?: string;
  hint?: ReactNode;
  error?: ReactNode;
  hideLabel?: boolean;
  id?: string;
}

/**
 * Choose several options from a long list with a search box (region filters: states, prants,
 * districts). Keyboard: type to filter, ↑/↓ to move, Enter to tick, Escape to close.
 */
export function MultiSelect({
  label,
  options,
  value,
  defaultValue = [],
  onChange,
  placeholder = "Select…",
  searchPlaceholder = "Search",
  name,
  hint,
  error,
  hideLabel,
  id,
}: MultiSelectProps) {
  const [selected, setSelected] = useControllableState(value, defaultValue, onChange);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const ids = useFieldIds(id, hint, error);
  const labelId = useId();
  const listId = useId();
  const visible = useMemo(() => filterOptions(options, query), [options, query]);
  const activeOption = visible[Math.min(active, visible.length - 1)];
  const optionId = (index: number) => `${listId}-option-${index}`;

  const toggle = (optionValue: string) => setSelected(toggleValue(selected, optionValue, options));
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((index) => (visible.length ? (index + step + visible.length) % visible.length : 0));
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (activeOption) toggle(activeOption.value);
    }
  };

  return (
    <Field ids={ids} label={label} hint={hint} error={error} hideLabel={hideLabel} labelId={labelId}>
      <Popover
        label={typeof label === "string" ? label : "Options"}
        width={320}
        onOpenChange={(open) => {
          if (!open) setQuery("");
        }}
        trigger={
          <Trigger
            type="button"
            id={ids.inputId}
            aria-labelledby={`${labelId} ${ids.inputId}`}
            aria-describedby={ids.describedBy}
            aria-invalid={error ? true : undefined}
            data-empty={selected.length ? undefined : ""}
          >
            <span data-summary>{summarize(selected, options, placeholder)}</span>
            {selected.length > 2 ? <Count aria-label={`${selected.length} selected`}>{selected.length}</Count> : null}
            <Icon name="chevron-down" size={18} />
          </Trigger>
        }
      >
        {(close) => (
          <>
            <Search>
              <SearchInput
                type="search"
                role="combobox"
                aria-label={searchPlaceholder}
                aria-expanded
                aria-controls={listId}
                aria-autocomplete="list"
                aria-activedescendant={activeOption ? optionId(visible.indexOf(activeOption)) : undefined}
                placeholder={searchPlaceholder}
                value={query}
                onChange={(event) => {
                  setQuery(event.target.value);
                  setActive(0);
                }}
                onKeyDown={onKeyDown}
              />
            </Search>
            <List id={listId} role="listbox" aria-multiselectable aria-labelledby={labelId}>
              {visible.length === 0 ? <Empty role="presentation">No matches</Empty> : null}
              {visible.map((option, index) => (
                <OptionRow
                  key={option.value}
                  id={optionId(index)}
                  role="option"
                  aria-selected={selected.includes(option.value)}
                  data-active={option === activeOption ? "" : undefined}
                  onPointerMove={() => setActive(index)}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => toggle(option.value)}
                >
                  <span data-box aria-hidden>
                    <Icon name="check" size={12} strokeWidth={3.2} />
                  </span>
                  {option.label}
                </OptionRow>
              ))}
            </List>
            <Footer>
              <LinkButton type="button" onClick={() => setSelected(selectAll(selected, visible, options))}>
                Select all{query ? " shown" : ""}
              </LinkButton>
              <LinkButton
                type="button"
                onClick={() => {
                  setSelected([]);
                  close();
                }}
              >
                Clear
              </LinkButton>
            </Footer>
          </>
        )}
      </Popover>
      {name ? selected.map((item) => <input key={item} type="hidden" name={name} value={item} />) : null}
    </Field>
  );
}
