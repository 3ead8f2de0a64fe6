/** Image types a profile picture may have. */
export const AVATAR_IMAGE_EXTENSIONS = ["jpg", "jpeg", "png", "gif", "bmp", "svg", "webp"] as const;

/** How long the second picture source may take to load before the blank avatar stays. */
export const AVATAR_LOAD_TIMEOUT_MS = 5_000;

const EXTENSION = new RegExp(`\\.(${AVATAR_IMAGE_EXTENSIONS.join("|")})$`, "i");

/**
 * Whether a picture address is worth showing: an http(s) or site-relative address whose path
 * ends in an image extension (query and fragment ignored). Anything else (empty, "null", a
 * javascript: or data: address, a PDF) shows the blank avatar instead.
 */
export function isValidImageAddress(address: unknown): address is string {
  if (typeof address !== "string") return false;
  const trimmed = address.trim();
  if (trimmed === "" || /\s/.test(trimmed)) return false;
  let url: URL;
  try {
    url = new URL(trimmed, "http://relative.invalid");
  } catch {
    return false;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  return EXTENSION.test(decodeURIComponent(url.pathname));
}

export interface ImageLike {
  onload: ((event: Event) => void) | null;
  onerror: ((event: Event | string) => void) | null;
  src: string;
}

/**
 * Resolves true when the image loads within `timeoutMs`, false when it fails or is too slow.
 * `createImage` is injectable for tests; in the browser it is `new Image()`.
 */
export function loadImageWithin(
  src: string,
  timeoutMs: number = AVATAR_LOAD_TIMEOUT_MS,
  createImage: () => ImageLike = () => new Image(),
): { promise: Promise<boolean>; cancel: () => void } {
  let settle: (ok: boolean) => void = () => {};
  const image = createImage();
  const promise = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => settle(false), timeoutMs);
    settle = (ok) => {
      clearTimeout(timer);
      image.onload = null;
      image.onerror = null;
      settle = () => {};
      resolve(ok);
    };
  });
  image.onload = () => settle(true);
  image.onerror = () => settle(false);
  image.src = src;
  return { promise, cancel: () => settle(false) };
}

/** Up to two initials of a name, for places that show initials instead of a picture. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? "";
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? "") : "";
  return (first + last).toUpperCase();
}
