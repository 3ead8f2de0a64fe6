import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { envelope } from "@repo/contracts/envelope";
import { schools, users } from "@repo/db/schema";
import { eq } from "drizzle-orm";
import { signedIn } from "../auth/middleware";
import type { AppEnv } from "../context";
import { ApiError } from "../http/errors";
import { apiRoute, errorResponse } from "../http/routes";
import { recordActivity } from "../services/activity";
import { json } from "./schemas";

export function registerSchoolRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(
    apiRoute("school.toggleActive", {
      method: "post",
      path: "/api/schools/disable-account",
      tags: ["Schools"],
      summary: "Deactivate or reactivate the signed-in school (spec §4)",
      description:
        "No payload. An active school becomes inactive; an inactive one becomes active again. Only the school's own account (role 2) may do this.",
      responses: {
        200: json(
          envelope(z.object({ school_id: z.number().int(), is_active: z.union([z.literal(0), z.literal(1)]) })).openapi(
            "SchoolToggleResponse",
          ),
          "The school's new state",
        ),
        404: errorResponse("The account has no school"),
      },
    }),
    async (c) => {
      const auth = signedIn(c);
      const db = c.var.services.database.db;
      const [user] = await db.select({ schoolId: users.schoolId }).from(users).where(eq(users.id, auth.userId));
      if (!user?.schoolId) throw new ApiError(404, "School not found");
      const schoolId = user.schoolId;
      const next = await db.transaction(async (tx) => {
        const [school] = await tx
          .select({ isActive: schools.isActive })
          .from(schools)
          .where(eq(schools.id, schoolId))
          .for("update");
        if (!school) throw new ApiError(404, "School not found");
        const isActive = !school.isActive;
        await tx.update(schools).set({ isActive, updatedAt: new Date() }).where(eq(schools.id, schoolId));
        await recordActivity(tx, {
          userId: auth.userId,
          action: isActive ? "school.activate" : "school.deactivate",
          entity: "schools",
          entityId: schoolId,
          before: { is_active: school.isActive },
          after: { is_active: isActive },
          requestId: c.var.requestId,
        });
        return isActive;
      });
      return c.json(
        {
          status: true,
          message: next ? "School activated successfully!" : "School deactivated successfully!",
          data: { school_id: schoolId, is_active: next ? (1 as const) : (0 as const) },
        },
        200,
      );
    },
  );
}
