import type { OpenAPIHono, z } from "@hono/zod-openapi";
import { CONTENT_TEXT_PATHS } from "@repo/contracts/content-texts-constants";
import { envelope } from "@repo/contracts/envelope";
import { frontendPatternBody, frontendPatternItem, frontendPatternListQuery } from "@repo/contracts/frontend-pattern";
import { importantDateBody, importantDateItem, importantDateListQuery } from "@repo/contracts/important-dates";
import { lectureSeriesBody, lectureSeriesItem, lectureSeriesListQuery } from "@repo/contracts/lecture-series";
import { type Page, paginated } from "@repo/contracts/pagination";
import { syllabusBody, syllabusItem, syllabusListQuery } from "@repo/contracts/syllabus";
import type { AppEnv } from "../../context";
import type { Actor } from "../../kernel/activity";
import { actorOf, signedIn } from "../../kernel/auth/middleware";
import { ok } from "../../kernel/http/envelope";
import { apiRoute, errorResponse } from "../../kernel/http/routes";
import { idParam, json, messageOnly, named } from "../../kernel/http/schemas";
import type { ContentReader, ContentDb as Db } from "./content-texts";
import {
  createFrontendPattern,
  deleteFrontendPattern,
  getFrontendPattern,
  listFrontendPatterns,
  updateFrontendPattern,
} from "./frontend-pattern";
import {
  createImportantDate,
  deleteImportantDate,
  getImportantDate,
  listImportantDates,
  updateImportantDate,
} from "./important-dates";
import { createLecture, deleteLecture, getLecture, listLectureSeries, updateLecture } from "./lecture-series";
import { createSyllabus, deleteSyllabus, getSyllabus, listSyllabi, updateSyllabus } from "./syllabus";

/**
 * What the route's own validator made of the request (its declared schema is the only check): the
 * generic declarations below leave `c.req.valid` untyped, so the caller names the schema's output.
 */
const validOf = <T>(c: { req: { valid: unknown } }, target: "query" | "param" | "json"): T =>
  (c.req.valid as (target: string) => T).call(c.req, target);

/**
 * The text content (docs/domain.md, Content): important dates, the question-paper pattern
 * (frontend-pattern), lecture series and syllabus. Each has the five calls of a content collection: GET list (page,
 * per_page, search and its own filter), GET and DELETE by id, POST create and POST update/{id}.
 * Publishers (`content.manage`) write and see drafts; readers (`content.read`) see what is
 * published for them.
 */
interface ContentSpec<Body extends z.ZodType, Query extends z.ZodObject, Item extends z.ZodType> {
  tag: string;
  /** "important date": summaries and messages. */
  noun: string;
  /** The OpenAPI name of an item, e.g. ImportantDateItem. */
  schemaName: string;
  paths: { list: string; create: string; member: string; update: string };
  body: Body;
  query: Query;
  item: Item;
  listDescription: string;
  service: {
    list(db: Db, query: z.output<Query>, reader: ContentReader): Promise<Page<z.output<Item>>>;
    get(db: Db, id: number, reader: ContentReader): Promise<z.output<Item>>;
    create(db: Db, body: z.output<Body>, actor: Actor): Promise<number>;
    update(db: Db, id: number, body: z.output<Body>, actor: Actor): Promise<void>;
    remove(db: Db, id: number, actor: Actor): Promise<void>;
  };
}

function readerOf(c: { var: AppEnv["Variables"] }): ContentReader {
  const auth = signedIn(c);
  return { manages: auth.can("content.manage"), isGcc: auth.subject.isGcc };
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function registerContent<Body extends z.ZodType, Query extends z.ZodObject, Item extends z.ZodType>(
  app: OpenAPIHono<AppEnv>,
  spec: ContentSpec<Body, Query, Item>,
) {
  const item = named(spec.item, spec.schemaName);
  const one = envelope(item).openapi(`${spec.schemaName.replace(/Item$/, "")}Response`);
  const many = envelope(paginated(item)).openapi(`${spec.schemaName.replace(/Item$/, "")}Page`);
  const tags = [spec.tag];
  const Noun = capitalised(spec.noun);

  app.openapi(
    apiRoute("content.read", {
      method: "get",
      path: spec.paths.list,
      tags,
      summary: `Page through ${spec.noun} records`,
      description: spec.listDescription,
      request: { query: spec.query },
      responses: { 200: json(many, `A page of ${spec.noun} records`) },
    }),
    async (c) => {
      const query = validOf<z.output<Query>>(c, "query");
      return ok(c, await spec.service.list(c.var.services.database.db, query, readerOf(c)));
    },
  );

  app.openapi(
    apiRoute("content.read", {
      method: "get",
      path: spec.paths.member,
      tags,
      summary: `One ${spec.noun}`,
      request: { params: idParam },
      responses: { 200: json(one, `The ${spec.noun}`), 404: errorResponse(`No such ${spec.noun} (or not published)`) },
    }),
    async (c) => {
      const { id } = validOf<z.output<typeof idParam>>(c, "param");
      return ok(c, await spec.service.get(c.var.services.database.db, id, readerOf(c)));
    },
  );

  app.openapi(
    apiRoute("content.manage", {
      method: "post",
      path: spec.paths.create,
      tags,
      summary: `Create a ${spec.noun}`,
      request: { body: { content: { "application/json": { schema: spec.body } }, required: true } },
      responses: { 200: json(one, `The new ${spec.noun}`), 422: errorResponse("A field's value cannot be used") },
    }),
    async (c) => {
      const db = c.var.services.database.db;
      const id = await spec.service.create(db, validOf<z.output<Body>>(c, "json"), actorOf(c));
      return ok(c, await spec.service.get(db, id, readerOf(c)), `${Noun} created successfully`);
    },
  );

  app.openapi(
    apiRoute("content.manage", {
      method: "post",
      path: spec.paths.update,
      tags,
      summary: `Update a ${spec.noun}`,
      request: { params: idParam, body: { content: { "application/json": { schema: spec.body } }, required: true } },
      responses: {
        200: json(one, `The updated ${spec.noun}`),
        404: errorResponse(`No such ${spec.noun}`),
        422: errorResponse("A field's value cannot be used"),
      },
    }),
    async (c) => {
      const db = c.var.services.database.db;
      const { id } = validOf<z.output<typeof idParam>>(c, "param");
      await spec.service.update(db, id, validOf<z.output<Body>>(c, "json"), actorOf(c));
      return ok(c, await spec.service.get(db, id, readerOf(c)), `${Noun} updated successfully`);
    },
  );

  app.openapi(
    apiRoute("content.manage", {
      method: "delete",
      path: spec.paths.member,
      tags,
      summary: `Delete a ${spec.noun}`,
      request: { params: idParam },
      responses: { 200: json(messageOnly, "Deleted"), 404: errorResponse(`No such ${spec.noun}`) },
    }),
    async (c) => {
      const { id } = validOf<z.output<typeof idParam>>(c, "param");
      await spec.service.remove(c.var.services.database.db, id, actorOf(c));
      return ok(c, null, `${Noun} deleted successfully`);
    },
  );
}

export function registerContentTextRoutes(app: OpenAPIHono<AppEnv>) {
  registerContent(app, {
    tag: "Important dates",
    noun: "important date",
    schemaName: "ImportantDateItem",
    paths: CONTENT_TEXT_PATHS.importantDates,
    body: importantDateBody,
    query: importantDateListQuery,
    item: importantDateItem,
    listDescription:
      "Sorted by date, earliest first; `is_past` marks dates already gone. `audience=gcc` lists the GCC schools' dates. Schools outside the GCC zone see only the dates for all schools.",
    service: {
      list: listImportantDates,
      get: getImportantDate,
      create: createImportantDate,
      update: updateImportantDate,
      remove: deleteImportantDate,
    },
  });
  registerContent(app, {
    tag: "Question paper pattern",
    noun: "question paper pattern",
    schemaName: "FrontendPatternItem",
    paths: CONTENT_TEXT_PATHS.frontendPattern,
    body: frontendPatternBody,
    query: frontendPatternListQuery,
    item: frontendPatternItem,
    listDescription: "By exam level and class band; `exam_level` 1 = Level I, 2 = Level II.",
    service: {
      list: listFrontendPatterns,
      get: getFrontendPattern,
      create: createFrontendPattern,
      update: updateFrontendPattern,
      remove: deleteFrontendPattern,
    },
  });
  registerContent(app, {
    tag: "Lecture series",
    noun: "lecture",
    schemaName: "LectureSeriesItem",
    paths: CONTENT_TEXT_PATHS.lectureSeries,
    body: lectureSeriesBody,
    query: lectureSeriesListQuery,
    item: lectureSeriesItem,
    listDescription: "Newest first; `class_level` keeps the lectures for that class and those for every class.",
    service: {
      list: listLectureSeries,
      get: getLecture,
      create: createLecture,
      update: updateLecture,
      remove: deleteLecture,
    },
  });
  registerContent(app, {
    tag: "Syllabus",
    noun: "syllabus",
    schemaName: "SyllabusItem",
    paths: CONTENT_TEXT_PATHS.syllabus,
    body: syllabusBody,
    query: syllabusListQuery,
    item: syllabusItem,
    listDescription: "By `syllabus_type` (1 = Level I, 2 = Level II), class and title. The body is sanitised HTML.",
    service: {
      list: listSyllabi,
      get: getSyllabus,
      create: createSyllabus,
      update: updateSyllabus,
      remove: deleteSyllabus,
    },
  });
}
