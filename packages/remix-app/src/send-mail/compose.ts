import type { SendMailBody } from "@repo/contracts/mail";
import { RECIPIENT_VARIABLES } from "@repo/contracts/mail-constants";

/**
 * The compose form's values as the screen holds them (pickers hold ids as text), and the one
 * mapping from them to the API's send body. The API checks the body with the same schema.
 */
export interface ComposeValues {
  kind: "roles" | "schools" | "list";
  role_ids: string[];
  payment: "any" | "paid" | "unpaid";
  zone_id: string;
  state_ids: string[];
  prant_ids: string[];
  district_ids: string[];
  /** Pasted addresses, one per line or separated by commas or semicolons. */
  addresses: string;
  mode: "template" | "compose";
  /** `key|language` of the chosen template. */
  template: string;
  subject: string;
  body: string;
  /** Values of the chosen template's shared variables, by name. */
  variables: Record<string, string>;
}

export const EMPTY_COMPOSE: ComposeValues = {
  kind: "roles",
  role_ids: [],
  payment: "any",
  zone_id: "",
  state_ids: [],
  prant_ids: [],
  district_ids: [],
  addresses: "",
  mode: "template",
  template: "",
  subject: "",
  body: "",
  variables: {},
};

const numbers = (values: string[]) => values.map(Number).filter((n) => Number.isInteger(n) && n > 0);

/** Pasted text → addresses (blank entries dropped; the API judges each address). */
export function splitAddresses(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((address) => address.trim())
    .filter(Boolean);
}

/** The variables a sender fills in: the template's own, not the ones filled per recipient. */
export function sharedVariables(variables: readonly string[]): string[] {
  return variables.filter((name) => !(RECIPIENT_VARIABLES as readonly string[]).includes(name));
}

export function composeToBody(values: ComposeValues, templateVariables: readonly string[] = []): SendMailBody {
  const region = {
    ...(Number(values.zone_id) > 0 ? { zone_id: Number(values.zone_id) } : {}),
    ...(values.state_ids.length ? { state_ids: numbers(values.state_ids) } : {}),
    ...(values.prant_ids.length ? { prant_ids: numbers(values.prant_ids) } : {}),
    ...(values.district_ids.length ? { district_ids: numbers(values.district_ids) } : {}),
  };
  const audience: SendMailBody["audience"] =
    values.kind === "list"
      ? { kind: "list", addresses: splitAddresses(values.addresses) }
      : values.kind === "schools"
        ? { kind: "schools", payment: values.payment, ...region }
        : { kind: "roles", role_ids: numbers(values.role_ids), ...region };
  if (values.mode === "template") {
    const [key = "", language = "en"] = values.template.split("|");
    const variables = Object.fromEntries(
      sharedVariables(templateVariables).map((name) => [name, values.variables[name] ?? ""]),
    );
    return { audience, template_key: key, language: language as SendMailBody["language"], variables };
  }
  return { audience, subject: values.subject, body: values.body, variables: {} };
}
