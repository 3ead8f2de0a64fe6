import type { LoaderFunctionArgs } from "@remix-run/node";
import { answerProblemsLoader } from "../answer-uploads/answer-uploads.server";

/** Every line an upload's check refused, as CSV (a resource route). */
export const loader = (args: LoaderFunctionArgs) => answerProblemsLoader(args);
