import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { envelope } from "@repo/contracts/envelope";
import {
  copyMockBody,
  finalizeBody,
  finalizeProblem,
  paperExportBody,
  paperSetCreateBody,
  paperSetQuestionItem,
  paperSetUpdateBody,
  sectionQuestionsBody,
  sectionRuleChangeBody,
  subjectExportBody,
} from "@repo/contracts/papers";
import type { AppEnv } from "../../context";
import { fileResponse } from "../../kernel/files";
import { ok } from "../../kernel/http/envelope";
import { apiRoute, errorResponse } from "../../kernel/http/routes";
import { idParam, json, named } from "../../kernel/http/schemas";
import { exportPaperSet, exportSubjectWise } from "./paper-export";
import {
  assemblePaperSet,
  copyMockPaperSet,
  createPaperSet,
  finalizePaperSet,
  finalizeProblems,
  printedQuestions,
  setSectionQuestions,
  setSectionRule,
  updatePaperSet,
} from "./paper-sets";
import { body, setResponse, tags, viewerOf } from "./route-helpers";

/** Paper sets: create, fill, check, finalize, copy and export. */
export function registerPaperSetRoutes(app: OpenAPIHono<AppEnv>) {
  // ------------------------------------------------------------------------------- paper sets
  app.openapi(
    apiRoute("paperSets.assemble", {
      method: "post",
      path: "/api/paperset/create",
      tags,
      summary: "Start a draft paper set with the level's default sections and rules",
      request: body(paperSetCreateBody, "PaperSetCreateBody"),
      responses: { 200: setResponse, 409: errorResponse("The code is taken, or no exam year is open") },
    }),
    async (c) => {
      const { db, viewer } = await viewerOf(c);
      return ok(c, await createPaperSet(db, viewer, c.req.valid("json")), "The paper set is created.");
    },
  );

  app.openapi(
    apiRoute("paperSets.assemble", {
      method: "post",
      path: "/api/paperset/update/{id}",
      tags,
      summary: "Change a draft set's name, code, languages, duration, instructions and section rules",
      request: { params: idParam, ...body(paperSetUpdateBody, "PaperSetUpdateBody") },
      responses: {
        200: setResponse,
        404: errorResponse("No such paper set"),
        409: errorResponse("Finalized, or code taken"),
      },
    }),
    async (c) => {
      const { db, viewer } = await viewerOf(c);
      return ok(
        c,
        await updatePaperSet(db, viewer, c.req.valid("param").id, c.req.valid("json")),
        "The paper set is saved.",
      );
    },
  );

  app.openapi(
    apiRoute("paperSets.assemble", {
      method: "post",
      path: "/api/paperset/section-questions/{id}",
      tags,
      summary: "Set one section's questions, in order",
      request: { params: idParam, ...body(sectionQuestionsBody, "SectionQuestionsBody") },
      responses: { 200: setResponse, 404: errorResponse("No such paper set"), 409: errorResponse("Finalized") },
    }),
    async (c) => {
      const { db, viewer } = await viewerOf(c);
      const input = c.req.valid("json");
      return ok(
        c,
        await setSectionQuestions(db, viewer, c.req.valid("param").id, input.section_id, input.question_ids),
        "The section's questions are saved.",
      );
    },
  );

  app.openapi(
    apiRoute("paperSets.assemble", {
      method: "post",
      path: "/api/paperset/section-rule/{id}",
      tags,
      summary: "Set, change or remove (both null) one section's qualifying rule",
      description:
        "The section counts only when the named section reaches the mark (decision 059). Refused (422) when the named section does not exist, is the section itself, waits in turn for it, or cannot hold the mark (its questions × marks per question).",
      request: { params: idParam, ...body(sectionRuleChangeBody, "SectionRuleChangeBody") },
      responses: { 200: setResponse, 404: errorResponse("No such paper set"), 409: errorResponse("Finalized") },
    }),
    async (c) => {
      const { db, viewer } = await viewerOf(c);
      const input = c.req.valid("json");
      const set = await setSectionRule(db, viewer, c.req.valid("param").id, input);
      const removed = input.counts_if_section === null && input.counts_if_marks === null;
      return ok(c, set, removed ? "The qualifying rule is removed." : "The qualifying rule is saved.");
    },
  );

  app.openapi(
    apiRoute("paperSets.assemble", {
      method: "post",
      path: "/api/paperset/assemble/{id}",
      tags,
      summary: "Fill free places from each section's blueprint with reviewed questions",
      request: { params: idParam },
      responses: { 200: setResponse, 404: errorResponse("No such paper set"), 409: errorResponse("Finalized") },
    }),
    async (c) => {
      const { db, viewer } = await viewerOf(c);
      return ok(
        c,
        await assemblePaperSet(db, viewer, c.req.valid("param").id),
        "Free places are filled from the blueprint.",
      );
    },
  );

  app.openapi(
    apiRoute("paperSets.view", {
      method: "get",
      path: "/api/paperset/questions/{id}",
      tags,
      summary: "A paper set's questions as it prints them",
      description:
        "In paper order and numbered as printed. A finalized set answers the versions and translations it pinned, with any newer version named; a draft answers the newest ones. A subject panel user gets its subjects' questions only.",
      request: { params: idParam },
      responses: {
        200: json(
          envelope(z.array(named(paperSetQuestionItem, "PaperSetQuestionItem"))).openapi("PaperSetQuestionList"),
          "The set's questions",
        ),
        404: errorResponse("No such paper set"),
      },
    }),
    async (c) => {
      const { db, viewer } = await viewerOf(c);
      return ok(c, await printedQuestions(db, viewer, c.req.valid("param").id));
    },
  );

  app.openapi(
    apiRoute("paperSets.view", {
      method: "get",
      path: "/api/paperset/finalize-check/{id}",
      tags,
      summary: "What still keeps a paper set from being finalized",
      request: { params: idParam },
      responses: {
        200: json(
          envelope(z.array(named(finalizeProblem, "FinalizeProblem"))).openapi("FinalizeProblemList"),
          "Problems",
        ),
        404: errorResponse("No such paper set"),
      },
    }),
    async (c) => ok(c, await finalizeProblems(c.var.services.database.db, c.req.valid("param").id)),
  );

  app.openapi(
    apiRoute("paperSets.finalize", {
      method: "post",
      path: "/api/paperset/finalize-paperset",
      tags,
      summary: "Freeze a paper set: exact versions, translations and a content hash",
      description:
        "Refused (422) with every problem listed in `errors` while a section is not full, a qualifying rule cannot be met, the set's own texts have no translation, a question is not reviewed, or a question lacks a done translation of its current English into a language the set is offered in; each such problem says whether the translation is missing, a draft, or stale (made for an older version of the English, named). A finalized set never changes; copy it instead.",
      request: body(finalizeBody, "FinalizeBody"),
      responses: {
        200: setResponse,
        404: errorResponse("No such paper set"),
        409: errorResponse("Already finalized"),
        422: errorResponse("The list of problems to fix"),
      },
    }),
    async (c) => {
      const { db, viewer } = await viewerOf(c);
      const input = c.req.valid("json");
      return ok(c, await finalizePaperSet(db, viewer, input.id, input), "The paper set is finalized.");
    },
  );

  app.openapi(
    apiRoute("paperSets.copyMock", {
      method: "post",
      path: "/api/paperset/copy-mock-paperset",
      tags,
      summary: "Copy a mock paper set into a new draft",
      request: body(copyMockBody, "CopyMockBody"),
      responses: { 200: setResponse, 404: errorResponse("No such paper set"), 422: errorResponse("Not a mock set") },
    }),
    async (c) => {
      const { db, viewer } = await viewerOf(c);
      const input = c.req.valid("json");
      return ok(
        c,
        await copyMockPaperSet(db, viewer, input.id, input),
        "The mock paper set is copied into a new draft.",
      );
    },
  );

  const fileAnswer = {
    description: "The file (Content-Disposition: attachment)",
    content: {
      "application/pdf": { schema: z.string().openapi({ format: "binary" }) },
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document": {
        schema: z.string().openapi({ format: "binary" }),
      },
    },
  };
  app.openapi(
    apiRoute("paperSets.export", {
      method: "post",
      path: "/api/paperset/export-paperset",
      tags,
      summary: "A paper set's question paper or answer key in one language, as PDF or DOCX",
      description:
        "A finalized set prints its frozen versions, with its content hash in every footer; a draft prints a proof titled as a draft.",
      request: body(paperExportBody, "PaperExportBody"),
      responses: {
        200: fileAnswer,
        404: errorResponse("No such paper set"),
        422: errorResponse("A language the set is not offered in, or another class"),
      },
    }),
    async (c) => {
      const { db, viewer } = await viewerOf(c);
      const file = await exportPaperSet(db, c.var.services.pdf, c.var.services.storage, viewer, c.req.valid("json"));
      return fileResponse(c, { ...file, inline: false });
    },
  );

  app.openapi(
    apiRoute("paperSets.export", {
      method: "post",
      path: "/api/subject/export-subject-wise",
      tags,
      summary: "Every question of a subject, class and exam in one language, as PDF or DOCX",
      request: body(subjectExportBody, "SubjectExportBody"),
      responses: { 200: fileAnswer, 404: errorResponse("No such questions"), 422: errorResponse("Too many questions") },
    }),
    async (c) => {
      const { db, viewer } = await viewerOf(c);
      const file = await exportSubjectWise(db, c.var.services.pdf, c.var.services.storage, viewer, c.req.valid("json"));
      return fileResponse(c, { ...file, inline: false });
    },
  );
}
