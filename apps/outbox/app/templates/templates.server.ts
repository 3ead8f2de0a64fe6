import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import { LANGUAGE_CODES, type LanguageCode } from "@repo/contracts/languages";
import { templateCreateBody, templateEnableBody, templatePreviewBody, templateUpdateBody } from "@repo/contracts/mail";
import { auth } from "@repo/remix-app/auth.server";
import { CORRECT_THE_FIELDS, type FormAnswer, formAnswers, parseForm } from "@repo/remix-app/forms/server";
import { parseTableQuery } from "@repo/ui/data-table";

export type TemplateRow = components["schemas"]["MailTemplateItem"];
export type TemplateDetail = components["schemas"]["MailTemplateDetail"];
export type RenderedMail = components["schemas"]["RenderedMail"];

const isLanguage = (value: string | null): value is LanguageCode =>
  value !== null && (LANGUAGE_CODES as readonly string[]).includes(value);

/**
 * The templates page: a page of templates for the URL's search and filters (`language`,
 * `enabled`), and the template open in the editor (`?template=`).
 */
export async function templatesLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context);
  const params = new URL(request.url).searchParams;
  const { page, perPage, search } = parseTableQuery(params);
  const language = params.get("language");
  const enabled = params.get("enabled");
  const templateId = Number(params.get("template"));
  const [list, detail] = await Promise.all([
    api.POST("/api/mail/templates/list", {
      body: {
        page,
        per_page: perPage,
        ...(search ? { search } : {}),
        ...(isLanguage(language) ? { language } : {}),
        ...(enabled === "true" || enabled === "false" ? { enabled: enabled === "true" } : {}),
      },
    }),
    Number.isInteger(templateId) && templateId > 0
      ? api.GET("/api/mail/templates/{id}", { params: { path: { id: templateId } } })
      : undefined,
  ]);
  return {
    csrf,
    rows: list.data?.data.items ?? [],
    total: list.data?.data.total ?? 0,
    failure: list.data ? null : (list.error?.message ?? "Templates API failed, please try again"),
    detail: detail?.data?.data ?? null,
  };
}

/** A refusal is the form pipeline's answer, naming its intent. */
type TemplateRefusal = FormAnswer & { intent: string; ok: false };

export type TemplateActionData =
  | { intent: "preview"; ok: true; mail: RenderedMail }
  | { intent: "create" | "update" | "enable"; ok: true; message: string; id: number }
  | TemplateRefusal;

/** A refusal of no one field is the whole form's. */
const wholeForm = (field: string) => field || "form";

/** Create, save (a new version), enable or disable, and preview with sample values. */
export async function templatesAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const { api } = await auth.requireAction(request, context, form, "outbox.use");
  const intent = String(form.get("intent"));
  const id = Number(form.get("id"));
  const field = (name: string) => form.get(name) ?? undefined;
  const { fail, failFromApi } = formAnswers<TemplateRefusal>({ intent });

  if (intent === "preview") {
    let variables: unknown = {};
    try {
      variables = JSON.parse(String(form.get("variables") ?? "{}"));
    } catch {}
    const parsed = parseForm(
      {
        subject: field("subject"),
        body: field("body"),
        variables,
        ...(form.get("language") ? { language: form.get("language") } : {}),
      },
      templatePreviewBody,
      { rename: wholeForm },
    );
    if (!parsed.ok) return fail(CORRECT_THE_FIELDS, 400, parsed.errors);
    const { data: result, error, response } = await api.POST("/api/mail/templates/preview", { body: parsed.data });
    if (!result) return failFromApi({ error, response }, "Could not preview the template");
    return data<TemplateActionData>({ intent, ok: true, mail: result.data });
  }

  if (intent === "create") {
    const parsed = parseForm(
      {
        key: field("key"),
        language: field("language"),
        name: field("name"),
        subject: field("subject"),
        body: field("body"),
      },
      templateCreateBody,
      { rename: wholeForm },
    );
    if (!parsed.ok) return fail(CORRECT_THE_FIELDS, 400, parsed.errors);
    const { data: result, error, response } = await api.POST("/api/mail/templates", { body: parsed.data });
    if (!result) return failFromApi({ error, response }, "Could not create the template");
    return data<TemplateActionData>({ intent, ok: true, message: result.message, id: result.data.id });
  }

  if (intent === "update") {
    const parsed = parseForm(
      {
        name: field("name"),
        subject: field("subject"),
        body: field("body"),
      },
      templateUpdateBody,
      { rename: wholeForm },
    );
    if (!parsed.ok) return fail(CORRECT_THE_FIELDS, 400, parsed.errors);
    const {
      data: result,
      error,
      response,
    } = await api.POST("/api/mail/templates/{id}", {
      params: { path: { id } },
      body: parsed.data,
    });
    if (!result) return failFromApi({ error, response }, "Could not save the template");
    return data<TemplateActionData>({ intent, ok: true, message: result.message, id });
  }

  if (intent === "enable") {
    const parsed = parseForm({ enabled: form.get("enabled") === "true" }, templateEnableBody, { rename: wholeForm });
    if (!parsed.ok) return fail(CORRECT_THE_FIELDS, 400, parsed.errors);
    const {
      data: result,
      error,
      response,
    } = await api.POST("/api/mail/templates/{id}/enabled", {
      params: { path: { id } },
      body: parsed.data,
    });
    if (!result) return failFromApi({ error, response }, "Could not change the template");
    return data<TemplateActionData>({ intent, ok: true, message: result.message, id });
  }

  return fail(`Unknown action "${intent}"`, 400);
}
