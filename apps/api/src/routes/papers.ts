import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { can } from "@repo/auth/permissions";
import { envelope } from "@repo/contracts/envelope";
import { ID_RANGE_MESSAGE, wholeNumber } from "@repo/contracts/ids";
import { ID_MAX } from "@repo/contracts/ids-constants";
import { LANGUAGES, languageIdOf } from "@repo/contracts/languages";
import { paginated } from "@repo/contracts/pagination";
import {
  activityLogItem,
  activityLogQuery,
  classItem,
  copyMockBody,
  examScheduleBody,
  examScheduleItem,
  finalizeBody,
  finalizeProblem,
  languageItem,
  languageListQuery,
  panelAssignmentBody,
  panelMemberItem,
  paperExportBody,
  paperSetCreateBody,
  paperSetItem,
  paperSetListQuery,
  paperSetQuestionItem,
  paperSetUpdateBody,
  questionBody,
  questionDetail,
  questionIdOnlyQuery,
  questionIdQuery,
  questionListItem,
  questionListQuery,
  questionTableQuery,
  questionTableRow,
  questionTypeItem,
  questionVersionItem,
  reviewBody,
  rollbackBody,
  sectionItem,
  sectionListQuery,
  sectionQuestionsBody,
  sectionRuleChangeBody,
  subjectExportBody,
  subjectItem,
  subjectWiseQuery,
  subjectWiseRow,
  translateQuery,
  translationBody,
  translationSummary,
  translationWorkspace as translationWorkspaceSchema,
} from "@repo/contracts/papers";
import { QUESTION_IMAGE_MAX_BYTES, QUESTION_TYPES, SOURCE_LANGUAGE } from "@repo/contracts/papers-constants";
import { CLASS_LEVELS, classLabel } from "@repo/contracts/students-constants";
import type { Context } from "hono";
import { actorOf, signedIn } from "../auth/middleware";
import type { AppEnv } from "../context";
import { uploadLimit } from "../http/body-limit";
import { ok } from "../http/envelope";
import { FormFile, readForm } from "../http/multipart";
import { apiRoute, errorResponse } from "../http/routes";
import { idParam, json, named } from "../http/schemas";
import { validated } from "../http/validation";
import { fileResponse } from "../services/files";
import { paperViewer } from "../services/papers/access";
import { QUESTION_IMAGE_RULE, readQuestionImage, storeQuestionImage } from "../services/papers/images";
import { assignPanelMember, listPanelMembers, listSubjects } from "../services/papers/masters";
import { exportPaperSet, exportSubjectWise } from "../services/papers/paper-export";
import {
  assemblePaperSet,
  copyMockPaperSet,
  createPaperSet,
  finalizePaperSet,
  finalizeProblems,
  listPaperSets,
  paperSet,
  printedQuestions,
  setSectionQuestions,
  setSectionRule,
  updatePaperSet,
} from "../services/papers/paper-sets";
import {
  createQuestion,
  listQuestions,
  questionLog,
  questionDetail as readQuestion,
  reviewQuestion,
  rollbackQuestion,
  updateQuestion,
} from "../services/papers/questions";
import { activityLogs, levelOfQuery, questionTable, subjectWise } from "../services/papers/reports";
import { listExamSchedule, storeExamSchedule } from "../services/papers/schedule";
import { storeTranslation, translationStatus, translationWorkspace } from "../services/papers/translations";

const tags = ["Paper setting"];
const text = (description?: string) => z.string().optional().openapi({ description });
const body = <T extends z.ZodType>(schema: T, name: string) => ({
  body: { content: { "application/json": { schema: named(schema, name) } }, required: true },
});
/**
 * The spec sends rollback-version and question-translate as forms; JSON works too. Not
 * "required": with a required body every declared validator runs, whatever the content type.
 */
const formOrJsonBody = <T extends z.ZodType>(schema: T, name: string) => {
  const declared = { schema: named(schema, name) };
  return {
    body: {
      content: {
        "application/json": declared,
        "application/x-www-form-urlencoded": declared,
        "multipart/form-data": declared,
      },
      required: false,
    },
  };
};

/** The body the route's validator read, whether it came as JSON or as a form. */
function formOrJson(c: Context): unknown {
  const valid = c.req.valid.bind(c.req) as (target: "json" | "form") => unknown;
  return (c.req.header("content-type") ?? "").includes("application/json") ? valid("json") : valid("form");
}

const viewerOf = async (c: Context<AppEnv>) => {
  const auth = signedIn(c);
  const db = c.var.services.database.db;
  const viewer = await paperViewer(db, { userId: auth.userId, roleId: auth.roleId, requestId: actorOf(c).requestId });
  return { db, viewer };
};

const questionResponse = json(
  envelope(named(questionDetail, "QuestionDetail")).openapi("QuestionResponse"),
  "The question",
);
const setResponse = json(envelope(named(paperSetItem, "PaperSetItem")).openapi("PaperSetResponse"), "The paper set");
const notFoundQuestion = errorResponse("No such question among the caller's");

export function registerPaperRoutes(app: OpenAPIHono<AppEnv>) {
  // ------------------------------------------------------------------------------------ masters
  app.openapi(
    apiRoute("questions.view", {
      method: "get",
      path: "/api/classes",
      tags,
      summary: "Classes VI to XI",
      responses: { 200: json(envelope(z.array(named(classItem, "ClassItem"))).openapi("ClassList"), "The classes") },
    }),
    (c) =>
      ok(
        c,
        CLASS_LEVELS.map((id) => ({ id, name: `Class ${classLabel(id)}` })),
      ),
  );

  app.openapi(
    apiRoute("questions.view", {
      method: "get",
      path: "/api/get-language-list",
      tags,
      summary: "The 14 question languages",
      description:
        "language_id is the position in this list, from 1 (English) to 14 (Urdu). without_english=1 leaves English out; translatable=1 keeps only the languages the caller may translate into.",
      request: { query: z.object({ without_english: text("0 or 1"), translatable: text("0 or 1") }) },
      responses: {
        200: json(envelope(z.array(named(languageItem, "LanguageItem"))).openapi("LanguageList"), "Languages"),
      },
    }),
    async (c) => {
      const query = validated(languageListQuery, c.req.valid("query"));
      let allowed: readonly string[] | null = null;
      if (query.translatable === 1) {
        const { viewer } = await viewerOf(c);
        const translates = can({ roleId: viewer.roleId, isGcc: false, referredStudents: 0 }, "questions.translate");
        const others = LANGUAGES.map((l) => l.code).filter((l) => l !== SOURCE_LANGUAGE);
        allowed = translates ? (viewer.languages ?? others) : [];
      }
      return ok(
        c,
        LANGUAGES.filter(
          (l) =>
            !(query.without_english === 1 && l.code === SOURCE_LANGUAGE) &&
            (allowed === null || allowed.includes(l.code)),
        ).map((l) => ({
          id: languageIdOf(l.code),
          code: l.code,
          name: l.name,
          native: l.native,
          dir: l.dir,
        })),
      );
    },
  );

  app.openapi(
    apiRoute("questions.view", {
      method: "get",
      path: "/api/question/get-question-type",
      tags,
      summary: "How answers are marked",
      responses: {
        200: json(envelope(z.array(named(questionTypeItem, "QuestionTypeItem"))).openapi("QuestionTypeList"), "Types"),
      },
    }),
    (c) =>
      ok(
        c,
        QUESTION_TYPES.map((t) => ({ code: t.code, name: t.name, rule: t.rule })),
      ),
  );

  app.openapi(
    apiRoute("questions.view", {
      method: "get",
      path: "/api/subject/get-subjects",
      tags,
      summary: "Subjects (a subject panel user's own)",
      responses: { 200: json(envelope(z.array(named(subjectItem, "SubjectItem"))).openapi("SubjectList"), "Subjects") },
    }),
    async (c) => {
      const { db, viewer } = await viewerOf(c);
      return ok(c, await listSubjects(db, viewer));
    },
  );

  app.openapi(
    apiRoute("paperSets.view", {
      method: "get",
      path: "/api/paperset/get-paperset",
      tags,
      summary: "Paper sets of the open exam year",
      request: {
        query: z.object({
          id: text("One set, of any exam year"),
          class_id: text("6-11"),
          exam_level: text("mock, level1 or level2"),
        }),
      },
      responses: {
        200: json(envelope(z.array(named(paperSetItem, "PaperSetItem"))).openapi("PaperSetList"), "Paper sets"),
      },
    }),
    async (c) => {
      const query = validated(paperSetListQuery, c.req.valid("query"));
      return ok(c, await listPaperSets(c.var.services.database.db, query));
    },
  );

  app.openapi(
    apiRoute("paperSets.view", {
      method: "get",
      path: "/api/section/get-sections",
      tags,
      summary: "A paper set's sections with their marks rules",
      request: { query: z.object({ paperset_id: text("The paper set") }) },
      responses: {
        200: json(envelope(z.array(named(sectionItem, "SectionItem"))).openapi("SectionList"), "Sections"),
        404: errorResponse("No such paper set"),
      },
    }),
    async (c) => {
      const { paperset_id } = validated(sectionListQuery, c.req.valid("query"));
      return ok(c, (await paperSet(c.var.services.database.db, paperset_id)).sections);
    },
  );

  // ------------------------------------------------------------------------------- dashboards
  app.openapi(
    apiRoute("papers.dashboard", {
      method: "get",
      path: "/api/question/question-table-list",
      tags,
      summary: "A level's dashboard: per subject and class, written, reviewed, translated and needed",
      request: { query: z.object({ class_level: text("1 or 2"), is_mock: text("0 or 1") }) },
      responses: {
        200: json(envelope(z.array(named(questionTableRow, "QuestionTableRow"))).openapi("QuestionTable"), "Rows"),
      },
    }),
    async (c) => {
      const query = validated(questionTableQuery, c.req.valid("query"));
      const { db, viewer } = await viewerOf(c);
      return ok(c, await questionTable(db, viewer, levelOfQuery(query)));
    },
  );

  app.openapi(
    apiRoute("paperSets.view", {
      method: "get",
      path: "/api/question/subject-wise-question-list",
      tags,
      summary: "One subject across the level's paper sets: needed, placed, available",
      request: {
        query: z.object({
          subject_name: text("The subject's name"),
          class_level: text("1 or 2"),
          is_mock: text("0 or 1"),
        }),
      },
      responses: {
        200: json(envelope(z.array(named(subjectWiseRow, "SubjectWiseRow"))).openapi("SubjectWiseList"), "Rows"),
      },
    }),
    async (c) => {
      const query = validated(subjectWiseQuery, c.req.valid("query"));
      const { db, viewer } = await viewerOf(c);
      return ok(c, await subjectWise(db, viewer, query.subject_name, levelOfQuery(query)));
    },
  );

  // ---------------------------------------------------------------------------- question bank
  app.openapi(
    apiRoute("questions.view", {
      method: "get",
      path: "/api/question/question-list",
      tags,
      summary: "Page through questions",
      description:
        "Filters of the question bank (search, paperset_id, section_id, subject_id, language_id, is_mock, class_level) plus class_id, status and, with language_id, translation_status. A subject panel user sees its subjects only.",
      request: {
        query: z.object({
          page: text(),
          per_page: text(),
          search: text("Words of the question, or its number"),
          paperset_id: text(
            "Questions placed in this set, as the bank has them now; what a set prints is /api/paperset/questions/{id}",
          ),
          section_id: text(),
          subject_id: text(),
          language_id: text("1-14: the text shown and translation_status are this language's"),
          is_mock: text("0 or 1"),
          class_level: text("1 (Level 1) or 2 (Level 2)"),
          class_id: text("6-11"),
          status: text("draft or reviewed"),
          translation_status: text("missing, draft, done or stale"),
        }),
      },
      responses: {
        200: json(
          envelope(paginated(named(questionListItem, "QuestionListItem"))).openapi("QuestionPage"),
          "A page of questions",
        ),
      },
    }),
    async (c) => {
      const query = validated(questionListQuery, c.req.valid("query"));
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
      request: { query: z.object({ id: text("The question") }) },
      responses: { 200: questionResponse, 404: notFoundQuestion },
    }),
    async (c) => {
      const { id } = validated(questionIdQuery, c.req.valid("query"));
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
      request: { query: z.object({ question_id: text("The question") }) },
      responses: {
        200: json(
          envelope(z.array(named(questionVersionItem, "QuestionVersionItem"))).openapi("QuestionVersionList"),
          "Versions",
        ),
        404: notFoundQuestion,
      },
    }),
    async (c) => {
      const { question_id } = validated(questionIdOnlyQuery, c.req.valid("query"));
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
      const input = validated(rollbackBody, formOrJson(c));
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

  // ------------------------------------------------------------------------------ translation
  app.openapi(
    apiRoute("questions.view", {
      method: "post",
      path: "/api/language/translation-status",
      tags,
      summary: "Each language's translation state for a question (missing, draft, done, stale)",
      request: { query: z.object({ question_id: text("The question") }) },
      responses: {
        200: json(
          envelope(z.array(named(translationSummary, "TranslationSummary"))).openapi("TranslationStatusList"),
          "States",
        ),
        404: notFoundQuestion,
      },
    }),
    async (c) => {
      const { question_id } = validated(questionIdOnlyQuery, c.req.valid("query"));
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
      const input = validated(translateQuery, formOrJson(c));
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

  // ---------------------------------------------------------------------------- exam schedule
  const scheduleList = json(
    envelope(z.array(named(examScheduleItem, "ExamScheduleItem"))).openapi("ExamScheduleList"),
    "The open exam year's schedule",
  );
  app.openapi(
    apiRoute("examSchedule.view", {
      method: "get",
      path: "/api/exam-schedule",
      tags,
      summary: "When each exam is sat, per class",
      responses: { 200: scheduleList },
    }),
    async (c) => ok(c, await listExamSchedule(c.var.services.database.db)),
  );

  app.openapi(
    apiRoute("exams.schedule", {
      method: "post",
      path: "/api/store-exam-schedule",
      tags,
      summary: "Set an exam's date, time and duration for a class",
      description: "A time without an offset is India's (IST).",
      request: body(examScheduleBody, "ExamScheduleBody"),
      responses: {
        200: scheduleList,
        409: errorResponse("No exam year is open"),
        422: errorResponse("Not a real date"),
      },
    }),
    async (c) => {
      const { db, viewer } = await viewerOf(c);
      return ok(c, await storeExamSchedule(db, viewer, c.req.valid("json")), "The exam schedule is saved.");
    },
  );

  // ------------------------------------------------------------------------------ activity log
  app.openapi(
    apiRoute("activityLogs.view", {
      method: "get",
      path: "/api/dashboard/user-activity-logs",
      tags,
      summary: "Who did what to which question or paper set",
      description: "A subject panel user sees its own actions. Dates are India's days.",
      request: {
        query: z.object({
          page: text(),
          per_page: text(),
          user_id: text(),
          action: text("e.g. question.update"),
          from: text("YYYY-MM-DD"),
          to: text("YYYY-MM-DD"),
          question_id: text(),
        }),
      },
      responses: {
        200: json(envelope(paginated(named(activityLogItem, "ActivityLogItem"))).openapi("ActivityLogPage"), "Entries"),
      },
    }),
    async (c) => {
      const query = validated(activityLogQuery, c.req.valid("query"));
      const { db, viewer } = await viewerOf(c);
      return ok(c, await activityLogs(db, viewer, query));
    },
  );

  // ---------------------------------------------------------------------------- panel members
  app.openapi(
    apiRoute("panel.manage", {
      method: "get",
      path: "/api/papersetter/panel-members",
      tags,
      summary: "Subject panel users and translators with their subjects and languages",
      responses: {
        200: json(envelope(z.array(named(panelMemberItem, "PanelMemberItem"))).openapi("PanelMemberList"), "Members"),
      },
    }),
    async (c) => ok(c, await listPanelMembers(c.var.services.database.db)),
  );

  app.openapi(
    apiRoute("panel.manage", {
      method: "post",
      path: "/api/papersetter/panel-members/{id}",
      tags,
      summary: "Set a subject panel user's subjects or a translator's languages",
      request: { params: idParam, ...body(panelAssignmentBody, "PanelAssignmentBody") },
      responses: {
        200: json(envelope(named(panelMemberItem, "PanelMemberItem")).openapi("PanelMemberResponse"), "The member"),
        404: errorResponse("No such panel member"),
      },
    }),
    async (c) => {
      const { db, viewer } = await viewerOf(c);
      return ok(
        c,
        await assignPanelMember(db, viewer, c.req.valid("param").id, c.req.valid("json")),
        "The assignment is saved.",
      );
    },
  );
}
