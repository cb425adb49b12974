import { describe, expect, it } from "vitest";
import { initialsOf } from "./initials.ts";

describe("initialsOf: first letter of each word, at most 2, uppercase", () => {
  it.each([
    ["Mary Ann Smith", "MA"],
    ["ada", "A"],
    ["  jean   luc  ", "JL"],
    ["élodie ßchmidt", "ÉS"],
    ["😀 smile", "😀S"],
    ["", ""],
    ["   ", ""],
  ])("%j → %j", (name, expected) => {
    expect(initialsOf(name)).toBe(expected);
  });
});
