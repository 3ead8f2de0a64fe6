import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "coordinator" }));

import { ROLE } from "@repo/auth/roles";
import { cardLinks } from "./dashboard.server";

const subject = (roleId: number, isGcc = false) => ({ roleId, isGcc, referredStudents: 0 });

describe("the dashboard's card links", () => {
  it("opens each list with the card's filters", () => {
    const links = cardLinks(subject(ROLE.admin), "2026-11-25");
    expect(links).toEqual({
      schools: "/school/total-schools",
      students: "/total-student",
      paid: "/paid-student",
      unpaid: "/total-student?payment_status=unpaid",
      today: "/total-student?from=2026-11-25&to=2026-11-25",
      collected: "/paysupport/student-pay-support",
    });
  });

  it("sends a GCC coordinator to the total list it may open, and shows LMS no list", () => {
    const gcc = cardLinks(subject(ROLE.stateCoordinator, true), "2026-11-25");
    expect(gcc.paid).toBe("/total-student?payment_status=paid");
    expect(gcc.collected).toBeNull();
    const lms = cardLinks(subject(ROLE.lms), "2026-11-25");
    expect(lms).toEqual({ schools: null, students: null, paid: null, unpaid: null, today: null, collected: null });
  });
});
