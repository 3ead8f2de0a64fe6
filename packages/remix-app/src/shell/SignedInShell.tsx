import { Form, Link, Outlet, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { isIconName } from "@repo/ui/icon";
import { MessageDialogProvider } from "@repo/ui/message-dialog";
import { NotificationBell } from "@repo/ui/notification-bell";
import {
  AppShell,
  LAYOUT_TYPES,
  type LayoutType,
  type MenuItem,
  type ShellLinkProps,
  UserMenuAction,
  useLayoutType,
} from "@repo/ui/shell";
import { Stack } from "@repo/ui/stack";
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { Logo } from "./Logo";
import { titleKey } from "./page-meta";
import { SignOutOverlay } from "./SignOutOverlay";
import type { ShellMenuItem, shellLoader } from "./shell.server";
import { clearSessionData } from "./storage";

// The profile dialog (forms, zod, react-hook-form) loads only when opened: not on every page.
const ProfileDialog = lazy(() => import("../profile/ProfileDialog"));
const MobileVerifyDialog = lazy(() => import("../profile/MobileVerifyDialog"));
const ChooseOwnPassword = lazy(() => import("../profile/ChooseOwnPassword"));

const MOBILE_PROMPT_KEY = "exam-portal.mobile-prompt-later";

/** The sign-out overlay stays at least 4 s before the sign-in is revoked. */
export const SIGN_OUT_OVERLAY_MS = 4000;

function ShellLink({ href, ...props }: ShellLinkProps) {
  return <Link to={href} prefetch="intent" {...props} />;
}

const toMenu = (items: ShellMenuItem[]): MenuItem[] =>
  items.map((item) => ({
    id: item.id,
    title: item.title,
    ...(item.path ? { path: item.path } : {}),
    ...(isIconName(item.icon) ? { icon: item.icon } : {}),
    ...(item.children ? { children: toMenu(item.children) } : {}),
  }));

export type ProfileView = 0 | 1 | 2;

const LAYOUT_NAMES: Record<LayoutType, string> = {
  "light-sidebar": "Light sidebar",
  "dark-sidebar": "Dark sidebar",
  "light-header": "Light header",
  "dark-header": "Dark header",
};
const nextLayout = (layout: LayoutType): LayoutType =>
  LAYOUT_TYPES[(LAYOUT_TYPES.indexOf(layout) + 1) % LAYOUT_TYPES.length] ?? "light-sidebar";

/**
 * The signed-in frame of every app: the kit's AppShell with the role's menu, header and user menu.
 * An app may put a banner above every page (the school app's e-mail verification banner).
 */
export function SignedInShell({ banner }: { banner?: ReactNode } = {}) {
  const data = useLoaderData<typeof shellLoader>();
  const location = useLocation();
  const navigation = useNavigation();
  // Stored in this browser (it survives sign-out); the user menu switches between the four.
  const [layout, setLayout] = useLayoutType();
  const [profileView, setProfileView] = useState<ProfileView | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  const logoutForm = useRef<HTMLFormElement>(null);
  // The optional OTP step: offered while the API reports an unverified mobile, until "Later".
  const [askMobile, setAskMobile] = useState(false);
  useEffect(() => {
    setAskMobile(
      Boolean(data.user.mobile) && !data.user.mobileVerified && !window.sessionStorage.getItem(MOBILE_PROMPT_KEY),
    );
  }, [data.user.mobile, data.user.mobileVerified]);
  const closeMobilePrompt = useCallback(() => {
    window.sessionStorage.setItem(MOBILE_PROMPT_KEY, "1");
    setAskMobile(false);
  }, []);

  const signOut = useCallback(() => {
    setSigningOut(true);
    clearSessionData();
    window.setTimeout(() => logoutForm.current?.requestSubmit(), SIGN_OUT_OVERLAY_MS);
  }, []);

  const signOutButton = (
    <UserMenuAction icon="logout" onClick={signOut}>
      Sign Out
    </UserMenuAction>
  );

  // Titled from the page tree, hidden pages (reached from a list, not the menu) included.
  const title = data.titles.pages[titleKey(location.pathname)];

  return (
    <MessageDialogProvider>
      <AppShell
        menu={toMenu(data.menu)}
        pageTitle={title}
        location={`${location.pathname}${location.search}`}
        layout={layout}
        headerTitle={data.headerTitle ?? undefined}
        hideHeader={data.hideHeader}
        logo={<Logo size={30} title="Exam Portal" />}
        user={{
          username: data.user.username,
          name: data.user.name,
          roleName: data.user.roleName,
          email: data.user.email,
          avatarUrl: data.user.avatarUrl,
          ...(data.user.assignment ? { assignment: data.user.assignment } : {}),
        }}
        userActions={
          <>
            <UserMenuAction icon="user" onClick={() => setProfileView(0)}>
              My Profile
            </UserMenuAction>
            <UserMenuAction icon="layers" onClick={() => setLayout(nextLayout(layout))}>
              Layout: {LAYOUT_NAMES[layout]}
            </UserMenuAction>
            {signOutButton}
          </>
        }
        sidebarFooter={data.hideHeader ? signOutButton : undefined}
        linkComponent={ShellLink}
        headerActions={
          data.notifications ? (
            <NotificationBell
              href={data.notifications.href}
              count={data.notifications.unread}
              linkComponent={ShellLink}
            />
          ) : undefined
        }
        loading={navigation.state !== "idle"}
      >
        {data.user.mustChangePassword ? (
          // Someone who manages this account gave it a new password: every page waits for its own.
          <Suspense fallback={null}>
            <ChooseOwnPassword csrf={data.csrf} />
          </Suspense>
        ) : banner ? (
          // The banner keeps the same gap to the page as the page's own cards keep to each other.
          <Stack gap={5}>
            {banner}
            <Outlet />
          </Stack>
        ) : (
          <Outlet />
        )}
      </AppShell>
      {profileView !== null ? (
        <Suspense fallback={null}>
          <ProfileDialog
            view={profileView}
            onViewChange={setProfileView}
            onClose={() => setProfileView(null)}
            user={data.user}
            csrf={data.csrf}
          />
        </Suspense>
      ) : null}
      {askMobile && data.user.mobile ? (
        <Suspense fallback={null}>
          <MobileVerifyDialog mobile={data.user.mobile} csrf={data.csrf} onClose={closeMobilePrompt} />
        </Suspense>
      ) : null}
      {signingOut ? <SignOutOverlay /> : null}
      <Form ref={logoutForm} method="post" action="/logout" reloadDocument hidden>
        <input type="hidden" name="csrf" value={data.csrf} />
      </Form>
    </MessageDialogProvider>
  );
}
