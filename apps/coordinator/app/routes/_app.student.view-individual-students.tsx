import type { LoaderFunctionArgs } from "@remix-run/node";
import { viewIndividualStudentsLoader } from "../individual-students/individual-students.server";

/** The old portal's address of the individual-students list: it leads to /individual-student. */
export const loader = (args: LoaderFunctionArgs) => viewIndividualStudentsLoader(args);
