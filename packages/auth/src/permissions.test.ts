import { describe, expect, it } from "vitest";
import { can, PERMISSION_KEYS, PERMISSIONS, type Permission, rolesWith, type Subject } from "./permissions";

const user = (roleId: number, extra: Partial<Subject> = {}): Subject => ({
  roleId,
  isGcc: false,
  referredStudents: 0,
  ...extra,
});
const holders = (permission: Permission, extra: Partial<Subject> = {}) =>
  Array.from({ length: 18 }, (_, i) => i + 1).filter((id) => can(user(id, extra), permission));

describe("permission table (docs/domain.md, Who may do what)", () => {
  it("names every permission resource.action and grants each to at least one role", () => {
    for (const key of PERMISSION_KEYS) {
      expect(key).toMatch(/^[a-z][A-Za-z]*(\.[a-z][A-Za-z]*)+$/);
      expect(rolesWith(key).length).toBeGreaterThan(0);
    }
  });

  it("gives the school app's items to the roles the decisions list", () => {
    expect(holders("school.dashboard")).toEqual([2, 17, 18]);
    expect(holders("students.add")).toEqual([2, 17, 18]);
    expect(holders("students.view")).toEqual([2, 17, 18]);
    expect(holders("students.referred")).toEqual([2]);
    expect(holders("institute.schools.manage")).toEqual([17]);
    expect(holders("payments.payForStudents")).toEqual([2, 17]);
    expect(holders("payments.history")).toEqual([2, 17, 18]);
    // An invoice: its payer, and the staff who answer payers' questions.
    expect(holders("payments.invoice")).toEqual([1, 2, 3, 5, 6, 17, 18]);
    // An individual student pays only its own fee; payers follow their own orders; study material is sold to payers.
    expect(holders("payments.payOwnFee")).toEqual([1]);
    expect(holders("payments.checkout")).toEqual([1, 2, 17, 18]);
    expect(holders("studyMaterial.buy")).toEqual([2, 17, 18]);
    // Raised requests: payers raise them, pay support answers; both read them.
    expect(holders("raisedRequests.raise")).toEqual([2, 17, 18]);
    expect(holders("raisedRequests.view")).toEqual([2, 5, 17, 18]);
    expect(holders("school.toggleActive")).toEqual([2]);
    expect(holders("importantDates.view")).toEqual([2, 18]);
  });

  it("shows bank detail to a school only above 10 referred students", () => {
    expect(can(user(2, { referredStudents: 10 }), "bankDetails.manage")).toBe(false);
    expect(can(user(2, { referredStudents: 11 }), "bankDetails.manage")).toBe(true);
    expect(can(user(17), "bankDetails.manage")).toBe(true);
    expect(can(user(18, { referredStudents: 50 }), "bankDetails.manage")).toBe(false);
  });

  it("applies the GCC rules to coordinators but not to admins", () => {
    expect(holders("analytics.view")).toEqual([3, 6, 7, 8, 9, 10, 11]);
    expect(holders("analytics.view", { isGcc: true })).toEqual([3, 6, 7]);
    expect(holders("students.regionLists", { isGcc: true })).toEqual([3, 6, 7]);
    expect(holders("students.total", { isGcc: true })).toEqual([3, 6, 7, 8, 9, 10, 11]);
    expect(holders("schools.paidUnpaid", { isGcc: true })).toEqual([3, 6, 7]);
    expect(holders("students.bulkImport")).toEqual([]);
    expect(holders("students.bulkImport", { isGcc: true })).toEqual([9]);
  });

  it("keeps destructive exam actions to 3 and 6, and hides mock results from 9", () => {
    expect(holders("exam.reset")).toEqual([3, 6]);
    expect(holders("mail.send")).toEqual([3, 6, 7, 8, 9, 10, 11, 12]);
    expect(holders("outbox.use")).toEqual([12]);
    expect(holders("exam.uploadFile")).toEqual([3, 6]);
    expect(holders("results.mock")).toEqual([3, 6, 7, 8, 10, 11]);
    // A school's own results and certificates; certificates also for admins and coordinators (by region).
    expect(holders("results.own")).toEqual([2, 17, 18]);
    expect(holders("certificates.download")).toEqual([2, 3, 6, 7, 8, 9, 10, 11, 17, 18]);
  });

  it("gives the coordinator dashboard to every coordinator-app role and regions to admins", () => {
    expect(holders("admin.dashboard")).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(holders("regions.manage")).toEqual([3, 6, 7]);
    expect(holders("paySupport.manage")).toEqual([5]);
    // Content: LMS, and Admin and Sub Admin (issue 10).
    expect(holders("content.manage")).toEqual([3, 4, 6]);
    expect(holders("content.read")).toEqual([1, 2, 3, 4, 6, 17, 18]);
    // The school app's study pages: the students read those meant for them; brochures are the schools'.
    expect(holders("studyMaterial.view")).toEqual([1, 2, 17, 18]);
    expect(holders("brochures.view")).toEqual([2, 17, 18]);
    expect(holders("student.area")).toEqual([1]);
  });

  it("gives the papersetter and outbox items to their roles", () => {
    expect(holders("questions.view")).toEqual([13, 14, 15, 16]);
    expect(holders("activityLogs.view")).toEqual([13, 14, 15]);
    expect(holders("questions.translate")).toEqual([13, 14, 16]);
    expect(holders("questions.rollback")).toEqual([13, 14]);
    expect(holders("paperSets.finalize")).toEqual([13]);
    expect(holders("paperSets.export")).toEqual([13, 14]);
    expect(holders("outbox.use")).toEqual([12]);
  });

  it("grants nothing to an unknown role", () => {
    for (const key of Object.keys(PERMISSIONS) as Permission[]) {
      expect(can(user(0), key)).toBe(false);
      expect(can(user(19), key)).toBe(false);
    }
  });
});
