import type { LoaderFunctionArgs } from "@remix-run/node";
import { viewStudentsLoader } from "../region-lists/region-lists.server";

/** The old portal's address of the region's students (total_students_zonal): it leads to /total-student. */
export const loader = (args: LoaderFunctionArgs) => viewStudentsLoader(args);
