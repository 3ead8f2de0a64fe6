/**
 * Plain values of the static pages, notifications and the contact form, free of zod so that
 * screens can use them in their first view (docs/decisions/007-contracts-constants-without-zod.md).
 */

import { ROLE, ROLE_GROUPS } from "./roles-constants";

/** The pages whose text LMS and the admins write (static-page-content/update and view: docs/domain.md, Content). */
export const STATIC_PAGES = [
  { key: "download-app", module: "study-material", title: "Download App" },
  { key: "level-1-exam", module: "study-material", title: "Level 1 Exam" },
  { key: "how-to-attempt-mock-exam", module: "study-material", title: "How to Attempt the Mock Exam" },
  { key: "mock-instructions-sif", module: "study-material", title: "Mock Exam Instructions" },
  { key: "contact", module: "contact", title: "Contact" },
] as const;

export type StaticPageKey = (typeof STATIC_PAGES)[number]["key"];
export type StaticPageModule = (typeof STATIC_PAGES)[number]["module"];
export const STATIC_PAGE_KEYS = /* @__PURE__ */ STATIC_PAGES.map((p) => p.key) as [StaticPageKey, ...StaticPageKey[]];
export const STATIC_PAGE_MODULES = [...new Set(STATIC_PAGES.map((p) => p.module))] as [
  StaticPageModule,
  ...StaticPageModule[],
];

export const staticPageOf = (key: string) => STATIC_PAGES.find((p) => p.key === key);

/** A page's or a notification's body may be at most this many characters of HTML. */
export const RICH_TEXT_MAX = 100_000;

export const NOTIFICATION_TITLE_MAX = 200;

/** The roles a notification can be addressed to: the accounts that have a Notifications page. */
export const NOTIFICATION_AUDIENCE_ROLES = [ROLE.student, ...ROLE_GROUPS.schoolAccounts] as const;
/** Who a new notification is for until the writer chooses: the school accounts (not the students). */
export const NOTIFICATION_DEFAULT_ROLES = ROLE_GROUPS.schoolAccounts;

export const STATIC_PAGE_PATHS = {
  view: "/api/static-page-content/view",
  update: "/api/static-page-content/update",
  list: "/api/static-page-content/list",
} as const;

export const NOTIFICATION_PATHS = {
  mine: "/api/notifications",
  unreadCount: "/api/notifications/unread-count",
  one: "/api/notifications/{id}",
  read: "/api/notifications/{id}/read",
  readAll: "/api/notifications/read-all",
  adminCollection: "/api/admin/notifications",
  adminMember: "/api/admin/notifications/{id}",
} as const;

export const CONTACT_PATH = "/api/contact";

export const CONTACT_SUBJECT_MAX = 150;
export const CONTACT_MESSAGE_MAX = 5000;

/** Contact messages a user may send per window (kernel/rate-limit.ts). */
export const CONTACT_LIMIT = { max: 5, windowSeconds: 3600 } as const;

/** Where a contact message goes when no coordinator is assigned to the school's region (CONTACT_ADMIN_EMAIL overrides). */
export const PROGRAMME_ADMIN_EMAIL = "programme-office@demo.example.org";
export const PROGRAMME_OFFICE = "Programme office";

/** The mail template of a contact message (domains/mail/built-in-templates.ts). */
export const CONTACT_TEMPLATE_KEY = "contact-message";
