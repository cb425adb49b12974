import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { forgotPasswordForm, resetPasswordForm, signInForm, signUpForm, type LoginFields } from "./auth-forms.ts";

/** Every message a schema gives, with its field: these forms show one at a time, so there is at most one. */
const problems = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues.map((i) => [i.path.join("."), i.message]) ?? [];
const login = (f: Partial<LoginFields>): LoginFields => ({ name: "", email: "", password: "", confirm: "", ...f });

describe("sign-up (SPEC §5), one message at a time in SPEC's order", () => {
  it.each([
    ["everything blank", login({}), ["email", "Email and password are required"]],
    ["an e-mail of spaces", login({ email: "   ", password: "secret1" }), ["email", "Email and password are required"]],
    ["no password", login({ email: "a@b.test" }), ["password", "Email and password are required"]],
    [
      "passwords that differ (and are short)",
      login({ email: "a@b.test", password: "12345", confirm: "1234" }),
      ["confirm", "Passwords do not match"],
    ],
    ["a short password", login({ email: "a@b.test", password: "12345", confirm: "12345" }), ["password", "Password must be at least 6 characters"]],
    ["a name of spaces", login({ name: "   ", email: "a@b.test", password: "secret1", confirm: "secret1" }), ["name", "Name is required"]],
    [
      "a 101-character name",
      login({ name: "n".repeat(101), email: "a@b.test", password: "secret1", confirm: "secret1" }),
      ["name", "Name must be at most 100 characters"],
    ],
  ])("%s → %j", (_, value, problem) => expect(problems(signUpForm, value)).toEqual([problem]));

  it("sends the name and e-mail trimmed, the password as typed", () => {
    const value = login({ name: "  ada lovelace ", email: " ada@example.test ", password: " secret1", confirm: " secret1" });
    expect(signUpForm.parse(value)).toEqual({ name: "ada lovelace", email: "ada@example.test", password: " secret1", confirm: " secret1" });
  });
});

describe("sign-in asks only for an e-mail and a password", () => {
  it.each([
    [login({}), [["email", "Email and password are required"]]],
    [login({ email: "a@b.test" }), [["password", "Email and password are required"]]],
    [login({ email: " a@b.test ", password: "x" }), []],
  ])("%j → %j", (value, expected) => expect(problems(signInForm, value)).toEqual(expected));
});

describe("reset password (SPEC §5): the confirmation, then the length", () => {
  it.each([
    [{ password: "short", confirm: "shor" }, [["confirm", "Passwords do not match"]]],
    [{ password: "short", confirm: "short" }, [["password", "Password must be at least 6 characters"]]],
    [{ password: "brand-new-1", confirm: "brand-new-1" }, []],
  ])("%j → %j", (value, expected) => expect(problems(resetPasswordForm, value)).toEqual(expected));
});

describe("forgot password takes an e-mail as every form does", () => {
  it.each([
    ["", [["email", "Please enter an email address"]]],
    ["   ", [["email", "Please enter an email address"]]],
    ["a\u0000@b.test", [["email", "Email contains a character that is not allowed"]]],
  ])("%j → %j", (email, expected) => expect(problems(forgotPasswordForm, { email })).toEqual(expected));
  it("sends it trimmed", () => expect(forgotPasswordForm.parse({ email: " a@b.test " })).toEqual({ email: "a@b.test" }));
});
