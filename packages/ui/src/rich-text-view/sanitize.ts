/**
 * An allow-list HTML sanitiser for rich text written in the editor (Quill's HTML). It runs the
 * same on the server and in the browser (no DOM needed), so server-rendered content matches the
 * client exactly. Everything not on the lists is dropped: unknown tags lose their tags (their
 * text stays), dangerous ones (script, style, iframe…) lose their content too, and attributes are
 * limited to a few safe ones whose values are checked and re-escaped. The output is balanced:
 * every opened tag is closed inside the content, so it cannot break out of its container.
 */

const ALLOWED_TAGS = new Set([
  "p",
  "br",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "strike",
  "blockquote",
  "pre",
  "code",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "ol",
  "ul",
  "li",
  "sub",
  "sup",
  "span",
  "a",
  "img",
  "div",
]);
const VOID_TAGS = new Set(["br", "img"]);
/** Tags whose content is dropped with them. */
const DROPPED_WITH_CONTENT = new Set([
  "script",
  "style",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "noscript",
  "noembed",
  "noframes",
  "template",
  "title",
  "textarea",
  "select",
  "option",
  "svg",
  "math",
  "xmp",
  "plaintext",
  "head",
  "applet",
]);

const SAFE_COLOR =
  /^(#[0-9a-f]{3,8}|rgba?\(\s*[\d.]+%?\s*,\s*[\d.]+%?\s*,\s*[\d.]+%?\s*(,\s*[\d.]+%?\s*)?\)|[a-z]{3,20})$/i;
const SAFE_DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp|bmp);base64,[a-z0-9+/=\s]+$/i;
const LIST_KINDS = new Set(["bullet", "ordered", "checked", "unchecked"]);

const TOKEN =
  /<!--[\s\S]*?(?:-->|$)|<![^>]*>?|<\?[^>]*>?|<\/([a-zA-Z][\w:-]*)\s*>|<([a-zA-Z][\w:-]*)((?:\s+[^\s"'<>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>|[^<]+|</g;
const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** Decodes the entities a browser would decode in an attribute value (unknown ones stay). */
export function decodeEntities(value: string): string {
  return value.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);?/gi, (match, body: string) => {
    if (body[0] === "#") {
      const code =
        body[1] === "x" || body[1] === "X" ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? match;
  });
}

export function escapeText(text: string): string {
  // Keep existing entities (the stored HTML is already encoded); escape everything else.
  return text
    .replace(/&(?!(#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);)/gi, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * Whether a link or image address is safe: http(s), mailto and tel addresses, and relative ones.
 * Browsers ignore whitespace and control characters inside a scheme ("java\tscript:"), so those
 * are removed before looking; an address with an undecodable entity is refused.
 */
export function isSafeUrl(raw: string, kind: "link" | "image"): boolean {
  const decoded = decodeEntities(raw);
  // A named entity this decoder does not know could hide a ":" (e.g. "&colon;"): refuse.
  if (/&[a-z][a-z0-9]*;/i.test(decoded)) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const compact = decoded.replace(/[\u0000-\u0020\u007f-\u009f]/g, "");
  if (/^data:/i.test(compact)) return kind === "image" && SAFE_DATA_IMAGE.test(decoded.trim());
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1]?.toLowerCase();
  if (scheme === undefined) return true;
  if (scheme === "http" || scheme === "https") return true;
  return kind === "link" && (scheme === "mailto" || scheme === "tel");
}

function cleanStyle(value: string): string {
  const kept: string[] = [];
  for (const declaration of decodeEntities(value).split(";")) {
    const [property = "", ...rest] = declaration.split(":");
    const name = property.trim().toLowerCase();
    const content = rest.join(":").trim();
    if ((name === "color" || name === "background-color") && SAFE_COLOR.test(content)) kept.push(`${name}: ${content}`);
    if (name === "text-align" && /^(left|right|center|justify|start|end)$/i.test(content))
      kept.push(`${name}: ${content}`);
  }
  return kept.join("; ");
}

function cleanAttributes(tag: string, source: string): string[] {
  const out: string[] = [];
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = (match[1] ?? "").toLowerCase();
    const value = match[2] ?? match[3] ?? match[4] ?? "";
    const keep = (attribute: string, kept: string) => out.push(`${attribute}="${escapeAttribute(kept)}"`);
    if (name === "class") {
      const classes = value.split(/\s+/).filter((token) => /^ql-[a-z0-9-]+$/.test(token));
      if (classes.length) keep("class", classes.join(" "));
    } else if (name === "dir" && /^(ltr|rtl|auto)$/i.test(value)) keep("dir", value.toLowerCase());
    else if (name === "style") {
      const style = cleanStyle(value);
      if (style) keep("style", style);
    } else if (tag === "a" && name === "href" && isSafeUrl(value, "link")) keep("href", decodeEntities(value).trim());
    else if (tag === "a" && name === "target" && value === "_blank")
      out.push('target="_blank" rel="noopener noreferrer"');
    else if (tag === "img" && name === "src" && isSafeUrl(value, "image")) keep("src", decodeEntities(value).trim());
    else if (tag === "img" && name === "alt") keep("alt", decodeEntities(value));
    else if (tag === "img" && (name === "width" || name === "height") && /^\d{1,4}$/.test(value)) keep(name, value);
    else if (tag === "li" && name === "data-list" && LIST_KINDS.has(value)) keep("data-list", value);
  }
  return out;
}

export interface SanitizeOptions {
  /**
   * Renders a formula (Quill's `<span class="ql-formula" data-value="TeX">`) to trusted HTML, e.g.
   * with KaTeX. Without it the TeX source is shown as text.
   */
  formula?: (tex: string) => string;
}

/** Cleans rich-text HTML for display (see the module comment for the rules). */
export function sanitizeHtml(html: string, options: SanitizeOptions = {}): string {
  const out: string[] = [];
  const open: string[] = [];
  let dropUntil: string | null = null;
  let formulaDepth = 0;

  for (const token of html.matchAll(TOKEN)) {
    const [text, closing, opening, attributes = ""] = token;
    const closeName = closing?.toLowerCase();
    const openName = opening?.toLowerCase();

    if (dropUntil !== null) {
      if (closeName === dropUntil) dropUntil = null;
      continue;
    }
    if (formulaDepth > 0) {
      // Skip the rendered formula inside the span; it is rendered again from its TeX source.
      if (openName === "span") formulaDepth++;
      if (closeName === "span" && --formulaDepth === 0) out.push("</span>");
      continue;
    }
    if (openName !== undefined) {
      if (DROPPED_WITH_CONTENT.has(openName)) {
        if (!/\/\s*>$/.test(text)) dropUntil = openName;
        continue;
      }
      if (!ALLOWED_TAGS.has(openName)) continue;
      if (openName === "span" && /class\s*=\s*["']?[^"'>]*\bql-formula\b/i.test(attributes)) {
        const tex = decodeEntities(
          /data-value\s*=\s*(?:"([^"]*)"|'([^']*)')/i
            .exec(attributes)
            ?.slice(1)
            .find((v) => v !== undefined) ?? "",
        );
        out.push(`<span class="ql-formula" data-value="${escapeAttribute(tex)}">`);
        out.push(options.formula ? options.formula(tex) : escapeText(tex));
        if (/\/\s*>$/.test(text)) out.push("</span>");
        else formulaDepth = 1;
        continue;
      }
      const kept = cleanAttributes(openName, attributes);
      // Editor images carry no description: mark them decorative rather than unlabelled.
      if (openName === "img" && !kept.some((attribute) => attribute.startsWith("alt="))) kept.push('alt=""');
      out.push(`<${openName}${kept.length ? ` ${kept.join(" ")}` : ""}>`);
      if (!VOID_TAGS.has(openName)) open.push(openName);
      continue;
    }
    if (closeName !== undefined) {
      const index = open.lastIndexOf(closeName);
      if (index === -1) continue;
      while (open.length > index) out.push(`</${open.pop()}>`);
      continue;
    }
    if (text.startsWith("<!") || text.startsWith("<?")) continue;
    out.push(escapeText(text));
  }
  if (formulaDepth > 0) out.push("</span>");
  while (open.length) out.push(`</${open.pop()}>`);
  return out.join("");
}
