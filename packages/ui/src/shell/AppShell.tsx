import { lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from "react";
import { useMediaQuery } from "../internal/useMediaQuery";
import { LoadingBar } from "../loading-bar/LoadingBar";
import { PageTitle } from "../page-title/PageTitle";
import { breakpoints, durations } from "../theme/tokens";
import {
  Container,
  FooterBar,
  FooterRow,
  Header,
  HeaderEnd,
  HeaderRow,
  HeaderSlot,
  Main,
  MenuButton,
  NoWrap,
  OnlyBelowLg,
  OnlyBelowLgBlock,
  OnlyLg,
  OnlyXxl,
  Overlay,
  RoleTitle,
  Root,
  SkipLink,
  ToolbarBar,
  ToolbarRow,
  Wrapper,
} from "./frame";
import {
  containerMode,
  DEFAULT_LAYOUT,
  darkChrome,
  type HeaderContent,
  hasSidebar,
  isToolbarVisible,
  type LayoutType,
  type PageWidth,
} from "./layout";
import { type Breadcrumb, breadcrumbsFor, type MenuItem, pageTitleFor } from "./menu";
import { ScrollTop } from "./ScrollTop";
import { Sidebar } from "./Sidebar";
import { SidebarMenu } from "./SidebarMenu";
import type { StickyMode } from "./scroll";
import { PlainLink, type ShellLinkComponent, type ShellUser } from "./types";
import { UserMenu } from "./UserMenu";
import { useScrollState } from "./useScrollState";

// The header layouts' menu loads only where a header layout is chosen (the default layout has the
// sidebar): every signed-in page's first view is 1.5 KB lighter (docs/decisions/005).
const HeaderMenu = lazy(() => import("./HeaderMenu").then((module) => ({ default: module.HeaderMenu })));

export type { HeaderContent, LayoutType, PageWidth } from "./layout";
export { LAYOUT_TYPES, resolveLayout, routeLayoutFrom } from "./layout";
export type { Breadcrumb, MenuItem } from "./menu";
export type { StickyMode } from "./scroll";
export type { ShellLinkComponent, ShellLinkProps, ShellUser } from "./types";
export { UserMenuAction, type UserMenuActionProps } from "./UserMenu";
export { useLayoutType } from "./useLayoutType";

export interface AppShellProps {
  /** The menu tree (sidebar, header menu and drawer). */
  menu: readonly MenuItem[];
  /** Current location (pathname, with search if menu paths carry query parameters). */
  location: string;
  children: ReactNode;
  /** Resolved layout (see resolveLayout / useLayoutType). */
  layout?: LayoutType;
  /** 'default' gives the header layouts a fixed-width container. */
  pageWidth?: PageWidth;
  /** 'page-title' shows the page title in the header and hides the toolbar. */
  headerContent?: HeaderContent;
  /** The role title in the header ("School Portal", "State Coordinator"). */
  headerTitle?: string;
  /** The product logo (sidebar top, header in header layouts and on phones). */
  logo?: ReactNode;
  /** The user's company logo, shown in the header. */
  companyLogo?: ReactNode;
  /** No header (the outbox role); phones still get a bar with the menu button. */
  hideHeader?: boolean;
  user?: ShellUser;
  /** Rows of the user menu (UserMenuAction), e.g. My Profile and a sign-out form. */
  userActions?: ReactNode;
  /** Extra header controls before the user menu (notifications, a theme switch). */
  headerActions?: ReactNode;
  /** Overrides the title taken from the active menu link. */
  pageTitle?: string;
  /** Overrides the breadcrumbs taken from the menu hierarchy. */
  breadcrumbs?: readonly Breadcrumb[];
  /** A crumb put in front of the menu's breadcrumbs (e.g. Home). */
  home?: Breadcrumb;
  pageDescription?: ReactNode;
  /** Page actions at the end of the toolbar (e.g. the kit's <Toolbar>). */
  toolbar?: ReactNode;
  sidebarFooter?: ReactNode;
  /** Footer content; a copyright line by default. */
  footer?: ReactNode;
  linkComponent?: ShellLinkComponent;
  /** Shows the global loading bar (see createLoadingTracker and useLoadingTracker). */
  loading?: boolean;
  sticky?: StickyMode;
  defaultMinimized?: boolean;
  onMinimizedChange?: (minimized: boolean) => void;
}

/** The signed-in page frame: sidebar or header menu, header, toolbar, content, footer. */
export function AppShell({
  menu,
  location,
  children,
  layout = DEFAULT_LAYOUT,
  pageWidth = "default",
  headerContent = "role-title",
  headerTitle,
  logo,
  companyLogo,
  hideHeader = false,
  user,
  userActions,
  headerActions,
  pageTitle,
  breadcrumbs,
  home,
  pageDescription,
  toolbar,
  sidebarFooter,
  footer,
  linkComponent = PlainLink,
  loading = false,
  sticky = "on",
  defaultMinimized = false,
  onMinimizedChange,
}: AppShellProps) {
  const sidebarId = useId();
  const mainId = "main-content";
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [minimized, setMinimized] = useState(defaultMinimized);
  const [animating, setAnimating] = useState(false);
  const [hoverLock, setHoverLock] = useState(false);
  const drawerMode = useMediaQuery(`(max-width: ${breakpoints.lg - 0.02}px)`);
  const { sticky: isSticky, showScrollTop } = useScrollState(sticky);
  const sidebarRef = useRef<HTMLDivElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);

  const withSidebar = hasSidebar(layout);
  const chrome = darkChrome(layout);
  const container = containerMode(layout, pageWidth);
  const title = pageTitle ?? pageTitleFor(menu, location) ?? "";
  const crumbs = breadcrumbs ?? breadcrumbsFor(menu, location, home);
  const showToolbar = isToolbarVisible(headerContent) || hideHeader;

  // A followed link closes the drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on location change only
  useEffect(() => setDrawerOpen(false), [location]);
  useEffect(() => {
    if (!drawerMode) setDrawerOpen(false);
  }, [drawerMode]);

  // The open drawer is modal: the page behind it is inert, Escape closes it, focus goes in and back.
  const modal = drawerOpen && drawerMode;
  useEffect(() => {
    const wrapper = wrapperRef.current;
    if (!modal || !wrapper) return;
    wrapper.inert = true;
    sidebarRef.current?.querySelector<HTMLElement>("[data-drawer-close]")?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") setDrawerOpen(false);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      wrapper.inert = false;
      document.removeEventListener("keydown", onKeyDown);
      openerRef.current?.focus();
    };
  }, [modal]);

  useEffect(() => {
    if (!animating) return;
    const timer = setTimeout(() => setAnimating(false), durations.minimize);
    return () => clearTimeout(timer);
  }, [animating]);

  const toggleMinimize = () => {
    const next = !minimized;
    setMinimized(next);
    setAnimating(true);
    setHoverLock(true);
    onMinimizedChange?.(next);
  };

  const menuButton = (
    <MenuButton
      icon="menu"
      label="Open menu"
      aria-expanded={drawerOpen}
      aria-controls={sidebarId}
      onClick={(event) => {
        openerRef.current = event.currentTarget;
        setDrawerOpen(true);
      }}
    />
  );
  const pageHeading = (
    <PageTitle title={title} breadcrumbs={crumbs} description={pageDescription} linkComponent={linkComponent} />
  );
  const roleTitle =
    headerTitle || companyLogo ? (
      <RoleTitle>
        {companyLogo}
        {headerTitle}
      </RoleTitle>
    ) : null;

  return (
    <Root
      data-layout={layout}
      data-has-sidebar={withSidebar ? "" : undefined}
      data-header-layout={withSidebar ? undefined : ""}
      data-minimized={withSidebar && minimized ? "" : undefined}
    >
      <SkipLink href={`#${mainId}`}>Skip to content</SkipLink>
      <LoadingBar visible={loading} />
      <Sidebar
        ref={sidebarRef}
        id={sidebarId}
        chrome={chrome === "sidebar" ? "dark" : "light"}
        logo={logo}
        footer={sidebarFooter}
        open={drawerOpen}
        drawerMode={drawerMode}
        minimized={minimized}
        animating={animating}
        hoverLock={hoverLock}
        showMinimize={withSidebar}
        onToggleMinimize={toggleMinimize}
        onClose={() => setDrawerOpen(false)}
        onPointerLeave={() => setHoverLock(false)}
      >
        <nav aria-label="Main">
          <SidebarMenu
            items={menu}
            location={location}
            linkComponent={linkComponent}
            onNavigate={() => setDrawerOpen(false)}
          />
        </nav>
      </Sidebar>
      <Overlay data-open={drawerOpen ? "" : undefined} onClick={() => setDrawerOpen(false)} aria-hidden />
      <Wrapper ref={wrapperRef}>
        {hideHeader ? (
          <OnlyBelowLg
            css={{ padding: "$2 $4", gap: "$3", backgroundColor: "$surface", borderBottom: "1px solid $border" }}
          >
            {menuButton}
            {logo}
          </OnlyBelowLg>
        ) : (
          <HeaderSlot>
            <Header chrome={chrome === "header" ? "dark" : "light"} data-sticky={isSticky ? "" : undefined}>
              <HeaderRow mode={container}>
                <OnlyBelowLg>
                  {menuButton}
                  <NoWrap>{logo}</NoWrap>
                </OnlyBelowLg>
                {withSidebar ? null : (
                  <OnlyLg css={{ gap: "$5" }}>
                    <NoWrap>{logo}</NoWrap>
                    <Suspense fallback={null}>
                      <HeaderMenu items={menu} location={location} linkComponent={linkComponent} />
                    </Suspense>
                  </OnlyLg>
                )}
                {headerContent === "page-title" ? (
                  <OnlyLg>{pageHeading}</OnlyLg>
                ) : withSidebar ? (
                  <OnlyLg css={{ minWidth: 0 }}>{roleTitle}</OnlyLg>
                ) : null}
                <HeaderEnd>
                  {withSidebar ? null : <OnlyXxl>{roleTitle}</OnlyXxl>}
                  {toolbar && !showToolbar ? <OnlyLg>{toolbar}</OnlyLg> : null}
                  {headerActions}
                  {user ? <UserMenu user={user} actions={userActions} /> : null}
                </HeaderEnd>
              </HeaderRow>
            </Header>
          </HeaderSlot>
        )}
        {showToolbar ? (
          <ToolbarBar>
            <ToolbarRow mode={container}>
              {pageHeading}
              {toolbar ? <div>{toolbar}</div> : null}
            </ToolbarRow>
          </ToolbarBar>
        ) : (
          // The title and the page actions sit in the header on large screens; phones still need
          // them above the content.
          <OnlyBelowLgBlock>
            <ToolbarBar>
              <ToolbarRow mode={container}>
                {pageHeading}
                {toolbar ? <div>{toolbar}</div> : null}
              </ToolbarRow>
            </ToolbarBar>
          </OnlyBelowLgBlock>
        )}
        <Main id={mainId} tabIndex={-1}>
          <Container mode={container}>{children}</Container>
        </Main>
        <FooterBar>
          <FooterRow mode={container}>{footer ?? <span>{new Date().getFullYear()} © Exam Portal</span>}</FooterRow>
        </FooterBar>
      </Wrapper>
      <ScrollTop visible={showScrollTop} focusTargetId={mainId} />
    </Root>
  );
}
