import { describe, expect, it } from "vitest";
import { invitationForm } from "./invite-form.tsx";

describe("the invitation form's rules: the API's body first, then the server's check against the lists on screen", () => {
  const schema = invitationForm({ ownEmail: "owner@example.test", pendingEmails: ["pending@example.test"], accessEmails: ["carer@example.test"] });
  /** The message the form shows: the e-mail field's first. */
  const message = (email: string) => schema.safeParse({ email }).error?.issues.find((i) => i.path[0] === "email")?.message ?? null;

  it.each([
    ["   ", "Please enter an email address"],
    ["carer\u0000@example.test", "Email contains a character that is not allowed"],
    ["not an email", "Please enter a valid email address"],
    [`${"e".repeat(250)}@example.test`, "Please enter a valid email address"],
    ["OWNER@example.test", "You cannot share access with yourself"],
    ["Pending@example.test", "An invitation has already been sent to this email"],
    ["carer@example.test", "This user already has access to your account"],
    [" friend@example.test ", null],
  ])("%j → %j", (email, expected) => expect(message(email)).toBe(expected));

  it("sends the address trimmed", () => expect(schema.parse({ email: " friend@example.test " })).toEqual({ email: "friend@example.test" }));
});
