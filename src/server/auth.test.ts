import { describe, expect, it } from "vitest";
import { displayNameFor, resetLink } from "./auth.ts";

describe("Google first sign-in name (SPEC §7)", () => {
  it.each([
    ["Grace Hopper", "grace@gmail.test", "Grace Hopper"],
    ["  ", "grace.h@gmail.test", "grace.h"],
    [undefined, "ada@gmail.test", "ada"],
    [null, undefined, "User"],
    ["", "@nowhere.test", "User"],
  ])("name %j, e-mail %j → %j", (name, email, expected) => {
    expect(displayNameFor(name, email)).toBe(expected);
  });
});

describe("reset link (DESIGN §6.7)", () => {
  it("points at /__/auth/action with the token as oobCode", () => {
    expect(resetLink("https://dose.example", "a b/c")).toBe("https://dose.example/__/auth/action?mode=resetPassword&oobCode=a%20b%2Fc");
  });
});
