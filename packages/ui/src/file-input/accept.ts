/** Profile photos: only these image types. */
export const PROFILE_PHOTO_ACCEPT = "image/jpeg,image/gif,image/png,image/bmp,.jpg,.jpeg,.gif,.png,.bmp";

/**
 * Whether a file matches an `accept` list as a browser's picker would: by MIME type (exact or
 * "image/*") or by extension (".jpg"), case-insensitive. An empty list accepts anything. The
 * picker's filter is only a hint (users can drop any file or choose "All files"), so check here.
 */
export function acceptsFile(file: { name: string; type: string }, accept: string | undefined): boolean {
  const rules = (accept ?? "")
    .split(",")
    .map((rule) => rule.trim().toLowerCase())
    .filter(Boolean);
  if (rules.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return rules.some((rule) => {
    if (rule.startsWith(".")) return name.endsWith(rule);
    if (rule.endsWith("/*")) return type.startsWith(rule.slice(0, -1));
    return type === rule;
  });
}

/** "1.2 MB", "340 KB", "12 bytes". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function isImageFile(file: { type: string }): boolean {
  return file.type.startsWith("image/");
}
