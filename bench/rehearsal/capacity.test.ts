import { describe, expect, it } from "vitest";
import { capacity, capacityTable, type RehearsalFigures, SEASON } from "./capacity";
import { JOURNEYS } from "./season";

const journey = (name: string, requests: number, cpu: Record<string, number>) => ({
  journey: name,
  requests,
  cpu_seconds: cpu,
});

/** 10 schools; each process's CPU seconds chosen so that the sums are easy to check. */
const report: RehearsalFigures = {
  options: { schools: 10, studentsPerSchool: 20, readersPerSchool: 2 },
  machine: { cpus: 2, load_average_during: { avg: 3, peak: 4 } },
  journeys: [
    journey(JOURNEYS.register, 40, { rehearsal: 9, "api-1": 1, "api-2": 1, postgresql: 0.5 }),
    journey(JOURNEYS.import, 80, { "api-1": 2, "api-2": 2, "school-1": 1 }),
    journey(JOURNEYS.pay, 90, { "api-1": 3, "api-2": 3 }),
    journey(JOURNEYS.signIns, 0, { "api-1": 1, "api-2": 1 }),
    journey(JOURNEYS.coordinators, 100, { "api-1": 1, "api-2": 1, "coordinator-1": 0.5 }),
    journey(JOURNEYS.examOffice, 5, { "api-1": 100 }),
    journey(JOURNEYS.students, 105, { "api-1": 0.5, "api-2": 0.5, "school-2": 2, postgresql: 1 }),
  ],
};

describe("the capacity note's arithmetic", () => {
  const rows = new Map(capacity(report).map((row) => [row.service, row]));

  it("sums a service's instances and leaves the rehearsal's own driver and the exam office out", () => {
    expect([...rows.keys()]).toEqual(["api", "coordinator", "postgresql", "school"]);
    // register 2 s + import 4 s + pay 6 s + sign-ins 2 s over 10 schools.
    expect(rows.get("api")?.msPerSchool).toBeCloseTo(1400);
    expect(rows.get("api")?.msPerCoordinatorRequest).toBeCloseTo(20);
    // 1 s over 20 readers.
    expect(rows.get("api")?.msPerStudent).toBeCloseTo(50);
  });

  it("turns a peak hour's work into cores at the season's utilisation", () => {
    const api = rows.get("api");
    const cores = (msPerHour: number) => msPerHour / 3_600_000 / SEASON.utilisation;
    expect(api?.deadlineCores).toBeCloseTo(
      cores(1400 * SEASON.deadlineSchoolsPerHour + 20 * SEASON.coordinatorRequestsPerHour),
    );
    expect(api?.resultDayCores).toBeCloseTo(
      cores(50 * SEASON.resultStudentsPerHour + 20 * SEASON.coordinatorRequestsPerHour),
    );
    expect(rows.get("school")?.resultDayCores).toBeCloseTo(cores(100 * SEASON.resultStudentsPerHour));
  });

  it("prints the table with its sizes and the load it was measured under", () => {
    const table = capacityTable(report);
    expect(table).toContain("From a rehearsal of 10 schools (20 students each) on 2 cores, load average 3 (peak 4).");
    expect(table).toContain("| api | 1400.0 | 20.0 | 50.0 |");
  });

  it("reads an older report whose sign-ins ran beside the students' journey", () => {
    const older = { ...report, journeys: report.journeys.filter((j) => j.journey !== JOURNEYS.signIns) };
    expect(new Map(capacity(older).map((row) => [row.service, row])).get("api")?.msPerSchool).toBeCloseTo(1200);
  });

  it("refuses figures that lack a journey", () => {
    expect(() => capacity({ ...report, journeys: report.journeys.slice(1) })).toThrow(/no journey/);
  });
});
