import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { envelope } from "@repo/contracts/envelope";
import { ID_RANGE_MESSAGE, wholeNumber } from "@repo/contracts/ids";
import { ID_MAX } from "@repo/contracts/ids-constants";
import { paginated } from "@repo/contracts/pagination";
import {
  questionBody,
  questionIdOnlyQuery,
  questionIdQuery,
  questionListItem,
  questionListQuery,
  questionVersionItem,
  reviewBody,
  rollbackBody,
} from "@repo/contracts/papers";
import { QUESTION_IMAGE_MAX_BYTES } from "@repo/contracts/papers-constants";
import type { AppEnv } from "../../context";
import { uploadLimit } from "../../kernel/http/body-limit";
import { ok } from "../../kernel/http/envelope";
import { FormFile, readForm } from "../../kernel/http/multipart";
import { apiRoute, errorResponse } from "../../kernel/http/routes";
import { json, named } from "../../kernel/http/schemas";
import { QUESTION_IMAGE_RULE, readQuestionImage, storeQuestionImage } from "./images";
import {
  createQuestion,
  listQuestions,
  questionLog,
  questionDetail as readQuestion,
  reviewQuestion,
  rollbackQuestion,
  updateQuestion,
} from "./questions";
import { body, formOrJson, formOrJsonBody, notFoundQuestion, questionResponse, tags, viewerOf } from "./route-helpers";

/** The question bank: lists, versions, images, rollback and review. */
export function registerQuestionRoutes(app: OpenAPIHono<AppEnv>) {
  // ---------------------------------------------------------------------------- question bank
  app.openapi(
    apiRoute("questions.view", {
      method: "get",
      path: "/api/question/question-list",
      tags,
      summary: "Page through questions",
      description:
        "Filters of the question bank (search, paperset_id, section_id, subject_id, language_id, is_mock, class_level) plus class_id, status and, with language_id, translation_status. A subject panel user sees its subjects only.",
      request: { query: questionListQuery },
      responses: {
        200: json(
          envelope(paginated(named(questionListItem, "QuestionListItem"))).openapi("QuestionPage"),
          "A page of questions",
        ),
      },
    }),
    async (c) => {
      const query = c.req.valid("query");
      const { db, viewer } = await viewerOf(c);
      return ok(c, await listQuestions(db, viewer, query));
    },
  );

  app.openapi(
    apiRoute("questions.view", {
      method: "get",
      path: "/api/question/question-edit",
      tags,
      summary: "One question, its newest version and its translations' states",
      request: { query: questionIdQuery },
      responses: { 200: questionResponse, 404: notFoundQuestion },
    }),
    async (c) => {
      const { id } = c.req.valid("query");
      const { db, viewer } = await viewerOf(c);
      return ok(c, await readQuestion(db, viewer, id));
    },
  );

  app.openapi(
    apiRoute("questions.edit", {
      method: "post",
      path: "/api/question/question-store",
      tags,
      summary: "Write a question (version 1)",
      description: "HTML is sanitised with the kit's allow-list. A subject panel user writes in its subjects only.",
      request: body(questionBody, "QuestionBody"),
      responses: { 200: questionResponse, 422: errorResponse("A subject that is not the caller's, or none") },
    }),
    async (c) => {
      const { db, viewer } = await viewerOf(c);
      return ok(c, await createQuestion(db, viewer, c.req.valid("json")), "The question is saved as version 1.");
    },
  );

  app.openapi(
    apiRoute("questions.edit", {
      method: "post",
      path: "/api/question/question-update",
      tags,
      summary: "Save a question as its next version",
      description:
        "Every change is a new version and sends the question back to draft; a save that changes nothing makes none. With base_version, a save over someone else's newer version answers 409.",
      request: body(
        z.strictObject({
          id: questionIdQuery.shape.id,
          base_version: wholeNumber(z.number().int().positive().max(ID_MAX, ID_RANGE_MESSAGE)).optional(),
          question: questionBody,
        }),
        "QuestionUpdateBody",
      ),
      responses: {
        200: questionResponse,
        404: notFoundQuestion,
        409: errorResponse("A newer version was saved meanwhile"),
      },
    }),
    async (c) => {
      const { db, viewer } = await viewerOf(c);
      const input = c.req.valid("json");
      const { question, changed } = await updateQuestion(db, viewer, input.id, input.question, input.base_version);
      return ok(c, question, changed ? `Saved as version ${question.version}.` : "Nothing changed; no new version.");
    },
  );

  app.openapi(
    apiRoute(
      "questions.edit",
      {
        method: "post",
        path: "/api/question/image",
        tags,
        summary: "Upload a picture for a question",
        description: `Multipart field \`image\`: a PNG, JPEG, WebP or GIF by content, at most ${QUESTION_IMAGE_MAX_BYTES / 1_000_000} MB. Answers the address to put in the question's HTML (\`<img src>\`); every app serves it.`,
        request: {
          body: {
            content: {
              "multipart/form-data": {
                schema: z.object({ image: z.any().optional().openapi({ type: "string", format: "binary" }) }),
              },
            },
            required: true,
          },
        },
        responses: {
          200: json(envelope(z.object({ src: z.string() })).openapi("QuestionImageResponse"), "The picture's address"),
          413: errorResponse("Larger than allowed"),
          422: errorResponse("Not a picture"),
        },
      },
      { bodyLimit: uploadLimit(QUESTION_IMAGE_RULE) },
    ),
    async (c) => {
      const form = await readForm(c, "image");
      const image = form.image instanceof FormFile ? form.image : undefined;
      return ok(c, { src: await storeQuestionImage(c.var.services.storage, image) }, "The picture is uploaded.");
    },
  );

  app.openapi(
    apiRoute("questions.view", {
      method: "get",
      path: "/api/question-images/{name}",
      tags,
      summary: "A question's picture",
      request: {
        params: z.object({
          name: z.string().openapi({ param: { name: "name", in: "path", required: true }, example: "0f…a1.png" }),
        }),
      },
      responses: {
        200: {
          description: "The picture",
          content: { "image/png": { schema: z.string().openapi({ format: "binary" }) } },
        },
        404: errorResponse("No such picture"),
      },
    }),
    async (c) => {
      const image = await readQuestionImage(c.var.services.storage, c.req.valid("param").name);
      return c.body(new Uint8Array(image.bytes), 200, {
        "Content-Type": image.mime,
        "Cache-Control": "private, max-age=86400, immutable",
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; sandbox",
      });
    },
  );

  app.openapi(
    apiRoute("questions.keys", {
      method: "get",
      path: "/api/question/question-log-list",
      tags,
      summary: "A question's versions, newest first, with what changed in each",
      request: { query: questionIdOnlyQuery },
      responses: {
        200: json(
          envelope(z.array(named(questionVersionItem, "QuestionVersionItem"))).openapi("QuestionVersionList"),
          "Versions",
        ),
        404: notFoundQuestion,
      },
    }),
    async (c) => {
      const { question_id } = c.req.valid("query");
      const { db, viewer } = await viewerOf(c);
      return ok(c, await questionLog(db, viewer, question_id));
    },
  );

  app.openapi(
    apiRoute("questions.rollback", {
      method: "post",
      path: "/api/question/rollback-version",
      tags,
      summary: "Make an earlier version the newest (as a new version)",
      request: formOrJsonBody(rollbackBody, "RollbackBody"),
      responses: { 200: questionResponse, 404: notFoundQuestion, 409: errorResponse("Already the newest version") },
    }),
    async (c) => {
      const input = formOrJson(c, rollbackBody);
      const { db, viewer } = await viewerOf(c);
      const question = await rollbackQuestion(db, viewer, input.question_id, input.rollback_version);
      return ok(c, question, `Version ${input.rollback_version} is restored as version ${question.version}.`);
    },
  );

  app.openapi(
    apiRoute("questions.review", {
      method: "post",
      path: "/api/question/review",
      tags,
      summary: "Mark a question reviewed (it may then go into a finalized paper)",
      request: body(reviewBody, "ReviewBody"),
      responses: { 200: questionResponse, 404: notFoundQuestion, 409: errorResponse("Already reviewed") },
    }),
    async (c) => {
      const { db, viewer } = await viewerOf(c);
      return ok(c, await reviewQuestion(db, viewer, c.req.valid("json").question_id), "The question is reviewed.");
    },
  );
}
