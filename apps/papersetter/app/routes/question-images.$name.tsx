import type { LoaderFunctionArgs } from "@remix-run/node";
import { questionImageLoader } from "../question-images/question-images.server";

export const loader = (args: LoaderFunctionArgs) => questionImageLoader(args);
