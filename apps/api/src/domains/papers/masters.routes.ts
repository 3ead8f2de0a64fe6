import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { can } from "@repo/auth/permissions";
import { envelope } from "@repo/contracts/envelope";
import { LANGUAGES, languageIdOf } from "@repo/contracts/languages";
import {
  classItem,
  languageItem,
  languageListQuery,
  panelAssignmentBody,
  panelMemberItem,
  paperSetItem,
  paperSetListQuery,
  questionTypeItem,
  sectionItem,
  sectionListQuery,
  subjectItem,
} from "@repo/contracts/papers";
import { QUESTION_TYPES, SOURCE_LANGUAGE } from "@repo/contracts/papers-constants";
import { CLASS_LEVELS, classLabel } from "@repo/contracts/students-constants";
import type { AppEnv } from "../../context";
import { ok } from "../../kernel/http/envelope";
import { apiRoute, errorResponse } from "../../kernel/http/routes";
import { idParam, json, named } from "../../kernel/http/schemas";
import { assignPanelMember, listPanelMembers, listSubjects } from "./masters";
import { listPaperSets, paperSet } from "./paper-sets";
import { body, tags, viewerOf } from "./route-helpers";

/** The paper-setting masters: classes, languages, question types, subjects, sets and sections to pick from, and the subject panel. */
export function registerPaperMasterRoutes(app: OpenAPIHono<AppEnv>) {
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
      request: { query: languageListQuery },
      responses: {
        200: json(envelope(z.array(named(languageItem, "LanguageItem"))).openapi("LanguageList"), "Languages"),
      },
    }),
    async (c) => {
      const query = c.req.valid("query");
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
      request: { query: paperSetListQuery },
      responses: {
        200: json(envelope(z.array(named(paperSetItem, "PaperSetItem"))).openapi("PaperSetList"), "Paper sets"),
      },
    }),
    async (c) => {
      const query = c.req.valid("query");
      return ok(c, await listPaperSets(c.var.services.database.db, query));
    },
  );

  app.openapi(
    apiRoute("paperSets.view", {
      method: "get",
      path: "/api/section/get-sections",
      tags,
      summary: "A paper set's sections with their marks rules",
      request: { query: sectionListQuery },
      responses: {
        200: json(envelope(z.array(named(sectionItem, "SectionItem"))).openapi("SectionList"), "Sections"),
        404: errorResponse("No such paper set"),
      },
    }),
    async (c) => {
      const { paperset_id } = c.req.valid("query");
      return ok(c, (await paperSet(c.var.services.database.db, paperset_id)).sections);
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
