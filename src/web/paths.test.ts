import { describe, expect, it } from "vitest";
import { paths, safeNext } from "./paths.ts";

describe("paths", () => {
  it("builds the SPEC route table's paths", () => {
    expect(paths.regimen("u1")).toBe("/regimen/u1");
    expect(paths.login("/invite/abc")).toBe("/login?next=%2Finvite%2Fabc");
    expect(paths.editMedication("m 1")).toBe("/edit-medication?id=m%201");
  });

  it.each([
    ["/invite/abc", "/invite/abc"],
    ["//evil.test/x", "/"],
    ["/\\evil.test", "/"],
    ["https://evil.test", "/"],
    [null, "/"],
  ])("honours only a local next: %j → %j", (next, expected) => {
    expect(safeNext(next)).toBe(expected);
  });
});
