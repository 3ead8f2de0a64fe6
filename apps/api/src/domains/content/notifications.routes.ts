import type { OpenAPIHono } from "@hono/zod-openapi";
import {
  notificationAdminItem,
  notificationAdminPage,
  notificationBody,
  notificationListQuery,
  notificationPage,
  unreadCount,
} from "@repo/contracts/content-notices";
import { NOTIFICATION_PATHS } from "@repo/contracts/content-notices-constants";
import { envelope } from "@repo/contracts/envelope";
import { COUNTED, countOf } from "@repo/contracts/plural";
import type { AppEnv } from "../../context";
import { actorOf, signedIn } from "../../kernel/auth/middleware";
import { ok } from "../../kernel/http/envelope";
import { apiRoute, errorResponse } from "../../kernel/http/routes";
import { idParam, json, messageOnly, named } from "../../kernel/http/schemas";
import {
  createNotification,
  deleteNotification,
  getNotification,
  listMyNotifications,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  unreadNotifications,
  updateNotification,
} from "./notifications";

const tags = ["Notifications"];
const adminItem = named(notificationAdminItem, "NotificationAdminItem");
const adminOne = envelope(adminItem).openapi("NotificationAdminResponse");
const body = {
  body: { content: { "application/json": { schema: named(notificationBody, "NotificationBody") } }, required: true },
};
const listQuery = named(notificationListQuery, "NotificationListQuery");

const readerOf = (c: { var: AppEnv["Variables"] }) => {
  const auth = signedIn(c);
  return { userId: auth.userId, roleId: auth.roleId };
};

export function registerNotificationRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(
    apiRoute("notifications.view", {
      method: "get",
      path: NOTIFICATION_PATHS.mine,
      tags,
      summary: "My notifications, newest first, with when I read each",
      description:
        "Those addressed to my role and my region (a master institute: the regions of its schools) whose publish window is open now.",
      request: { query: listQuery },
      responses: { 200: json(envelope(notificationPage).openapi("NotificationPage"), "A page of notifications") },
    }),
    async (c) => ok(c, await listMyNotifications(c.var.services.database.db, readerOf(c), c.req.valid("query"))),
  );

  app.openapi(
    apiRoute("notifications.view", {
      method: "get",
      path: NOTIFICATION_PATHS.unreadCount,
      tags,
      summary: "How many of my notifications I have not read (the header's bell)",
      responses: { 200: json(envelope(unreadCount).openapi("UnreadCountResponse"), "The count") },
    }),
    async (c) => ok(c, { unread: await unreadNotifications(c.var.services.database.db, readerOf(c)) }),
  );

  app.openapi(
    apiRoute("notifications.view", {
      method: "post",
      path: NOTIFICATION_PATHS.readAll,
      tags,
      summary: "Mark all my notifications read",
      responses: { 200: json(envelope(unreadCount).openapi("ReadAllResponse"), "How many were unread (now 0)") },
    }),
    async (c) => {
      const marked = await markAllNotificationsRead(c.var.services.database.db, readerOf(c));
      return ok(c, { unread: 0 }, `${countOf(marked, COUNTED.notification)} marked read`);
    },
  );

  app.openapi(
    apiRoute("notifications.view", {
      method: "post",
      path: NOTIFICATION_PATHS.read,
      tags,
      summary: "Mark one of my notifications read",
      request: { params: idParam },
      responses: { 200: json(messageOnly, "Marked read"), 404: errorResponse("No such notification for you") },
    }),
    async (c) => {
      await markNotificationRead(c.var.services.database.db, readerOf(c), c.req.valid("param").id);
      return ok(c, null, "Marked read");
    },
  );

  app.openapi(
    apiRoute("content.manage", {
      method: "get",
      path: NOTIFICATION_PATHS.adminCollection,
      tags,
      summary: "Every notification (search by title, paged)",
      request: { query: listQuery },
      responses: {
        200: json(envelope(notificationAdminPage).openapi("NotificationAdminPage"), "A page of notifications"),
      },
    }),
    async (c) => ok(c, await listNotifications(c.var.services.database.db, c.req.valid("query"))),
  );

  app.openapi(
    apiRoute("content.manage", {
      method: "post",
      path: NOTIFICATION_PATHS.adminCollection,
      tags,
      summary: "Create a notification",
      description:
        "Title, rich-text body (sanitised), the roles it is for, the regions (none: everywhere) and the publish window (publish_until after publish_from, or none).",
      request: body,
      responses: {
        200: json(adminOne, "The new notification"),
        422: errorResponse("A region does not exist, or the body is empty"),
      },
    }),
    async (c) => {
      const db = c.var.services.database.db;
      const id = await createNotification(db, c.req.valid("json"), actorOf(c));
      return ok(c, await getNotification(db, id), "Notification created successfully");
    },
  );

  app.openapi(
    apiRoute("content.manage", {
      method: "get",
      path: NOTIFICATION_PATHS.adminMember,
      tags,
      summary: "One notification",
      request: { params: idParam },
      responses: { 200: json(adminOne, "The notification"), 404: errorResponse("No such notification") },
    }),
    async (c) => ok(c, await getNotification(c.var.services.database.db, c.req.valid("param").id)),
  );

  app.openapi(
    apiRoute("content.manage", {
      method: "post",
      path: NOTIFICATION_PATHS.adminMember,
      tags,
      summary: "Update a notification",
      request: { params: idParam, ...body },
      responses: {
        200: json(adminOne, "The updated notification"),
        404: errorResponse("No such notification"),
        422: errorResponse("A region does not exist, or the body is empty"),
      },
    }),
    async (c) => {
      const db = c.var.services.database.db;
      const { id } = c.req.valid("param");
      await updateNotification(db, id, c.req.valid("json"), actorOf(c));
      return ok(c, await getNotification(db, id), "Notification updated successfully");
    },
  );

  app.openapi(
    apiRoute("content.manage", {
      method: "delete",
      path: NOTIFICATION_PATHS.adminMember,
      tags,
      summary: "Delete a notification (and who read it)",
      request: { params: idParam },
      responses: { 200: json(messageOnly, "Deleted"), 404: errorResponse("No such notification") },
    }),
    async (c) => {
      await deleteNotification(c.var.services.database.db, c.req.valid("param").id, actorOf(c));
      return ok(c, null, "Notification deleted successfully");
    },
  );
}
