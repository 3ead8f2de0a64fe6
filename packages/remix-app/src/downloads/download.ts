/** How long a saved file's object URL lives (docs/domain.md, Shell behaviour: revoked after 60 s). */
export const OBJECT_URL_LIFETIME_MS = 60_000;

export type DownloadOutcome = { ok: true; fileName: string } | { ok: false; message: string };

/** The file name a Content-Disposition header gives (`filename*=UTF-8''…` first), or `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const encoded = disposition.match(/filename\*\s*=\s*UTF-8''([^;]+)/i)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A malformed encoded name: the plain one below, if any.
    }
  }
  const plain =
    disposition.match(/filename\s*=\s*"([^"]*)"/i)?.[1] ?? disposition.match(/filename\s*=\s*([^;]+)/i)?.[1];
  return plain?.trim() || fallback;
}

/** What a refused answer says: the API's `message` (JSON), a short plain text, or `fallback`. */
export async function refusalMessage(response: Response, fallback: string): Promise<string> {
  const type = response.headers.get("content-type") ?? "";
  try {
    if (type.includes("json")) {
      const body = (await response.json()) as { message?: unknown };
      return typeof body.message === "string" && body.message ? body.message : fallback;
    }
    if (type.startsWith("text/plain")) {
      const text = (await response.text()).trim();
      return text && text.length <= 300 ? text : fallback;
    }
  } catch {
    // An unreadable body says nothing more than the fallback.
  }
  return fallback;
}

/** Hands `blob` to the browser as a download named `fileName`. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}

/**
 * Posts `form` to one of this app's download routes and saves the file it answers. A refusal
 * comes back as its message (or `fallback`), never as a page; an ended session goes to sign-in.
 */
export async function postForDownload(url: string, form: FormData, fallback: string): Promise<DownloadOutcome> {
  let response: Response;
  try {
    response = await fetch(url, { method: "POST", body: form, headers: { Accept: "application/octet-stream" } });
  } catch {
    return { ok: false, message: fallback };
  }
  // The guard sent an ended session to the sign-in page: go there, and come back to this page after.
  const landed = response.redirected && response.url ? new URL(response.url) : null;
  if (landed?.pathname === "/login") {
    landed.searchParams.set("redirectTo", `${window.location.pathname}${window.location.search}`);
    window.location.assign(`${landed.pathname}${landed.search}`);
    return { ok: false, message: "Your session has ended. Please sign in again." };
  }
  const disposition = response.headers.get("content-disposition");
  if (!response.ok || !disposition?.startsWith("attachment")) {
    return { ok: false, message: await refusalMessage(response, fallback) };
  }
  const fileName = fileNameOf(disposition, "download");
  saveFile(await response.blob(), fileName);
  return { ok: true, fileName };
}
