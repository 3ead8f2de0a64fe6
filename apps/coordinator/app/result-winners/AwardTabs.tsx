import { Link as RemixLink, useSearchParams } from "@remix-run/react";
import { AWARDS, type AwardCode } from "@repo/contracts/results-constants";
import { withFilters } from "@repo/remix-app/lists/filter-params";
import { LinkTab, LinkTabs } from "@repo/ui/link-tabs";
import type { ReactNode } from "react";

/**
 * The winners page's awards as tabs that are links to the page with its `award` (the other filters
 * kept, back to the first page), as the level picker is a URL parameter.
 */
export function AwardTabs({ value, children }: { value: AwardCode; children: ReactNode }) {
  const [params] = useSearchParams();
  const hrefOf = (code: AwardCode) => `?${withFilters(params, { award: code })}`;
  return (
    <LinkTabs
      aria-label="Awards"
      value={value}
      tabs={AWARDS.map((award) => (
        <LinkTab key={award.code} value={award.code}>
          <RemixLink to={hrefOf(award.code)} preventScrollReset>
            {award.name}
          </RemixLink>
        </LinkTab>
      ))}
    >
      {children}
    </LinkTabs>
  );
}
