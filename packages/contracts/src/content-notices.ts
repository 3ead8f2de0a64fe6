import { z } from "zod";
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_SUBJECT_MAX,
  NOTIFICATION_AUDIENCE_ROLES,
  NOTIFICATION_TITLE_MAX,
  RICH_TEXT_MAX,
  STATIC_PAGE_KEYS,
  STATIC_PAGE_MODULES,
} from "./content-notices-constants";
import { wholeNumber } from "./ids";
import { ID_MAX } from "./ids-constants";
import { pageField, paginated, perPageField, searchField } from "./pagination";

/** Rich text from the editor; the API sanitises it before storing. */
const richText = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .max(RICH_TEXT_MAX, `${field} can be at most ${RICH_TEXT_MAX.toLocaleString("en")} characters`);

// ---- Static page content ----------------------------------------------------------------------

export const staticPageKey = z.enum(STATIC_PAGE_KEYS, {
  error: `key must be one of ${STATIC_PAGE_KEYS.join(", ")}`,
});
export const staticPageModule = z.enum(STATIC_PAGE_MODULES, {
  error: `module_name must be one of ${STATIC_PAGE_MODULES.join(", ")}`,
});

/** GET static-page-content/view?module_name=…&key=… */
export const staticPageQuery = z.object({ module_name: staticPageModule, key: staticPageKey });

/** POST static-page-content/update */
export const staticPageBody = z.strictObject({
  module_name: staticPageModule,
  key: staticPageKey,
  body: richText("body"),
});
export type StaticPageBody = z.infer<typeof staticPageBody>;

export const staticPageItem = z.object({
  module_name: z.string(),
  key: z.string(),
  title: z.string(),
  /** Sanitised HTML; "" while nobody has written the page. */
  body: z.string(),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type StaticPageItem = z.infer<typeof staticPageItem>;

// ---- Notifications ----------------------------------------------------------------------------

const ids = (field: string) =>
  z
    .array(
      wholeNumber(
        z
          .number()
          .int(`${field} must hold ids`)
          .positive(`${field} must hold ids`)
          .max(ID_MAX, `${field} must hold ids`),
      ),
      {
        error: `${field} must be a list of ids`,
      },
    )
    .max(500, `${field} can hold at most 500 ids`)
    .default([]);

const dateTime = (field: string) =>
  z.iso.datetime({ offset: true, error: `${field} must be a date and time, e.g. 2026-12-01T09:00:00+05:30` });

/**
 * A notification as admins write it. The audience is the roles it is for and, optionally, the
 * regions: none means everywhere; otherwise a school in any listed zone, state or district.
 */
export const notificationBody = z
  .strictObject({
    title: z
      .string({ error: "title is required" })
      .trim()
      .min(3, "The title must be at least 3 characters")
      .max(NOTIFICATION_TITLE_MAX, `The title can be at most ${NOTIFICATION_TITLE_MAX} characters`),
    body: richText("body"),
    roles: z
      .array(
        wholeNumber(
          z
            .number()
            .int()
            .refine((role) => (NOTIFICATION_AUDIENCE_ROLES as readonly number[]).includes(role), {
              message: `roles can hold ${NOTIFICATION_AUDIENCE_ROLES.join(", ")} (student, school, master institute, institute)`,
            }),
        ),
        { error: "roles must be a list of role ids" },
      )
      .min(1, "Choose at least one role"),
    zone_ids: ids("zone_ids"),
    state_ids: ids("state_ids"),
    district_ids: ids("district_ids"),
    publish_from: dateTime("publish_from"),
    publish_until: dateTime("publish_until").nullable().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.publish_until && new Date(value.publish_until) <= new Date(value.publish_from)) {
      ctx.addIssue({
        code: "custom",
        path: ["publish_until"],
        message: "The end of the publish window must be after its start",
      });
    }
  });
export type NotificationBody = z.infer<typeof notificationBody>;

export const notificationListQuery = z.object({
  page: pageField,
  per_page: perPageField,
  search: searchField,
});
export type NotificationListQuery = z.infer<typeof notificationListQuery>;

const regionRef = z.object({ id: z.number().int(), name: z.string() });

/** One notification as admins see it. */
export const notificationAdminItem = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  roles: z.array(z.number().int()),
  zones: z.array(regionRef),
  states: z.array(regionRef),
  districts: z.array(regionRef),
  publish_from: z.string(),
  publish_until: z.string().nullable(),
  /** scheduled | live | ended */
  status: z.enum(["scheduled", "live", "ended"]),
  read_count: z.number().int(),
  created_by: z.string().nullable(),
  updated_at: z.string(),
});
export type NotificationAdminItem = z.infer<typeof notificationAdminItem>;
export const notificationAdminPage = paginated(notificationAdminItem);

/** One notification as its reader sees it. */
export const notificationItem = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  publish_from: z.string(),
  read_at: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof notificationItem>;
export const notificationPage = paginated(notificationItem).extend({ unread: z.number().int() });
export const unreadCount = z.object({ unread: z.number().int() });

// ---- Contact form -----------------------------------------------------------------------------

export const contactBody = z.strictObject({
  subject: z
    .string({ error: "subject is required" })
    .trim()
    .min(3, "The subject must be at least 3 characters")
    .max(CONTACT_SUBJECT_MAX, `The subject can be at most ${CONTACT_SUBJECT_MAX} characters`),
  message: z
    .string({ error: "message is required" })
    .trim()
    .min(10, "The message must be at least 10 characters")
    .max(CONTACT_MESSAGE_MAX, `The message can be at most ${CONTACT_MESSAGE_MAX.toLocaleString("en")} characters`),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 -]{7,20}$/, "Enter a phone number of 7 to 20 digits, e.g. 9876543210")
    .optional()
    .or(z.literal("").transform(() => undefined)),
});
export type ContactBody = z.infer<typeof contactBody>;

/** Who a contact message went to: roles and regions, never private addresses. */
export const contactResult = z.object({
  sent_to: z.array(z.object({ role_name: z.string(), region: z.string().nullable() })),
});
export type ContactResult = z.infer<typeof contactResult>;
