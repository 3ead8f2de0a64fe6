import type { OpenAPIHono } from "@hono/zod-openapi";
import { staticPageBody, staticPageItem, staticPageQuery } from "@repo/contracts/content-notices";
import { STATIC_PAGE_PATHS } from "@repo/contracts/content-notices-constants";
import { envelope } from "@repo/contracts/envelope";
import { z } from "zod";
import type { AppEnv } from "../../context";
import { actorOf } from "../../kernel/auth/middleware";
import { ok } from "../../kernel/http/envelope";
import { apiRoute, errorResponse } from "../../kernel/http/routes";
import { json, named } from "../../kernel/http/schemas";
import { listStaticPages, updateStaticPage, viewStaticPage } from "./static-pages";

const tags = ["Content"];
const item = named(staticPageItem, "StaticPageItem");
const one = envelope(item).openapi("StaticPageResponse");

export function registerStaticPageRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(
    apiRoute("staticPages.view", {
      method: "get",
      path: STATIC_PAGE_PATHS.view,
      tags,
      summary: "The text of one static page (download app, level 1 exam, contact …)",
      description: "By module_name and key. A page nobody has written yet answers an empty body.",
      request: { query: named(staticPageQuery, "StaticPageQuery") },
      responses: { 200: json(one, "The page"), 404: errorResponse("No such page in that module") },
    }),
    async (c) => {
      const { module_name, key } = c.req.valid("query");
      return ok(c, await viewStaticPage(c.var.services.database.db, module_name, key));
    },
  );

  app.openapi(
    apiRoute("content.manage", {
      method: "get",
      path: STATIC_PAGE_PATHS.list,
      tags,
      summary: "Every static page with its text and who changed it last",
      responses: { 200: json(envelope(z.array(item)).openapi("StaticPageList"), "The pages") },
    }),
    async (c) => ok(c, await listStaticPages(c.var.services.database.db)),
  );

  app.openapi(
    apiRoute("content.manage", {
      method: "post",
      path: STATIC_PAGE_PATHS.update,
      tags,
      summary: "Write a static page's text",
      description:
        "The body is rich text from the editor; it is sanitised (scripts, event handlers, unsafe links removed) before it is stored.",
      request: {
        body: { content: { "application/json": { schema: named(staticPageBody, "StaticPageBody") } }, required: true },
      },
      responses: { 200: json(one, "The page as saved"), 404: errorResponse("No such page in that module") },
    }),
    async (c) =>
      ok(
        c,
        await updateStaticPage(c.var.services.database.db, c.req.valid("json"), actorOf(c)),
        "Page saved successfully",
      ),
  );
}
