import { getRole, isRoleId } from "@repo/auth/roles";
import { type CoordinatorItem, coordinatorListBody } from "@repo/contracts/coordinators";
import { EXPORT_KIND } from "@repo/contracts/export-kinds";
import type { Db } from "@repo/db";
import type { ExportColumn, ExportKind, ExportViewer } from "../../kernel/exports/kinds";
import { regionScopeFor } from "../geography/scope";
import { listCoordinators } from "./coordinators";

/** The coordinator lists (region masters, coordinator management) as XLSX and CSV. */

const columns: ExportColumn<CoordinatorItem>[] = [
  { header: "Name", value: (c) => c.name, width: 28 },
  { header: "Username", value: (c) => c.username, width: 18 },
  { header: "E-mail", value: (c) => c.email, width: 30 },
  { header: "Mobile", value: (c) => c.mobile, width: 15 },
  { header: "Level", value: (c) => (isRoleId(c.role_id) ? getRole(c.role_id).name : String(c.role_id)), width: 22 },
  { header: "Regions", value: (c) => c.assignments.map((a) => a.name).join(", "), width: 40 },
  { header: "Sign-in", value: (c) => (c.is_active ? "Can sign in" : "Switched off"), width: 13 },
  { header: "Last signed in", value: (c) => (c.last_login_at ? new Date(c.last_login_at) : null), width: 18 },
];

const filters = coordinatorListBody.omit({ page: true, per_page: true });

/** Pages through the list exactly as the viewer sees it (its levels, its region). */
async function* rows(db: Db, viewer: ExportViewer, body: ReturnType<typeof filters.parse>) {
  const scope = await regionScopeFor(db, viewer);
  for (let page = 1; ; page++) {
    const batch = await listCoordinators(db, { ...body, page, per_page: 500 }, viewer, scope);
    if (batch.items.length > 0) yield batch.items;
    if (page >= batch.last_page) return;
  }
}

export const COORDINATOR_EXPORT_KINDS: Record<string, ExportKind<unknown, unknown>> = {
  [EXPORT_KIND.coordinators]: {
    permissions: ["coordinators.manage"],
    filters,
    fileName: "coordinators",
    sheetName: "Coordinators",
    columns,
    rows,
  } satisfies ExportKind<CoordinatorItem, ReturnType<typeof filters.parse>> as ExportKind<unknown, unknown>,
};
