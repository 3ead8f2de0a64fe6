import type { StaticPageBody, StaticPageItem } from "@repo/contracts/content-notices";
import { STATIC_PAGES, type StaticPageKey, staticPageOf } from "@repo/contracts/content-notices-constants";
import { type DbOrTx, queryRows } from "@repo/db";
import { staticPages } from "@repo/db/schema";
import { sanitizeHtml } from "@repo/ui/sanitize";
import { and, eq, sql } from "drizzle-orm";
import { type Actor, recordActivity } from "../../kernel/activity";
import { ApiError } from "../../kernel/http/errors";

interface PageRow {
  module_name: string;
  key: string;
  body: string;
  updated_at: Date | string | null;
  updated_by: string | null;
}

const toItem = (key: StaticPageKey, row: PageRow | undefined): StaticPageItem => {
  const page = staticPageOf(key);
  return {
    module_name: page?.module ?? "",
    key,
    title: page?.title ?? key,
    body: row?.body ?? "",
    updated_at: row?.updated_at ? new Date(row.updated_at).toISOString() : null,
    updated_by: row?.updated_by ?? null,
  };
};

const PAGE_COLUMNS = sql`p.module_name, p.key, p.body, p.updated_at, u.name as updated_by`;

/** Every static page, written or not, in the order of STATIC_PAGES. */
export async function listStaticPages(db: DbOrTx): Promise<StaticPageItem[]> {
  const rows = await queryRows<PageRow>(
    db,
    sql`select ${PAGE_COLUMNS} from static_pages p left join users u on u.id = p.updated_by`,
  );
  return STATIC_PAGES.map((page) =>
    toItem(
      page.key,
      rows.find((r) => r.key === page.key && r.module_name === page.module),
    ),
  );
}

/** A key belongs to one module: asking for it under another is a 404, like an unknown page. */
function checkModule(moduleName: string, key: StaticPageKey) {
  if (staticPageOf(key)?.module !== moduleName) {
    throw new ApiError(404, `There is no page "${key}" in the ${moduleName} module`);
  }
}

/** One page's text ("" while nobody has written it). */
export async function viewStaticPage(db: DbOrTx, moduleName: string, key: StaticPageKey): Promise<StaticPageItem> {
  checkModule(moduleName, key);
  const [row] = await queryRows<PageRow>(
    db,
    sql`select ${PAGE_COLUMNS} from static_pages p left join users u on u.id = p.updated_by
        where p.module_name = ${moduleName} and p.key = ${key}`,
  );
  return toItem(key, row);
}

/** Writes a page's text, sanitised with the kit's allow-list (the same one that shows it), and logs it. */
export async function updateStaticPage(db: DbOrTx, input: StaticPageBody, actor: Actor): Promise<StaticPageItem> {
  checkModule(input.module_name, input.key);
  const body = sanitizeHtml(input.body);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ body: staticPages.body })
      .from(staticPages)
      .where(and(eq(staticPages.moduleName, input.module_name), eq(staticPages.key, input.key)));
    await tx
      .insert(staticPages)
      .values({ moduleName: input.module_name, key: input.key, body, updatedBy: actor.userId })
      .onConflictDoUpdate({
        target: [staticPages.moduleName, staticPages.key],
        set: { body, updatedBy: actor.userId, updatedAt: sql`now()` },
      });
    await recordActivity(tx, {
      userId: actor.userId,
      action: "static_page.update",
      entity: "static_pages",
      entityId: `${input.module_name}/${input.key}`,
      before: before ? { body: before.body } : null,
      after: { body },
      requestId: actor.requestId,
    });
  });
  return viewStaticPage(db, input.module_name, input.key);
}
