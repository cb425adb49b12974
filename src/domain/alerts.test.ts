import { describe, expect, it } from "vitest";
import { missedDoseAlerts, onItText, parseAlertKey, type MissedDoseAlert } from "./alerts.ts";
import { doseAlertLines, withDoseAlerts, type Adherence, type DoseRecord } from "./adherence.ts";
import { cardState, skipInstant } from "./card-state.ts";
import { latestLogInstant } from "./dose-guard.ts";
import { BUILT_IN_MEDICATIONS } from "./medications.ts";
import { DAYS_BY_ZONE, fixedMed, logAt, skipAt, wall } from "./test-support.ts";
import { addLocalDays, formatClock } from "./zoned-time.ts";

const levodopa = BUILT_IN_MEDICATIONS[0]!;
const MIN = 60_000;
const anna = { userId: "annaId", delayMinutes: 30 };
const carl = { userId: "carlId", delayMinutes: 60 };
const owner = { id: "acc1", name: "Margaret", caregivers: [anna, carl] };
const brief = (as: MissedDoseAlert[], zone: string) => as.map((a) => [a.recipientUserId, formatClock(a.at, zone), a.text]);

describe.each(DAYS_BY_ZONE)("missed-dose alerts, %s on %s", (zone, day) => {
  const at = wall(zone);
  const med = fixedMed(["08:00", "14:00"]);

  // Day: 08:00 taken | 14:00 untaken | 14:30 Anna's alert | 15:00 Carl's alert
  it("fixed: one alert per caregiver per untaken dose, at the dose time + that caregiver's delay", () => {
    const logs = [logAt(at(day, "08:00"), med.id)];
    const as = missedDoseAlerts([med], logs, at(day, "14:30"), zone, owner).filter((a) => a.doseAt.getTime() === at(day, "14:00").getTime());
    const text = `Margaret has not taken Sinemet (${formatClock(at(day, "14:00"), zone)})`;
    expect(brief(as, zone)).toEqual([
      ["annaId", formatClock(at(day, "14:30"), zone), text],
      ["carlId", formatClock(at(day, "15:00"), zone), text],
    ]);
    expect(as[0]!.key).toBe(`acc1:${med.id}:${at(day, "14:00").toISOString()}:alert-annaId`);
    expect(as[0]!.doseKey).toBe(`acc1:${med.id}:${at(day, "14:00").toISOString()}`);
  });

  it("a dose taken or skipped in time has no alert; an acknowledged dose has none left", () => {
    const dose = (logs: ReturnType<typeof logAt>[], now: Date, acknowledged?: Set<string>) =>
      missedDoseAlerts([med], logs, now, zone, { ...owner, acknowledged }).filter((a) => a.doseAt.getTime() === at(day, "14:00").getTime());
    expect(dose([logAt(at(day, "14:20"), med.id)], at(day, "14:30"))).toEqual([]);
    expect(dose([skipAt(at(day, "14:00"), med.id)], at(day, "14:30"))).toEqual([]);
    const key = dose([], at(day, "14:30"))[0]!.doseKey;
    expect(dose([], at(day, "14:31"), new Set([key]))).toEqual([]);
  });

  it("an alert more than 10 minutes late is dropped; exactly 10 minutes is still sent", () => {
    const annaOnly = (now: Date) => missedDoseAlerts([med], [logAt(at(day, "08:00"), med.id)], now, zone, { ...owner, caregivers: [anna] });
    expect(annaOnly(at(day, "14:40")).map((a) => a.at)).toContainEqual(at(day, "14:30"));
    expect(annaOnly(new Date(at(day, "14:40").getTime() + 1)).map((a) => a.at)).not.toContainEqual(at(day, "14:30"));
  });

  // Day: 08:00 levodopa | 12:00 next (every 240 min) | 12:05 Anna's alert with a 5-minute delay
  it("flexible: the next dose after the last log + recommendedInterval, none before the first dose", () => {
    const five = { ...owner, caregivers: [{ userId: "annaId", delayMinutes: 5 }] };
    expect(missedDoseAlerts([levodopa], [], at(day, "09:00"), zone, five)).toEqual([]);
    const as = missedDoseAlerts([levodopa], [logAt(at(day, "08:00"))], at(day, "12:06"), zone, five);
    expect(brief(as, zone)).toEqual([
      ["annaId", formatClock(at(day, "12:05"), zone), `Margaret has not taken Carbidopa-levodopa (${formatClock(at(day, "12:00"), zone)})`],
    ]);
  });

  // Day before: 23:00 dose untaken | today 02:00 Anna's alert with the longest delay (240 min) is still found
  it("after midnight: yesterday's late dose is still alerted with a 240-minute delay", () => {
    const late = fixedMed(["23:00"]);
    const yesterday = addLocalDays(day, -1);
    const as = missedDoseAlerts([late], [], new Date(at(yesterday, "23:00").getTime() + 240 * MIN), zone, {
      ...owner,
      caregivers: [{ userId: "annaId", delayMinutes: 240 }],
    });
    expect(as.map((a) => a.doseAt)).toContainEqual(at(yesterday, "23:00"));
  });

  // Day: 08:00 taken at 08:00 | 08:10 "Skip this dose" on the card, which shows 12:00 | the next is 16:00
  it("a skip from the card carries the dose it shows: 08:00 taken, skip at 08:10 → 12:00 is skipped", () => {
    const three = fixedMed(["08:00", "12:00", "16:00"]);
    const taken = [logAt(at(day, "08:00"), three.id)];
    const now = at(day, "08:10");
    const skipAtCard = skipInstant(three, cardState(three, taken, now, zone), now);
    expect(skipAtCard).toEqual(at(day, "12:00"));
    expect(cardState(three, [...taken, skipAt(skipAtCard, three.id)], now, zone)).toEqual({ kind: "next", at: at(day, "16:00"), tomorrow: false });
    expect(
      missedDoseAlerts([three], [...taken, skipAt(skipAtCard, three.id)], at(day, "12:30"), zone, owner).some(
        (a) => a.doseAt.getTime() === at(day, "12:00").getTime(),
      ),
    ).toBe(false);
    expect(skipInstant(levodopa, cardState(levodopa, [], now, zone), now)).toEqual(now);
  });
});

describe("alert keys, texts and the skip's reach", () => {
  it("parses its own keys and nothing else", () => {
    expect(parseAlertKey("u1:carbidopa-levodopa:2026-06-15T16:00:00.000Z:alert-Ab9_x")).toEqual({
      doseKey: "u1:carbidopa-levodopa:2026-06-15T16:00:00.000Z",
      accountId: "u1",
      medicationId: "carbidopa-levodopa",
      doseAt: new Date("2026-06-15T16:00:00.000Z"),
      recipientUserId: "Ab9_x",
    });
    expect(parseAlertKey("u1:carbidopa-levodopa:2026-06-15T16:00:00.000Z:dose-due")).toBeNull();
    expect(parseAlertKey("u1:x:2026-13-45T16:00:00.000Z:alert-a")).toBeNull();
    expect(parseAlertKey("")).toBeNull();
  });

  it("'{caregiver} is on it'", () => {
    expect(onItText("Anna")).toBe("Anna is on it");
  });

  it("a taken dose keeps its 5 minutes of drift; a skip may name a dose up to 24 hours ahead", () => {
    const now = new Date("2026-06-15T08:10:00Z");
    expect(latestLogInstant("taken", now)).toEqual(new Date("2026-06-15T08:15:00Z"));
    expect(latestLogInstant("skipped", now)).toEqual(new Date("2026-06-16T08:10:00Z"));
  });
});

describe("the owner's day shows who was alerted and who answered", () => {
  const alert = (caregiverName: string, acknowledgedByName: string | null) => ({
    medicationId: "m1",
    doseAt: "2026-06-15T18:00:00.000Z",
    caregiverName,
    channel: "push" as const,
    sentAt: "2026-06-15T18:30:00.000Z",
    acknowledgedByName,
    acknowledgedAt: acknowledgedByName ? "2026-06-15T18:41:00.000Z" : null,
  });
  it("attaches each alert to its dose by medication and scheduled instant, and words it", () => {
    const dose = (medicationId: string, scheduledAt: string) => ({ medicationId, scheduledAt }) as DoseRecord;
    const result = {
      days: [{ doses: [dose("m1", "2026-06-15T18:00:00Z"), dose("m1", "2026-06-15T22:00:00Z"), dose("m2", "2026-06-15T18:00:00Z")] }],
    } as Adherence;
    const alerts = [alert("Anna", "Anna"), alert("Carl", "Anna")];
    expect(withDoseAlerts(result, alerts).days[0]!.doses.map((d) => d.alerts?.length ?? 0)).toEqual([2, 0, 0]);
    // New York: 18:41 UTC is 2:41 PM.
    expect(doseAlertLines(alerts, "America/New_York")).toEqual(["Alerted: Anna, Carl", "Anna is on it (2:41 PM)"]);
    expect(doseAlertLines([alert("Carl", null)], "America/New_York")).toEqual(["Alerted: Carl"]);
  });
});
