import { type OpenAPIHono, z } from "@hono/zod-openapi";
import {
  BROCHURE_DOWNLOAD_PATHS,
  BROCHURE_FLIPBOOK_PATHS,
  CONTENT_FILE_LABELS,
  formatBytes,
  STUDY_MATERIAL_PATHS,
} from "@repo/contracts/content-constants";
import {
  brochureFields,
  brochureItem,
  brochureListQuery,
  brochurePage,
  contentLanguage,
  studyMaterialFields,
  studyMaterialItem,
  studyMaterialListQuery,
  studyMaterialPage,
} from "@repo/contracts/content-files";
import { envelope } from "@repo/contracts/envelope";
import { LANGUAGES } from "@repo/contracts/languages";
import type { Context } from "hono";
import type { AppEnv } from "../../context";
import { actorOf, signedIn } from "../../kernel/auth/middleware";
import { fileResponse } from "../../kernel/files";
import { uploadLimit } from "../../kernel/http/body-limit";
import { ok } from "../../kernel/http/envelope";
import { invalidField } from "../../kernel/http/errors";
import { FormFile, readFormLists } from "../../kernel/http/multipart";
import { apiRoute, errorResponse } from "../../kernel/http/routes";
import { idParam, json, messageOnly, named } from "../../kernel/http/schemas";
import { validated } from "../../kernel/http/validation";
import {
  type BrochureKind,
  contentFile,
  createBrochure,
  createStudyMaterial,
  deleteBrochure,
  deleteStudyMaterial,
  getBrochure,
  getStudyMaterial,
  listBrochures,
  listStudyMaterials,
  UPLOAD_RULES,
  updateBrochure,
  updateStudyMaterial,
} from "./content-files";

const tags = ["Content"];

const studyItem = named(studyMaterialItem, "StudyMaterialItem");
const brochure = named(brochureItem, "BrochureItem");
const studyOne = envelope(studyItem).openapi("StudyMaterialResponse");
const studyList = envelope(named(studyMaterialPage, "StudyMaterialPageData")).openapi("StudyMaterialPage");
const brochureOne = envelope(brochure).openapi("BrochureResponse");
const brochureList = envelope(named(brochurePage, "BrochurePageData")).openapi("BrochurePage");
const languageList = envelope(z.array(named(contentLanguage, "ContentLanguage"))).openapi("ContentLanguageList");

const text = (description?: string) =>
  z
    .string()
    .optional()
    .openapi(description ? { description } : {});
const pdfField = (description: string) => z.any().optional().openapi({ type: "string", format: "binary", description });

/** The multipart forms as the document shows them (the contract's schemas check the values). */
const studyForm = z.object({
  title: z.string(),
  description: text(),
  class_level: text("6-11; empty for all classes"),
  exam_level: z.string().openapi({ description: "mock, level1 or level2" }),
  languages: z.string().openapi({ description: "Language codes, comma-separated or repeated" }),
  is_free: text("true or false (default true)"),
  price_minor: text("Price in paise; required when is_free is false"),
  link: text("An https:// link, instead of a file"),
  is_published: text("true or false (default false)"),
  file: pdfField(`A PDF by content, at most ${formatBytes(UPLOAD_RULES["study-material"].maxBytes)}`),
});
const brochureForm = (kind: BrochureKind) =>
  z.object({
    title: z.string(),
    language: z.string(),
    is_published: text("true or false (default false)"),
    file: pdfField(
      `A PDF by content, at most ${formatBytes(UPLOAD_RULES[kind].maxBytes)}${
        UPLOAD_RULES[kind].maxPages ? ` and ${UPLOAD_RULES[kind].maxPages} pages` : ""
      }; required on create`,
    ),
  });

const fileQuery = z.object({ download: text("1 to save the file instead of opening it") });

const writeErrors = {
  404: errorResponse("No such item"),
  413: errorResponse("The file is larger than the limit"),
  422: errorResponse("The file is not an acceptable PDF (type, active content, pages), or file and link disagree"),
};

const fileContent = {
  200: {
    description: "The stored PDF",
    content: { "application/pdf": { schema: z.string().openapi({ format: "binary" }) } },
  },
  404: errorResponse("No such item, or it has no file"),
};

/** Reads a multipart content form: the fields for `schema`, and the `file`. */
async function contentForm<S extends z.ZodType>(c: Context<AppEnv>, schema: S) {
  // The route's body limit (uploadLimit of the kind's rule) refused an oversized upload already;
  // the file's own size and content are checked by the service.
  const { file: files, ...fields } = await readFormLists(c, "file");
  const file = files?.[0];
  if (file !== undefined && file !== "" && !(file instanceof FormFile))
    throw invalidField("file", "file must be a file", 400);
  // Repeated fields arrive as lists; only `languages` may repeat.
  const flat = Object.fromEntries(
    Object.entries(fields).map(([key, values]) => [key, key === "languages" && values.length > 1 ? values : values[0]]),
  );
  // The declared form only describes the upload (text fields and a binary file); the fields are
  // the contract's once readForm took the file out, so they are validated here, once.
  return { fields: validated(schema, flat), file: file instanceof FormFile ? file : undefined };
}

const readerOf = (c: Context<AppEnv>) => ({ editor: signedIn(c).can("content.manage"), userId: signedIn(c).userId });
const servicesOf = (c: Context<AppEnv>) => ({ db: c.var.services.database.db, storage: c.var.services.storage });

function registerStudyMaterials(app: OpenAPIHono<AppEnv>) {
  const paths = STUDY_MATERIAL_PATHS;
  const label = CONTENT_FILE_LABELS["study-material"];

  app.openapi(
    apiRoute("content.read", {
      method: "get",
      path: paths.languages,
      tags,
      summary: "The languages a study material can be in",
      responses: { 200: json(languageList, "The 14 languages") },
    }),
    (c) =>
      ok(
        c,
        LANGUAGES.map((l) => ({ code: l.code, name: l.name, native: l.native, dir: l.dir })),
      ),
  );

  app.openapi(
    apiRoute("content.read", {
      method: "get",
      path: paths.collection,
      tags,
      summary: "Page through study materials",
      description: "Readers see published items only; editors see all and may filter by is_published.",
      request: { query: studyMaterialListQuery },
      responses: { 200: json(studyList, "A page of study materials") },
    }),
    async (c) => {
      const query = c.req.valid("query");
      return ok(c, await listStudyMaterials(c.var.services.database.db, query, readerOf(c)));
    },
  );

  app.openapi(
    apiRoute("content.read", {
      method: "get",
      path: paths.member,
      tags,
      summary: "One study material",
      request: { params: idParam },
      responses: { 200: json(studyOne, "The study material"), 404: errorResponse("No such study material") },
    }),
    async (c) => ok(c, await getStudyMaterial(c.var.services.database.db, c.req.valid("param").id, readerOf(c))),
  );

  app.openapi(
    apiRoute("content.read", {
      method: "get",
      path: paths.file,
      tags,
      summary: "A study material's PDF (opened inline unless download=1)",
      request: { params: idParam, query: fileQuery },
      responses: { ...fileContent, 403: errorResponse("A priced material opens only once bought") },
    }),
    async (c) => {
      const file = await contentFile(servicesOf(c), "study-material", c.req.valid("param").id, readerOf(c));
      return fileResponse(c, { ...file, inline: c.req.valid("query").download !== "1" });
    },
  );

  app.openapi(
    apiRoute(
      "content.manage",
      {
        method: "post",
        path: paths.collection,
        tags,
        summary: "Create a study material",
        description: "Multipart form: the fields and either a PDF `file` or an https `link`.",
        request: { body: { content: { "multipart/form-data": { schema: studyForm } }, required: true } },
        responses: { 200: json(studyOne, "The new study material"), ...writeErrors },
      },
      { bodyLimit: uploadLimit(UPLOAD_RULES["study-material"]) },
    ),
    async (c) => {
      const { fields, file } = await contentForm(c, studyMaterialFields);
      const saved = await createStudyMaterial(servicesOf(c), actorOf(c), fields, file);
      return ok(c, saved, `${label.one} created successfully`);
    },
  );

  app.openapi(
    apiRoute(
      "content.manage",
      {
        method: "post",
        path: paths.update,
        tags,
        summary: "Update a study material",
        description: "Multipart form. Without a new file the stored one stays; a link given instead replaces it.",
        request: {
          params: idParam,
          body: { content: { "multipart/form-data": { schema: studyForm } }, required: true },
        },
        responses: { 200: json(studyOne, "The updated study material"), ...writeErrors },
      },
      { bodyLimit: uploadLimit(UPLOAD_RULES["study-material"]) },
    ),
    async (c) => {
      const { fields, file } = await contentForm(c, studyMaterialFields);
      const saved = await updateStudyMaterial(servicesOf(c), actorOf(c), c.req.valid("param").id, fields, file);
      return ok(c, saved, `${label.one} updated successfully`);
    },
  );

  app.openapi(
    apiRoute("content.manage", {
      method: "delete",
      path: paths.member,
      tags,
      summary: "Delete a study material and its file",
      request: { params: idParam },
      responses: { 200: json(messageOnly, "Deleted"), 404: errorResponse("No such study material") },
    }),
    async (c) => {
      await deleteStudyMaterial(servicesOf(c), actorOf(c), c.req.valid("param").id);
      return ok(c, null, `${label.one} deleted successfully`);
    },
  );
}

function registerBrochures(app: OpenAPIHono<AppEnv>, kind: BrochureKind) {
  const paths = kind === "brochure-download" ? BROCHURE_DOWNLOAD_PATHS : BROCHURE_FLIPBOOK_PATHS;
  const label = CONTENT_FILE_LABELS[kind];
  const noun = label.one.toLowerCase();
  const form = brochureForm(kind);

  app.openapi(
    apiRoute("content.read", {
      method: "get",
      path: paths.collection,
      tags,
      summary: `Page through ${label.plural.toLowerCase()}`,
      description: "Readers see published items only; editors see all and may filter by is_published.",
      request: { query: brochureListQuery },
      responses: { 200: json(brochureList, `A page of ${label.plural.toLowerCase()}`) },
    }),
    async (c) => {
      const query = c.req.valid("query");
      return ok(c, await listBrochures(c.var.services.database.db, kind, query, readerOf(c)));
    },
  );

  app.openapi(
    apiRoute("content.read", {
      method: "get",
      path: paths.member,
      tags,
      summary: `One ${noun}`,
      request: { params: idParam },
      responses: { 200: json(brochureOne, `The ${noun}`), 404: errorResponse(`No such ${noun}`) },
    }),
    async (c) => ok(c, await getBrochure(c.var.services.database.db, kind, c.req.valid("param").id, readerOf(c))),
  );

  app.openapi(
    apiRoute("content.read", {
      method: "get",
      path: paths.file,
      tags,
      summary: `The ${noun}'s PDF`,
      request: { params: idParam, query: fileQuery },
      responses: fileContent,
    }),
    async (c) => {
      const file = await contentFile(servicesOf(c), kind, c.req.valid("param").id, readerOf(c));
      const download = c.req.valid("query").download;
      return fileResponse(c, { ...file, inline: download === undefined ? file.inline : download !== "1" });
    },
  );

  app.openapi(
    apiRoute(
      "content.manage",
      {
        method: "post",
        path: paths.collection,
        tags,
        summary: `Create a ${noun}`,
        description: "Multipart form with the PDF as `file`.",
        request: { body: { content: { "multipart/form-data": { schema: form } }, required: true } },
        responses: { 200: json(brochureOne, `The new ${noun}`), ...writeErrors },
      },
      { bodyLimit: uploadLimit(UPLOAD_RULES[kind]) },
    ),
    async (c) => {
      const { fields, file } = await contentForm(c, brochureFields);
      return ok(
        c,
        await createBrochure(servicesOf(c), kind, actorOf(c), fields, file),
        `${label.one} created successfully`,
      );
    },
  );

  app.openapi(
    apiRoute(
      "content.manage",
      {
        method: "post",
        path: paths.update,
        tags,
        summary: `Update a ${noun}`,
        description: "Multipart form; without a new file the stored one stays.",
        request: { params: idParam, body: { content: { "multipart/form-data": { schema: form } }, required: true } },
        responses: { 200: json(brochureOne, `The updated ${noun}`), ...writeErrors },
      },
      { bodyLimit: uploadLimit(UPLOAD_RULES[kind]) },
    ),
    async (c) => {
      const { fields, file } = await contentForm(c, brochureFields);
      const saved = await updateBrochure(servicesOf(c), kind, actorOf(c), c.req.valid("param").id, fields, file);
      return ok(c, saved, `${label.one} updated successfully`);
    },
  );

  app.openapi(
    apiRoute("content.manage", {
      method: "delete",
      path: paths.member,
      tags,
      summary: `Delete a ${noun} and its file`,
      request: { params: idParam },
      responses: { 200: json(messageOnly, "Deleted"), 404: errorResponse(`No such ${noun}`) },
    }),
    async (c) => {
      await deleteBrochure(servicesOf(c), kind, actorOf(c), c.req.valid("param").id);
      return ok(c, null, `${label.one} deleted successfully`);
    },
  );
}

/** Study materials, brochure downloads and brochure flipbooks: lists, items, files, and their editing. */
export function registerContentFileRoutes(app: OpenAPIHono<AppEnv>) {
  registerStudyMaterials(app);
  registerBrochures(app, "brochure-download");
  registerBrochures(app, "brochure-flipbook");
}
