/**
 * Which school a school account prints for (decision 050): its own, or for a master institute the
 * one of its schools it names. Ownership comes from schoolScopeOf, the one scope rule.
 */
import { type DbOrTx, queryRows } from "@repo/db";
import { sql } from "drizzle-orm";
import { invalidField, notFound } from "../../../kernel/http/errors";
import { type StudentViewer, schoolScopeOf } from "../../students/students";

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
    scope.kind === "school"
      ? sql`select id, name from schools where id = ${scope.schoolId}`
      : sql`select id, name from schools where id = ${schoolId ?? 0} and master_institute_id = ${scope.masterInstituteId}`,
  );
  if (!school) throw notFound("School");
  return { id: Number(school.id), name: school.name };
}
