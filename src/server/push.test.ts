import { describe, expect, it } from "vitest";
import { doseLogId } from "./push.ts";

describe("the log id a notification's 'Taken' uses", () => {
  it("is a version-5 UUID of the dose, the same on every call, and differs between doses", () => {
    const dose = "u1:carbidopa-levodopa:2026-06-15T16:00:00.000Z";
    expect(doseLogId(dose)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(doseLogId(dose)).toBe(doseLogId(dose));
    expect(doseLogId("u1:carbidopa-levodopa:2026-06-15T20:00:00.000Z")).not.toBe(doseLogId(dose));
  });
});
