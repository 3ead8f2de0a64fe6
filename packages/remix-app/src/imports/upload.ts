import type { ImportAnswer, ImportMode } from "./spreadsheet";

/**
 * Sends the chosen file to the app's upload route (which forwards it to the API) and gives its
 * answer; a lost connection or an ended session becomes a message, never an exception.
 */
export async function uploadSpreadsheet(
  path: string,
  file: File,
  mode: "preview" | ImportMode,
  csrf: string,
  /** Other fields the upload carries (the school a master institute imports students into). */
  extra: Record<string, string> = {},
): Promise<ImportAnswer> {
  const form = new FormData();
  for (const [name, value] of Object.entries(extra)) form.set(name, value);
  form.set("csrf", csrf);
  form.set("mode", mode);
  form.set("file", file, file.name);
  let response: Response;
  try {
    response = await fetch(path, { method: "POST", body: form, headers: { Accept: "application/json" } });
  } catch {
    return { ok: false, message: "The file could not be sent. Check your connection and try again." };
  }
  if ((response.headers.get("content-type") ?? "").includes("json")) return (await response.json()) as ImportAnswer;
  // Not JSON: a redirect to the sign-in page (the session ended), or a proxy's own error page.
  if (response.redirected && new URL(response.url).pathname === "/login") {
    return { ok: false, message: "Your session has ended. Reload the page and sign in again." };
  }
  return {
    ok: false,
    message:
      response.status === 413
        ? "The file is too large to upload. Split it into smaller files."
        : "The file could not be imported. Please try again.",
  };
}
