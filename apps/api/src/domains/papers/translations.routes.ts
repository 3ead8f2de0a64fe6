import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { envelope } from "@repo/contracts/envelope";
import {
  questionIdOnlyQuery,
  translateQuery,
  translationBody,
  translationSummary,
  translationWorkspace as translationWorkspaceSchema,
} from "@repo/contracts/papers";
import type { AppEnv } from "../../context";
import { ok } from "../../kernel/http/envelope";
import { apiRoute, errorResponse } from "../../kernel/http/routes";
import { json, named } from "../../kernel/http/schemas";
import { body, formOrJson, formOrJsonBody, notFoundQuestion, tags, viewerOf } from "./route-helpers";
import { storeTranslation, translationStatus, translationWorkspace } from "./translations";

/** Translating questions into the programme's languages. */
export function registerTranslationRoutes(app: OpenAPIHono<AppEnv>) {
  // ------------------------------------------------------------------------------ translation
  app.openapi(
    apiRoute("questions.view", {
      method: "post",
      path: "/api/language/translation-status",
      tags,
      summary: "Each language's translation state for a question (missing, draft, done, stale)",
      request: { query: questionIdOnlyQuery },
      responses: {
        200: json(
          envelope(z.array(named(translationSummary, "TranslationSummary"))).openapi("TranslationStatusList"),
          "States",
        ),
        404: notFoundQuestion,
      },
    }),
    async (c) => {
      const { question_id } = c.req.valid("query");
      const { db, viewer } = await viewerOf(c);
      return ok(c, await translationStatus(db, viewer, question_id));
    },
  );

  const workspaceResponse = json(
    envelope(named(translationWorkspaceSchema, "TranslationWorkspace")).openapi("TranslationWorkspaceResponse"),
    "The source beside the translation",
  );
  app.openapi(
    apiRoute("questions.translate", {
      method: "post",
      path: "/api/question-translate",
      tags,
      summary: "Open a question for translation into one language",
      description: "The English source, its formulas (text_formulas, copied and locked) and the newest translation.",
      request: formOrJsonBody(translateQuery, "TranslateQuery"),
      responses: { 200: workspaceResponse, 404: notFoundQuestion, 422: errorResponse("English, or not a language") },
    }),
    async (c) => {
      const input = formOrJson(c, translateQuery);
      const { db, viewer } = await viewerOf(c);
      return ok(c, await translationWorkspace(db, viewer, input.question_id, input.language_id));
    },
  );

  app.openapi(
    apiRoute("questions.translate", {
      method: "post",
      path: "/api/store-question-translation",
      tags,
      summary: "Save a translation as its next version (draft or done)",
      description:
        "Options are the source's, in order; every formula of a field is kept exactly. A translator translates into its own languages only.",
      request: body(translationBody, "TranslationBody"),
      responses: {
        200: workspaceResponse,
        404: notFoundQuestion,
        422: errorResponse("Options or formulas that differ from the source's"),
      },
    }),
    async (c) => {
      const { db, viewer } = await viewerOf(c);
      const { workspace, changed } = await storeTranslation(db, viewer, c.req.valid("json"));
      return ok(
        c,
        workspace,
        changed
          ? `The ${workspace.language.name} translation is saved as version ${workspace.translation?.version}.`
          : "Nothing changed.",
      );
    },
  );
}
