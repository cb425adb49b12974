import { describe, expect, it } from "vitest";
import { errorStatus, invitationEmailCode, invitationEmailError } from "./errors.ts";

describe("invitation e-mail checks (SPEC §5), in SPEC's order", () => {
  const ctx = { ownEmail: "Owner@Example.test", pendingEmails: ["pending@example.test"], accessEmails: ["Carer@example.test"] };
  it.each([
    ["", "Please enter an email address"],
    ["   ", "Please enter an email address"],
    ["not-an-email", "Please enter a valid email address"],
    ["a@b", "Please enter a valid email address"],
    ["two words@example.test", "Please enter a valid email address"],
    ["owner@example.TEST", "You cannot share access with yourself"],
    ["PENDING@example.test", "An invitation has already been sent to this email"],
    ["carer@example.test", "This user already has access to your account"],
    [" friend@example.test ", null],
  ])("%j → %j", (email, message) => expect(invitationEmailError(email, ctx)).toBe(message));
});

describe("the error catalogue", () => {
  it("chooses a status by code, never by the words: a conflict is 409, a bad address 400", () => {
    const ctx = { ownEmail: "owner@example.test", pendingEmails: ["pending@example.test"], accessEmails: ["carer@example.test"] };
    const status = (email: string) => errorStatus(invitationEmailCode(email, ctx)!);
    expect([status("pending@example.test"), status("carer@example.test")]).toEqual([409, 409]);
    expect([status(""), status("nope"), status("owner@example.test")]).toEqual([400, 400, 400]);
  });
});
