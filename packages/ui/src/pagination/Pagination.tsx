import { Icon } from "../icon/Icon";
import { focusRing } from "../theme/focus";
import { styled } from "../theme/stitches";
import { pageWindow } from "./pages";

export { pageCountOf, pageWindow } from "./pages";

const List = styled("ul", { listStyle: "none", margin: 0, padding: 0, display: "flex", flexWrap: "wrap", gap: "$1" });

const PageButton = styled("button", {
  all: "unset",
  boxSizing: "border-box",
  display: "inline-grid",
  placeItems: "center",
  minWidth: "36px",
  height: "36px",
  padding: "0 $2",
  borderRadius: "$md",
  fontSize: "$md",
  fontWeight: "$semibold",
  color: "$gray700",
  cursor: "pointer",
  fontVariantNumeric: "tabular-nums",
  "&:hover:not(:disabled)": { backgroundColor: "$surfaceHover", color: "$primaryText" },
  "&[aria-current=page]": { backgroundColor: "$primary", color: "$primaryContrast" },
  "&:disabled": { opacity: 0.4, cursor: "not-allowed" },
  "&:focus-visible": focusRing,
});
const Gap = styled("li", { display: "inline-grid", placeItems: "center", minWidth: "24px", color: "$textMuted" });

export interface PaginationProps {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  label?: string;
  siblings?: number;
}

/** Page links of a paged list: previous, numbers around the current page, next. */
export function Pagination({ page, pageCount, onPageChange, label = "Pagination", siblings = 1 }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label}>
      <List>
        <li>
          <PageButton
            type="button"
            aria-label="Previous page"
            disabled={page <= 1}
            onClick={() => onPageChange(page - 1)}
          >
            <Icon name="chevron-left" size={18} />
          </PageButton>
        </li>
        {pageWindow(page, pageCount, siblings).map((item, index) =>
          item === "gap" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
            <Gap key={`gap-${index}`} aria-hidden>
              …
            </Gap>
          ) : (
            <li key={item}>
              <PageButton
                type="button"
                aria-label={`Page ${item}`}
                aria-current={item === page ? "page" : undefined}
                onClick={() => onPageChange(item)}
              >
                {item}
              </PageButton>
            </li>
          ),
        )}
        <li>
          <PageButton
            type="button"
            aria-label="Next page"
            disabled={page >= pageCount}
            onClick={() => onPageChange(page + 1)}
          >
            <Icon name="chevron-right" size={18} />
          </PageButton>
        </li>
      </List>
    </nav>
  );
}
