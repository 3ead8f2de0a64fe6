// The kit's public props, checked by the type checker (`tsc -p packages/ui/tsconfig.json`, part of
// `npm run typecheck`): no exported component lets Stitches' `css` or `as` through, so pages style
// themselves only with the kit's own props and variants. The runtime test keeps the list of entry
// points below equal to package.json "exports".
import { describe, expect, expectTypeOf, it } from "vitest";
import pkg from "../package.json";
import type { AccordionContentProps, AccordionProps, AccordionTriggerProps } from "../src/accordion/Accordion";
import type { BadgeProps } from "../src/badge/Badge";
import type { ButtonProps } from "../src/button/Button";
import type { ChipProps } from "../src/chip/Chip";
import type { DropdownMenuLabelProps, DropdownMenuSeparatorProps } from "../src/dropdown-menu/DropdownMenu";
import type { FieldLabelProps } from "../src/field/Field";
import type { IconButtonProps } from "../src/icon-button/IconButton";
import type { EscapeHatch } from "../src/internal/styled-props";
import type { LinkProps } from "../src/link/Link";
import type { LinkTabProps } from "../src/link-tabs/LinkTabs";
import type { StackProps } from "../src/stack/Stack";
import type { TabsContentProps, TabsListProps, TabsProps, TabsTriggerProps } from "../src/tabs/Tabs";
import type { VisuallyHiddenProps } from "../src/visually-hidden/VisuallyHidden";

/** Every entry point of package.json "exports" (the imports are never run: only their types count). */
const entries = {
  "./theme": () => import("../src/theme/stitches"),
  "./page-css": () => import("../src/theme/page-css.server"),
  "./tokens": () => import("../src/theme/tokens"),
  "./fonts": () => import("../src/fonts/fonts"),
  "./provider": () => import("../src/provider/UiProvider"),
  "./icon": () => import("../src/icon/Icon"),
  "./visually-hidden": () => import("../src/visually-hidden/VisuallyHidden"),
  "./spinner": () => import("../src/spinner/Spinner"),
  "./button": () => import("../src/button/Button"),
  "./icon-button": () => import("../src/icon-button/IconButton"),
  "./notification-bell": () => import("../src/notification-bell/NotificationBell"),
  "./notice-list": () => import("../src/notice-list/NoticeList"),
  "./link": () => import("../src/link/Link"),
  "./badge": () => import("../src/badge/Badge"),
  "./chip": () => import("../src/chip/Chip"),
  "./figure-table": () => import("../src/figure-table/FigureTable"),
  "./callout": () => import("../src/callout/Callout"),
  "./panel": () => import("../src/panel/Panel"),
  "./split": () => import("../src/split/Split"),
  "./timeline": () => import("../src/timeline/Timeline"),
  "./diff-text": () => import("../src/diff-text/DiffText"),
  "./meter": () => import("../src/meter/Meter"),
  "./embed": () => import("../src/embed/Embed"),
  "./fact-tiles": () => import("../src/fact-tiles/FactTiles"),
  "./document-section": () => import("../src/document-section/DocumentSection"),
  "./clamp": () => import("../src/clamp/Clamp"),
  "./card": () => import("../src/card/Card"),
  "./stat-card": () => import("../src/stat-card/StatCard"),
  "./avatar": () => import("../src/avatar/Avatar"),
  "./centered": () => import("../src/centered/Centered"),
  "./stack": () => import("../src/stack/Stack"),
  "./grid": () => import("../src/grid/Grid"),
  "./text": () => import("../src/text/Text"),
  "./format": () => import("../src/format/format"),
  "./document-preview": () => import("../src/document-preview/DocumentPreview"),
  "./flipbook": () => import("../src/flipbook/Flipbook"),
  "./description-list": () => import("../src/description-list/DescriptionList"),
  "./dialog": () => import("../src/dialog/Dialog"),
  "./message-dialog": () => import("../src/message-dialog/useMessageDialog"),
  "./toast": () => import("../src/toast/Toast"),
  "./tooltip": () => import("../src/tooltip/Tooltip"),
  "./dropdown-menu": () => import("../src/dropdown-menu/DropdownMenu"),
  "./popover": () => import("../src/popover/Popover"),
  "./tabs": () => import("../src/tabs/Tabs"),
  "./link-tabs": () => import("../src/link-tabs/LinkTabs"),
  "./accordion": () => import("../src/accordion/Accordion"),
  "./field": () => import("../src/field/Field"),
  "./text-field": () => import("../src/text-field/TextField"),
  "./password-field": () => import("../src/password-field/PasswordField"),
  "./textarea": () => import("../src/textarea/Textarea"),
  "./select": () => import("../src/select/Select"),
  "./multi-select": () => import("../src/multi-select/MultiSelect"),
  "./checkbox": () => import("../src/checkbox/Checkbox"),
  "./checkbox-group": () => import("../src/checkbox-group/CheckboxGroup"),
  "./switch": () => import("../src/switch/Switch"),
  "./radio-group": () => import("../src/radio-group/RadioGroup"),
  "./file-input": () => import("../src/file-input/FileInput"),
  "./date-range": () => import("../src/date-range/DateRangePicker"),
  "./form": () => import("../src/form/Form"),
  "./hydrated": () => import("../src/form/use-hydrated"),
  "./data-table": () => import("../src/data-table/DataTable"),
  "./data-table/query": () => import("../src/data-table/query"),
  "./pagination": () => import("../src/pagination/Pagination"),
  "./breadcrumbs": () => import("../src/breadcrumbs/Breadcrumbs"),
  "./page-title": () => import("../src/page-title/PageTitle"),
  "./toolbar": () => import("../src/toolbar/Toolbar"),
  "./empty-state": () => import("../src/empty-state/EmptyState"),
  "./skeleton": () => import("../src/skeleton/Skeleton"),
  "./progress-bar": () => import("../src/progress-bar/ProgressBar"),
  "./preloader": () => import("../src/preloader/Preloader"),
  "./loading-bar": () => import("../src/loading-bar/LoadingBar"),
  "./route-transition": () => import("../src/route-transition/RouteTransition"),
  "./shell": () => import("../src/shell/AppShell"),
  "./shell/menu": () => import("../src/shell/menu"),
  "./shell/layout": () => import("../src/shell/layout"),
  "./shell/loading": () => import("../src/shell/loading"),
  "./shell/preloader": () => import("../src/shell/preloader"),
  "./shell/scroll": () => import("../src/shell/scroll"),
  "./rich-text-editor": () => import("../src/rich-text-editor/RichTextEditor"),
  "./rich-text-view": () => import("../src/rich-text-view/RichTextView"),
  "./rich-text-html": () => import("../src/rich-text-view/RichTextHtml"),
  "./rich-text-render": () => import("../src/rich-text-view/render"),
  "./sanitize": () => import("../src/rich-text-view/sanitize"),
  "./bar-chart": () => import("../src/bar-chart/BarChart"),
  "./pie-chart": () => import("../src/pie-chart/PieChart"),
  "./line-chart": () => import("../src/line-chart/LineChart"),
} satisfies Record<keyof typeof pkg.exports, () => Promise<unknown>>;

type Entries = { [Entry in keyof typeof entries]: Awaited<ReturnType<(typeof entries)[Entry]>> };

/**
 * The props a component accepts. A Stitches styled component is overloaded and only one of its
 * signatures is read here (one with `css`, not `as`): bare styled exports are caught as such below.
 */
type PropsOf<Component> = Component extends (props: infer Props, ...rest: never[]) => unknown ? Props : never;
type HatchesOf<Props> = Props extends unknown ? Extract<keyof Props, EscapeHatch> : never;

/** A bare Stitches styled component: its overloads take `as` and `css` whatever its props say. */
type Styled = { className: string; selector: string };

/** What an exported value lets through: nothing unless it is a component (a capitalised function). */
type LeaksOf<Name extends string, Value> =
  Name extends Capitalize<Name>
    ? Value extends (...args: never[]) => unknown
      ? Value extends Styled
        ? `${Name} is a bare styled component`
        : `${Name}.${HatchesOf<PropsOf<Value>>}`
      : never
    : never;

/** "entry Component.prop" for every exported component that takes `css` or `as`. */
type Leaks = {
  [Entry in keyof Entries]: {
    [Name in keyof Entries[Entry] & string]: `${Entry} ${LeaksOf<Name, Entries[Entry][Name]>}`;
  }[keyof Entries[Entry] & string];
}[keyof Entries];

/** Compiles only when `T` is never. */
type NothingLeaks<T extends never> = T;

describe("the kit's public props", () => {
  it("list every entry point of package.json", () => {
    expect(Object.keys(entries).sort()).toEqual(Object.keys(pkg.exports).sort());
  });

  it("let no exported component take Stitches' css or as", () => {
    // On failure the type checker names a leak: Type '"./button Button.css"' is not assignable to type 'never'.
    expectTypeOf<NothingLeaks<Leaks>>().toBeNever();
  });

  it("leave css and as out of the props types built on styled components", () => {
    expectTypeOf<ButtonProps>().not.toHaveProperty("css");
    expectTypeOf<ButtonProps>().not.toHaveProperty("as");
    expectTypeOf<IconButtonProps>().not.toHaveProperty("css");
    expectTypeOf<IconButtonProps>().not.toHaveProperty("as");
    expectTypeOf<LinkProps>().not.toHaveProperty("css");
    expectTypeOf<LinkProps>().not.toHaveProperty("as");
    expectTypeOf<BadgeProps>().not.toHaveProperty("css");
    expectTypeOf<BadgeProps>().not.toHaveProperty("as");
    expectTypeOf<ChipProps>().not.toHaveProperty("css");
    expectTypeOf<ChipProps>().not.toHaveProperty("as");
    expectTypeOf<StackProps>().not.toHaveProperty("css");
    expectTypeOf<StackProps>().not.toHaveProperty("as");
    expectTypeOf<VisuallyHiddenProps>().not.toHaveProperty("css");
    expectTypeOf<VisuallyHiddenProps>().not.toHaveProperty("as");
    expectTypeOf<FieldLabelProps>().not.toHaveProperty("css");
    expectTypeOf<FieldLabelProps>().not.toHaveProperty("as");
    expectTypeOf<DropdownMenuLabelProps>().not.toHaveProperty("css");
    expectTypeOf<DropdownMenuSeparatorProps>().not.toHaveProperty("css");
    expectTypeOf<TabsProps>().not.toHaveProperty("css");
    expectTypeOf<TabsListProps>().not.toHaveProperty("css");
    expectTypeOf<TabsTriggerProps>().not.toHaveProperty("css");
    expectTypeOf<TabsContentProps>().not.toHaveProperty("css");
    expectTypeOf<LinkTabProps>().not.toHaveProperty("css");
    expectTypeOf<LinkTabProps>().not.toHaveProperty("as");
    expectTypeOf<AccordionProps>().not.toHaveProperty("css");
    expectTypeOf<AccordionTriggerProps>().not.toHaveProperty("css");
    expectTypeOf<AccordionContentProps>().not.toHaveProperty("css");
  });

  it("keep the element's props and the variants", () => {
    expectTypeOf<ButtonProps>().toHaveProperty("onClick");
    expectTypeOf<StackProps>().toHaveProperty("gap");
    expectTypeOf<StackProps>().toHaveProperty("direction");
    expectTypeOf<BadgeProps>().toHaveProperty("tone");
    // Radix's two accordion modes stay apart: `collapsible` belongs to type="single".
    expectTypeOf<Extract<AccordionProps, { type: "single" }>>().toHaveProperty("collapsible");
  });
});
