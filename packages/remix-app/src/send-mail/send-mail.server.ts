import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import { getRole, mailableRoles, mayMailAnyAddress } from "@repo/auth/roles";
import { regionPaths } from "@repo/contracts/geography-constants";
import { languageName } from "@repo/contracts/languages";
import { audienceCountBody, previewMailBody, sendMailBody } from "@repo/contracts/mail";
import { auth } from "../auth.server";
import { optionsOf, withStateName } from "../content/choices";
import { CORRECT_THE_FIELDS, type FormAnswer, formAnswers, parseForm } from "../forms/form-pipeline.server";
import { type ComposeValues, composeToBody } from "./compose";

export type Campaign = components["schemas"]["CampaignItem"];
export type AudienceSummary = components["schemas"]["AudienceSummary"];
export type RenderedMail = components["schemas"]["RenderedMail"];

/**
 * The compose page (the outbox app's Send Mail, and the coordinator app's for admins and
 * coordinators): who the sender may mail, the templates, the region pickers (the API scopes them
 * to the sender's region), the campaign being watched (`?campaign=`) and the sender's recent ones.
 */
export async function sendMailLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf, user } = await auth.requirePage(request, context);
  const campaignId = Number(new URL(request.url).searchParams.get("campaign"));
  const pick = (level: "zone" | "state" | "prant" | "district") => api.POST(regionPaths(level).pick, { body: {} });
  const [templates, zones, states, prants, districts, recent, watched] = await Promise.all([
    api.GET("/api/mail/templates/options"),
    pick("zone"),
    pick("state"),
    pick("prant"),
    pick("district"),
    api.POST("/api/mail/campaigns/list", { body: { page: 1, per_page: 10 } }),
    Number.isInteger(campaignId) && campaignId > 0
      ? api.GET("/api/mail/campaigns/{id}", { params: { path: { id: campaignId } } })
      : undefined,
  ]);
  return {
    csrf,
    roles: mailableRoles(user.role_id).map((id) => ({ value: String(id), label: getRole(id).name })),
    mayPasteList: mayMailAnyAddress(user.role_id),
    templates: (templates.data?.data ?? []).map((t) => ({
      value: `${t.key}|${t.language}`,
      label: `${t.name} (${languageName(t.language)})`,
      variables: t.variables,
    })),
    regions: {
      zone: optionsOf(zones.data?.data),
      state: optionsOf(states.data?.data),
      prant: optionsOf(prants.data?.data, withStateName),
      district: optionsOf(districts.data?.data, withStateName),
    },
    campaign: watched?.data?.data ?? null,
    recent: recent.data?.data.items ?? [],
  };
}

/** A refusal is the form pipeline's answer, naming its intent. */
type SendMailRefusal = FormAnswer & { intent: "count" | "preview" | "send"; ok: false };

export type SendMailActionData =
  | { intent: "count"; ok: true; summary: AudienceSummary }
  | { intent: "preview"; ok: true; mail: RenderedMail }
  | SendMailRefusal;

/** Where an error about a body path shows on the compose form (its ComposeValues field). */
export function composeField(path: string): string {
  if (path.startsWith("audience.addresses")) return "addresses";
  if (path.startsWith("audience.")) return path.split(".")[1] ?? "kind";
  if (path === "template_key" || path === "language") return "template";
  if (path.startsWith("variables.")) return path;
  return path || "form";
}

/**
 * count: who the audience is; preview: the mail its first recipient would get; send: queues the
 * campaign and watches it. The form carries the compose values as JSON (`mail`), mapped to the
 * API's body by composeToBody and checked with the API's own schemas first.
 */
export async function sendMailAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const { api } = await auth.requireAction(request, context, form, "mail.send");
  const intent = String(form.get("intent"));
  if (intent !== "count" && intent !== "preview" && intent !== "send") {
    return formAnswers<SendMailRefusal>({ intent: "send" }).fail(`Unknown action "${intent}"`, 400);
  }
  const { fail, failFromApi } = formAnswers<SendMailRefusal>({ intent });
  let values: ComposeValues;
  let variables: string[];
  try {
    values = JSON.parse(String(form.get("mail")));
    variables = JSON.parse(String(form.get("template_variables") ?? "[]"));
  } catch {
    return fail("The form could not be read. Reload the page.", 400);
  }
  const body = composeToBody(values, variables);
  const rename = { rename: composeField };

  if (intent === "count") {
    const parsed = parseForm({ audience: body.audience }, audienceCountBody, rename);
    if (!parsed.ok) return fail("Check who gets the mail.", 400, parsed.errors);
    const { data: result, error, response } = await api.POST("/api/mail/audience/count", { body: parsed.data });
    if (!result) return failFromApi({ error, response }, "Could not count the recipients", composeField);
    return data<SendMailActionData>({ intent, ok: true, summary: result.data });
  }

  if (intent === "preview") {
    const parsed = parseForm(body, previewMailBody, rename);
    if (!parsed.ok) return fail(CORRECT_THE_FIELDS, 400, parsed.errors);
    const { data: result, error, response } = await api.POST("/api/mail/preview", { body: parsed.data });
    if (!result) return failFromApi({ error, response }, "Could not preview the mail", composeField);
    return data<SendMailActionData>({ intent, ok: true, mail: result.data });
  }
  const parsed = parseForm(body, sendMailBody, rename);
  if (!parsed.ok) return fail(CORRECT_THE_FIELDS, 400, parsed.errors);
  const { data: sent, error, response } = await api.POST("/api/mail/send", { body: parsed.data });
  if (!sent) return failFromApi({ error, response }, "Could not send the mail", composeField);
  const url = new URL(request.url);
  url.searchParams.set("campaign", String(sent.data.id));
  return redirect(`${url.pathname}${url.search}`);
}
