import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { APP_TITLES } from "@repo/auth/apps";
import { menuFor, type PageNode, pagePath, pagesOf } from "@repo/auth/menus";
import { can, type Subject } from "@repo/auth/permissions";
import { getRole, type RoleId } from "@repo/auth/roles";
import { APP_ID } from "../app-id";
import { auth } from "../auth.server";
import { type PageTitles, titleKey } from "./page-meta";

export interface ShellMenuItem {
  id: string;
  title: string;
  path?: string;
  icon?: string;
  children?: ShellMenuItem[];
}

const toMenu = (nodes: PageNode[]): ShellMenuItem[] =>
  nodes.map((node) => ({
    id: node.id,
    title: node.title,
    ...(node.path ? { path: node.path } : {}),
    ...(node.icon ? { icon: node.icon } : {}),
    ...(node.children ? { children: toMenu(node.children) } : {}),
  }));

/** Titles of every page of the app the user may open, hidden ones included (document titles, page-meta.ts). */
export function pageTitlesFor(subject: Subject): PageTitles {
  const pages: PageTitles["pages"] = {};
  for (const page of pagesOf(APP_ID)) {
    if (!page.permission || can(subject, page.permission)) pages[titleKey(page.path)] ??= page.title;
  }
  return { app: APP_TITLES[APP_ID], pages };
}

/** The app's photo proxy for an API photo address (`/api/user/photo?v=12-ab.png` → `/avatar/12-ab.png`). */
export function avatarPath(apiPhoto: string | null): string | null {
  if (!apiPhoto) return null;
  const file = new URL(apiPhoto, "http://api.invalid").searchParams.get("v");
  return file ? `/avatar/${encodeURIComponent(file)}` : null;
}

/** The signed-in frame: who the user is, the menu the permission table gives them, the header. */
export async function shellLoader({ request, context }: LoaderFunctionArgs) {
  const signedIn = await auth.requirePage(request, context, "self.profile");
  const { user, subject, session, csrf } = signedIn;
  const role = getRole(user.role_id as RoleId);
  const shell = {
    notifications: await notificationBell(signedIn),
    app: APP_ID,
    csrf,
    menu: toMenu(menuFor(APP_ID, subject)),
    titles: pageTitlesFor(subject),
    headerTitle: role.headerTitle,
    hideHeader: role.headerTitle === null,
    user: {
      id: user.id,
      roleId: user.role_id,
      username: user.username,
      name: user.user_detail.name || user.name,
      roleName: user.role_name,
      email: user.email,
      avatarUrl: avatarPath(user.profile_photo),
      assignment: user.user_detail.assignments[0]?.coordinatable_name,
      isActive: user.is_active,
      profile: user.profile,
      mobile: user.mobile,
      mobileVerified: user.mobile_verified,
      mustChangePassword: user.must_change_password,
      schoolEmail: user.user_detail.school_email,
    },
  };
  return data(shell, { headers: { "Set-Cookie": await auth.commit(session) } });
}

/**
 * The header bell of the users with a notifications page: where it leads and how many are unread.
 * One small indexed query per page; a failed count leaves the bell without a number.
 */
async function notificationBell({ api, subject }: Awaited<ReturnType<typeof auth.requirePage>>) {
  if (APP_ID !== "school" || !can(subject, "notifications.view")) return null;
  const { data: answer } = await api.GET("/api/notifications/unread-count");
  return { href: pagePath("school", "notifications"), unread: answer?.data.unread ?? 0 };
}

/** /avatar/<file>: the signed-in user's photo, fetched from the API with their token. */
export async function avatarLoader({ request, context }: LoaderFunctionArgs) {
  const { api } = await auth.requireUser(request, context);
  const { response } = await api.GET("/api/user/photo", { parseAs: "stream" });
  if (!response.ok || !response.body) return new Response("Not found", { status: 404 });
  return new Response(response.body, {
    headers: {
      "Content-Type": response.headers.get("content-type") ?? "application/octet-stream",
      "Cache-Control": "private, max-age=86400",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/**
 * Guard of a page of the tree whose screen is not built yet: signed in and allowed by the
 * permission table; an address the tree does not know is a 404 inside the shell.
 */
export async function pageLoader({ request, context }: LoaderFunctionArgs) {
  await auth.requirePage(request, context);
  return { ok: true };
}
