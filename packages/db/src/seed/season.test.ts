import { describe, expect, it } from "vitest";
import { demoSeason, indiaDay } from "./season";

/** The season's events as calendar days, in the order a school lives them. */
function inOrder(now: Date) {
  const s = demoSeason(now);
  return [
    ["registration opens", s.registration.start],
    ["the welcome notice", indiaDay(s.noticePublishedAt)],
    ["schools verify their e-mail", indiaDay(s.schoolsVerifiedAt)],
    ["students are registered", indiaDay(s.studentsRegisteredAt)],
    ["the first lecture", s.lectureDays[0]],
    ["the demo school pays", indiaDay(s.schoolPaidAt)],
    ["the second lecture", s.lectureDays[1]],
    ["registration closes", s.registration.end],
    ["the mock exam", indiaDay(s.mockAt)],
    ["Level 1", indiaDay(s.level1At)],
    ["a student is switched off", indiaDay(s.studentDeactivatedAt)],
    ["Level 2", indiaDay(s.level2At)],
    ["results (loaded the day the demo starts)", s.today],
    ["awards reach the schools", s.awardsAtSchools],
    ["the national camp starts", s.nationalCamp.start],
    ["the national camp ends", s.nationalCamp.end],
  ] as const;
}

describe("the demo season (issue 35 item 9)", () => {
  for (const now of [
    new Date("2026-12-06T04:38:00Z"),
    new Date("2027-03-01T20:00:00Z"), // after midnight in India, still 1 March in UTC
    new Date("2028-02-29T12:00:00Z"),
  ]) {
    it(`is one timeline, every event on or after the one before, seeded on ${now.toISOString()}`, () => {
      const events = inOrder(now);
      for (let i = 1; i < events.length; i++) {
        const [before, earlier] = events[i - 1] ?? [];
        const [after, later] = events[i] ?? [];
        expect((later ?? "") >= (earlier ?? ""), `${after} (${later}) after ${before} (${earlier})`).toBe(true);
      }
    });
  }

  it("holds the exams at their hour in India, on the day India counts", () => {
    const season = demoSeason(new Date("2027-03-01T20:00:00Z"));
    expect(season.today).toBe("2027-03-02");
    expect(season.level1At.toISOString()).toMatch(/T04:30:00.000Z$/);
    expect(season.mockAt.toISOString()).toMatch(/T05:30:00.000Z$/);
    expect(indiaDay(season.level1At) < season.today).toBe(true);
  });
});
