import { afterEach } from "vitest";

/**
 * A test that logs an unexpected console.error fails, as in e2e (e2e/support/fixtures.ts). A test that expects
 * one silences it explicitly: vi.spyOn(console, "error").mockImplementation(() => undefined).
 */
const logged: string[] = [];
const original = console.error.bind(console);
console.error = (...args: unknown[]) => {
  logged.push(args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : typeof a === "string" ? a : JSON.stringify(a))).join(" "));
  original(...args);
};

afterEach(() => {
  if (logged.length === 0) return;
  const errors = logged.splice(0);
  throw new Error(`The test logged ${errors.length} unexpected console.error:\n${errors.join("\n")}`);
});
