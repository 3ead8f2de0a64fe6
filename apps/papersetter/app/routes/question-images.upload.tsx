import type { ActionFunctionArgs } from "@remix-run/node";
import { questionImageAction } from "../question-images/question-images.server";

export const action = (args: ActionFunctionArgs) => questionImageAction(args);
