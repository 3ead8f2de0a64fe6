import { useSearchParams } from "@remix-run/react";
import { useHydrated } from "@repo/ui/hydrated";
import { TabsList, TabsTrigger } from "@repo/ui/tabs";

/** The Add pages' ways: one at a time, or from a spreadsheet (`?tab=spreadsheet`, or `?job=` followed). */
export type AddTab = "one" | "spreadsheet";

export const initialTab = (params: URLSearchParams): AddTab =>
  params.get("tab") === "spreadsheet" || params.has("job") ? "spreadsheet" : "one";

/** The two tabs; before JavaScript each is a link (`?tab=`) and the page comes back with it shown. */
export function AddTabsList({ label, one }: { label: string; one: string }) {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const trigger = (tab: AddTab, text: string) => {
    if (hydrated) return <TabsTrigger value={tab}>{text}</TabsTrigger>;
    const next = new URLSearchParams(params);
    next.delete("job");
    next.set("tab", tab);
    return (
      <TabsTrigger value={tab} asChild>
        <a href={`?${next}`}>{text}</a>
      </TabsTrigger>
    );
  };
  return (
    <TabsList aria-label={label}>
      {trigger("one", one)}
      {trigger("spreadsheet", "From a spreadsheet")}
    </TabsList>
  );
}
