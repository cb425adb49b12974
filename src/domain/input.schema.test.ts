import { describe, expect, it } from "vitest";
import { hasUnsafeCharacter, isoInstant, localDate, text } from "./input.schema.ts";

describe("hasUnsafeCharacter", () => {
  it.each([
    ["Ann", false],
    ["Line one\nline two\tand a tab\r\n", false],
    ["Zoë 😀 名前", false], // a surrogate pair is one character
    ["a\u0000b", true],
    ["\u001B[31m", true],
    ["del\u007F", true],
    ["high\uD800", true],
    ["\uDC00low", true],
    ["\uD83D\uD83D\uDE00", true], // a high surrogate followed by a pair
  ])("%j → %s", (value, unsafe) => expect(hasUnsafeCharacter(value)).toBe(unsafe));
});

describe("the input builders", () => {
  const name = text("Name", 5, { required: "Name is required" });
  it.each([
    [" Ann ", { success: true, data: "Ann" }],
    ["   ", { success: false, message: "Name is required" }],
    ["Ann\u0000", { success: false, message: "Name contains a character that is not allowed" }],
    ["Annabel", { success: false, message: "Name must be at most 5 characters" }],
  ])("text %j", (value, want) => {
    const r = name.safeParse(value);
    expect(r.success ? { success: true, data: r.data } : { success: false, message: r.error.issues[0]?.message }).toEqual(want);
  });

  it.each([
    ["2000-01-01T00:00:00Z", true],
    ["2100-12-31T23:59:59Z", true],
    ["1999-12-31T23:59:59Z", false],
    ["2000-01-01T05:00:00+05:30", false], // 1999-12-31 in UTC
    ["0000-01-01T00:00:00Z", false],
    ["9999-12-31T23:59:59Z", false],
  ])("isoInstant %s → %s", (value, ok) => expect(isoInstant("timestamp").safeParse(value).success).toBe(ok));

  it.each([
    ["2000-01-01", true],
    ["2100-12-31", true],
    ["1999-12-31", false],
    ["9999-12-31", false],
    ["0000-01-01", false],
  ])("localDate %s → %s", (value, ok) => expect(localDate("date").safeParse(value).success).toBe(ok));
});
