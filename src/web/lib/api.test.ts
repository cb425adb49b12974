import { describe, expect, it } from "vitest";
import { ApiError, errorMessage, isNetworkError } from "./api.ts";

const offline = new ApiError(0, "Cannot reach the server. Check your connection and try again.");

describe("errorMessage, the one way to show a failed request", () => {
  it("shows a network failure as a network failure, whatever the action's fallback", () => {
    expect(isNetworkError(offline)).toBe(true);
    expect(errorMessage(offline, "Failed to send invitation. Please try again.")).toBe(
      "Cannot reach the server. Check your connection and try again.",
    );
  });

  it("shows the server's message for a refusal, and the action's fallback for a server failure", () => {
    expect(errorMessage(new ApiError(409, "This user already has access"), "Failed to send invitation. Please try again.")).toBe(
      "This user already has access",
    );
    expect(errorMessage(new ApiError(503, "upstream connect error"), "Failed to send invitation. Please try again.")).toBe(
      "Failed to send invitation. Please try again.",
    );
    expect(isNetworkError(new ApiError(404, "Invitation not found"))).toBe(false);
  });

  it("shows a message the app threw itself, else the generic fallback", () => {
    expect(errorMessage(new Error("User data not found"))).toBe("User data not found");
    expect(errorMessage("nothing useful")).toBe("An unknown error occurred");
  });
});
