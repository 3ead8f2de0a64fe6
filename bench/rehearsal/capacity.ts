// From a season rehearsal's CPU per journey to the cores a national season needs at its peak
// hours (issue 38 item 6, docs/capacity.md). Pure: `npx tsx bench/capacity.ts` prints it.
import { JOURNEYS } from "./season";

/** What the rehearsal writes (bench/results/rehearsal.json), as far as this reads it. */
export interface RehearsalFigures {
  options: { schools: number; studentsPerSchool: number; readersPerSchool: number };
  machine: { cpus: number; load_average_during: { avg: number; peak: number } };
  journeys: { journey: string; requests: number; cpu_seconds: Record<string, number> }[];
}

/**
 * A season of 1,000,000 students in 50,000 schools (20 a school, the rehearsal's default), and
 * what its two busiest hours are assumed to hold. Change them here; the note shows the result.
 */
export const SEASON = {
  schools: 50_000,
  students: 1_000_000,
  /** The registration deadline's busiest hour: 2 % of all schools register, import and pay in it. */
  deadlineSchoolsPerHour: 1_000,
  /** Result day's first hour: a quarter of all students sign in and read their result. */
  resultStudentsPerHour: 250_000,
  /** Coordinators at any busy hour: 300 at once, a page or an export every 20 seconds each. */
  coordinatorRequestsPerHour: 54_000,
  /** Cores are sized to run at most this busy, for bursts within the hour and a lost instance. */
  utilisation: 0.6,
} as const;

/** A process name of the rehearsal ("api-2", "school-1") as its service ("api", "school"). */
const serviceOf = (process: string) => process.replace(/-\d+$/, "");

/** CPU seconds of each service during one journey (the rehearsal's own driver left out). */
function serviceSeconds(journey: RehearsalFigures["journeys"][number]): Map<string, number> {
  const seconds = new Map<string, number>();
  for (const [process, cpu] of Object.entries(journey.cpu_seconds)) {
    if (process === "rehearsal") continue;
    const service = serviceOf(process);
    seconds.set(service, (seconds.get(service) ?? 0) + cpu);
  }
  return seconds;
}

export interface CapacityRow {
  service: string;
  /** CPU milliseconds per school's registration, import, payment and its students' sign-ins (jobs included). */
  msPerSchool: number;
  /** CPU milliseconds per coordinator request. */
  msPerCoordinatorRequest: number;
  /** CPU milliseconds per student reading the result (a quarter with the certificate). */
  msPerStudent: number;
  deadlineCores: number;
  resultDayCores: number;
}

/** Cores per service for the season's two peak hours, from one rehearsal's figures. */
export function capacity(report: RehearsalFigures, season: typeof SEASON = SEASON): CapacityRow[] {
  const byJourney = new Map(report.journeys.map((j) => [j.journey, j]));
  const journey = (name: string) => {
    const found = byJourney.get(name);
    if (!found) throw new Error(`the rehearsal has no journey "${name}"`);
    return found;
  };
  // The paid students' sign-ins (3b) are the schools' work too; older reports ran them beside journey 6.
  const schoolJourneys = [JOURNEYS.register, JOURNEYS.import, JOURNEYS.pay, JOURNEYS.signIns].flatMap((name) =>
    name === JOURNEYS.signIns && !byJourney.has(name) ? [] : [journey(name)],
  );
  const coordinators = journey(JOURNEYS.coordinators);
  const students = journey(JOURNEYS.students);
  const readers = report.options.schools * report.options.readersPerSchool;
  const services = new Set([...schoolJourneys, coordinators, students].flatMap((j) => [...serviceSeconds(j).keys()]));
  const perHourToCores = (msPerHour: number) => msPerHour / 3_600_000 / season.utilisation;
  return [...services].sort().map((service) => {
    const ms = (j: RehearsalFigures["journeys"][number]) => (serviceSeconds(j).get(service) ?? 0) * 1000;
    const msPerSchool = schoolJourneys.reduce((sum, j) => sum + ms(j), 0) / report.options.schools;
    const msPerCoordinatorRequest = coordinators.requests > 0 ? ms(coordinators) / coordinators.requests : 0;
    const msPerStudent = readers > 0 ? ms(students) / readers : 0;
    const coordinatorMs = msPerCoordinatorRequest * season.coordinatorRequestsPerHour;
    return {
      service,
      msPerSchool,
      msPerCoordinatorRequest,
      msPerStudent,
      deadlineCores: perHourToCores(msPerSchool * season.deadlineSchoolsPerHour + coordinatorMs),
      resultDayCores: perHourToCores(msPerStudent * season.resultStudentsPerHour + coordinatorMs),
    };
  });
}

const fixed = (n: number, digits: number) => n.toFixed(digits);

/** The table of docs/capacity.md. */
export function capacityTable(report: RehearsalFigures, season: typeof SEASON = SEASON): string {
  const rows = capacity(report, season);
  const { schools, studentsPerSchool } = report.options;
  const { avg, peak } = report.machine.load_average_during;
  const lines = [
    `From a rehearsal of ${schools.toLocaleString("en-IN")} schools (${studentsPerSchool} students each) on ${report.machine.cpus} cores, load average ${avg} (peak ${peak}).`,
    "",
    "| service | CPU ms a school (register, import, pay, sign-ins) | CPU ms a coordinator request | CPU ms a student reading results | cores, deadline hour | cores, result-day hour |",
    "|---|---|---|---|---|---|",
    ...rows.map(
      (r) =>
        `| ${r.service} | ${fixed(r.msPerSchool, 1)} | ${fixed(r.msPerCoordinatorRequest, 1)} | ${fixed(r.msPerStudent, 1)} | ${fixed(r.deadlineCores, 2)} | ${fixed(r.resultDayCores, 2)} |`,
    ),
    `| **all** | ${fixed(
      rows.reduce((n, r) => n + r.msPerSchool, 0),
      1,
    )} | ${fixed(
      rows.reduce((n, r) => n + r.msPerCoordinatorRequest, 0),
      1,
    )} | ${fixed(
      rows.reduce((n, r) => n + r.msPerStudent, 0),
      1,
    )} | ${fixed(
      rows.reduce((n, r) => n + r.deadlineCores, 0),
      1,
    )} | ${fixed(
      rows.reduce((n, r) => n + r.resultDayCores, 0),
      1,
    )} |`,
  ];
  return lines.join("\n");
}
