import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { PickerLevel, RegionOption } from "./register.server";

const toOptions = (items: readonly { id: number; name: string }[]) =>
  items.map((item) => ({ value: String(item.id), label: item.name }));

/**
 * The options of one region picker below its parent, from the registration's resource route; none
 * until the parent is chosen. The server's list (`listed`, sent with a refused form or the
 * no-JavaScript "Show the choices") serves until the browser loads its own.
 */
export function useRegionOptions(level: PickerLevel, query: Record<string, string> | null, listed?: RegionOption[]) {
  const fetcher = useFetcher<{ items: RegionOption[] }>();
  const { load } = fetcher;
  const key = query ? new URLSearchParams({ level, ...query }).toString() : null;
  const [first] = useState(key);
  useEffect(() => {
    if (key) load(`/register/regions?${key}`);
  }, [key, load]);
  if (!key) return [];
  if (fetcher.state === "idle" && fetcher.data) return toOptions(fetcher.data.items);
  return key === first && listed ? toOptions(listed) : [];
}
