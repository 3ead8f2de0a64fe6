import type { z } from "@hono/zod-openapi";
import { envelope } from "@repo/contracts/envelope";
import { paperSetItem, questionDetail } from "@repo/contracts/papers";
import type { Context } from "hono";
import type { AppEnv } from "../../context";
import { actorOf, signedIn } from "../../kernel/auth/middleware";
import { errorResponse } from "../../kernel/http/routes";
import { json, named } from "../../kernel/http/schemas";
import { paperViewer } from "./access";

export const tags = ["Paper setting"];
export const body = <T extends z.ZodType>(schema: T, name: string) => ({
  body: { content: { "application/json": { schema: named(schema, name) } }, required: true },
});
/**
 * rollback-version and question-translate take a form, as their first clients sent; JSON works too. Not
 * "required": with a required body every declared validator runs, whatever the content type.
 */
export const formOrJsonBody = <T extends z.ZodType>(schema: T, name: string) => {
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

/**
 * The body the route's validator read with `schema`, whether it came as JSON or as a form (an
 * empty body is read as JSON `{}`, kernel/http/validation.ts): typed here, as `c.req.valid` cannot
 * say which of the two targets ran.
 */
export function formOrJson<S extends z.ZodType>(c: Context, _schema: S): z.output<S> {
  const valid = c.req.valid.bind(c.req) as (target: "json" | "form") => z.output<S>;
  return (c.req.header("content-type") ?? "").includes("application/json") ? valid("json") : valid("form");
}

export const viewerOf = async (c: Context<AppEnv>) => {
  const auth = signedIn(c);
  const db = c.var.services.database.db;
  const viewer = await paperViewer(db, { userId: auth.userId, roleId: auth.roleId, requestId: actorOf(c).requestId });
  return { db, viewer };
};

export const questionResponse = json(
  envelope(named(questionDetail, "QuestionDetail")).openapi("QuestionResponse"),
  "The question",
);
export const setResponse = json(
  envelope(named(paperSetItem, "PaperSetItem")).openapi("PaperSetResponse"),
  "The paper set",
);
export const notFoundQuestion = errorResponse("No such question among the caller's");
