import { useActionData } from "@remix-run/react";

/** Fields never sent back to the page: a refused form asks for its passwords again. */
const SECRET = /password/;

/**
 * What the person typed into `names`, for the action's answer to a refused post: the page renders
 * the form again with it (without JavaScript the page is rendered anew; docs/decisions/053).
 */
export function typedValues(form: FormData, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    names.filter((name) => !SECRET.test(name)).map((name) => [name, String(form.get(name) ?? "")]),
  );
}

/**
 * The action's answer to a form: the fetcher's (JavaScript posted it) or else the page's own
 * (the browser posted it without JavaScript, and the action's answer came with the page).
 */
export function useFormAnswer<T>(fetcher: { data: T | undefined }): T | undefined {
  const posted = useActionData() as T | undefined;
  return fetcher.data ?? posted;
}
