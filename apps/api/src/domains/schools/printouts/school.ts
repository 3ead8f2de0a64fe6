/**
 * Which school a school account prints for (decision 050): its own, or for a master institute the
 * one of its schools it names. Ownership comes from schoolScopeOf, the one scope rule.
 */
import { type DbOrTx, queryRows } from "@repo/db";
import { sql } from "drizzle-orm";
import { invalidField, notFound } from "../../../kernel/http/errors";
import type { StudentViewer } from "../../students/students";
import { ownedSchoolWhere, schoolScopeOf } from "../ownership";

export interface PrintoutSchool {
  id: number;
  name: string;
}

/** The school, or 404 for one that is not the viewer's; a master institute must name one. */
export async function printoutSchool(
  db: DbOrTx,
  viewer: StudentViewer,
  schoolId: number | undefined,
): Promise<PrintoutSchool> {
  const scope = await schoolScopeOf(db, viewer);
  if (scope.kind === "school" && schoolId !== undefined && schoolId !== scope.schoolId) throw notFound("School");
  if (scope.kind === "institute" && schoolId === undefined) {
    throw invalidField("school_id", "Choose one of your schools");
  }
  const [school] = await queryRows<{ id: number; name: string }>(
    db,
    sql`select sc.id, sc.name from schools sc
        where ${ownedSchoolWhere(scope, scope.kind === "school" ? scope.schoolId : (schoolId ?? 0))}`,
  );
  if (!school) throw notFound("School");
  return { id: Number(school.id), name: school.name };
}
