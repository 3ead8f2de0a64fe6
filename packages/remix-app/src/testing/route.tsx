import type { ActionFunctionArgs, LoaderFunctionArgs, SerializeFrom } from "@remix-run/node";
import { Outlet, useLocation } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { MessageDialogProvider } from "@repo/ui/message-dialog";
import { UiProvider } from "@repo/ui/provider";
import { configure, render, screen } from "@testing-library/react";
import type { ComponentType } from "react";
import { auth } from "../auth.server";
import { sessionCookie } from "./harness";

/**
 * Route-level component tests (happy-dom): a real route module of `app/routes/` rendered with
 * Remix's `createRemixStub`, as a signed-in page is (the kit's providers, the shell's message
 * dialogs), with either
 * - `loaderData`, typed from the module's real loader (`SerializeFrom<typeof loader>`), or
 * - nothing: the module's own loader runs, signed in, against `stubApi` (the same real guards,
 *   sessions and typed client as the `*.server.test.ts` files), so a refused page (403, 404)
 *   shows the route's ErrorBoundary.
 * Forms posted on the page run the module's own action, same-origin and signed in. Every other
 * address shows "Another page" with the address (`anotherPage()`), where redirects and links lead.
 *
 * The test file names its app before anything imports it (the loaders' guards read it once):
 *
 *   vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "school" }));
 */

// A page appears after its loader, and a lazy part (a dialog, a report) after its first import:
// on a loaded machine (two cores shared, CI 2-3x slower) that takes longer than findBy's default
// second. A hang still fails, at this bound.
configure({ asyncUtilTimeout: 10_000 });

// RemixBrowser gives React Router its v7 flags; createRemixStub does not, and the router warns of
// them once per file. That warning is about the stub, not the page under test: it is left out.
const warn = console.warn.bind(console);
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === "string" && args[0].includes("React Router Future Flag Warning")) return;
  warn(...args);
};

type AnyFunction = (...args: never[]) => unknown;

/** What `app/routes/*.tsx` export that a page test uses. */
export interface RouteModule {
  default: ComponentType;
  loader?: AnyFunction;
  action?: AnyFunction;
  ErrorBoundary?: ComponentType;
}

/** The loader's answer as the screen's `useLoaderData<typeof loader>()` reads it. */
export type LoaderDataOf<M extends RouteModule> = M["loader"] extends AnyFunction ? SerializeFrom<M["loader"]> : never;
/** The action's answer as the screen's `useActionData<typeof action>()` reads it. */
export type ActionDataOf<M extends RouteModule> = M["action"] extends AnyFunction ? SerializeFrom<M["action"]> : never;

export interface RenderRouteOptions<M extends RouteModule> {
  /** The route's pattern, as the app's routes give it: "/student/view-students", "/payment/checkout/:order". */
  path: string;
  /** The address opened (with its query); `path` by default. */
  url?: string;
  /** The loader's answer; without it the module's loader runs against the stubbed API. */
  loaderData?: LoaderDataOf<M>;
  /** What the action answered to the post that rendered the page (a refused form's messages). */
  actionData?: ActionDataOf<M>;
  /** Whether the browser has a session of the app (default true). */
  signedIn?: boolean;
}

/**
 * The stub's request as the app server would get it: at the app's origin, with the session and,
 * for a post, same-origin. The headers are set after construction: happy-dom's Request drops the
 * ones a browser may not set (Cookie, Origin) when given to its constructor.
 */
async function asAppRequest(request: Request, signedIn: boolean): Promise<Request> {
  const url = new URL(request.url);
  const target = new URL(`${url.pathname}${url.search}`, auth.appOrigin);
  const read = request.method === "GET" || request.method === "HEAD";
  const app = new Request(target, { method: request.method, body: read ? undefined : await request.arrayBuffer() });
  if (signedIn) app.headers.set("Cookie", await sessionCookie());
  if (read) return app;
  app.headers.set("Origin", auth.appOrigin);
  const type = request.headers.get("Content-Type");
  if (type) app.headers.set("Content-Type", type);
  return app;
}

const ROUTE_ID = "route";

/**
 * Every other address of the app: where a redirect or a followed link lands, named in a region
 * "Another page" with the address as its text, for the test to check.
 */
function AnotherPage() {
  const location = useLocation();
  return <main aria-label="Another page">{`${location.pathname}${location.search}`}</main>;
}

/** What the signed-in shell gives every page (SignedInShell): the message dialogs. */
function SignedInFrame() {
  return (
    <MessageDialogProvider>
      <Outlet />
    </MessageDialogProvider>
  );
}

/**
 * Renders the route module at `url` and returns Testing Library's queries. The page's loader data
 * is there on the first render when given; otherwise wait for what the user sees (`findBy…`).
 */
export function renderRoute<M extends RouteModule>(module: M, options: RenderRouteOptions<M>) {
  const { path, url = path, loaderData, actionData, signedIn = true } = options;
  const loader =
    loaderData !== undefined
      ? () => loaderData
      : module.loader
        ? async ({ request, params }: LoaderFunctionArgs) =>
            (module.loader as (args: LoaderFunctionArgs) => unknown)({
              request: await asAppRequest(request, signedIn),
              params,
              context: {},
            })
        : undefined;
  const action = module.action
    ? async ({ request, params }: ActionFunctionArgs) =>
        (module.action as (args: ActionFunctionArgs) => unknown)({
          request: await asAppRequest(request, signedIn),
          params,
          context: {},
        })
    : undefined;
  const Stub = createRemixStub([
    {
      id: "routes/_app",
      Component: SignedInFrame,
      children: [
        {
          id: ROUTE_ID,
          path,
          Component: module.default,
          ErrorBoundary: module.ErrorBoundary,
          loader,
          action,
        },
        { id: "another-page", path: "*", Component: AnotherPage },
      ],
    },
  ]);
  const hydrationData =
    loaderData !== undefined || !module.loader
      ? {
          loaderData: { [ROUTE_ID]: loaderData ?? null },
          ...(actionData !== undefined ? { actionData: { [ROUTE_ID]: actionData } } : {}),
        }
      : undefined;
  return render(
    <UiProvider>
      <Stub initialEntries={[url]} hydrationData={hydrationData} future={{ v3_singleFetch: true }} />
    </UiProvider>,
  );
}

/** The address a redirect or a followed link led to (the stub's "Another page"). */
export async function anotherPage(): Promise<string> {
  return (await screen.findByRole("main", { name: "Another page" })).textContent ?? "";
}
