// @vitest-environment jsdom
import { act, fireEvent, render, screen } from "@testing-library/react";
import type { RegisterSWOptions } from "vite-plugin-pwa/types";
import { expect, it, vi } from "vitest";
import { registerServiceWorker } from "../lib/service-worker.ts";
import { UpdatePrompt } from "./update-prompt.tsx";

// vite-plugin-pwa's registration module exists only in its build; here it hands us the callbacks it was given.
const registered: RegisterSWOptions[] = [];
const applyUpdate = vi.fn(() => Promise.resolve());
vi.mock("virtual:pwa-register", () => ({
  registerSW: (options: RegisterSWOptions) => {
    registered.push(options);
    return applyUpdate;
  },
}));

it("offers 'A new version is ready' only once a new version waits, and switches to it only on Reload", async () => {
  Object.defineProperty(navigator, "serviceWorker", { value: {}, configurable: true });
  vi.useFakeTimers({ toFake: ["setTimeout"] });
  registerServiceWorker(); // a few seconds after the load event
  vi.runAllTimers();
  vi.useRealTimers();
  await vi.waitFor(() => expect(registered).toHaveLength(1), { timeout: 5000 });
  render(<UpdatePrompt />);
  expect(screen.queryByText("A new version is ready")).toBeNull();

  act(() => registered[0]!.onNeedRefresh!());
  expect(screen.getByRole("status").textContent).toContain("A new version is ready");
  expect(applyUpdate).not.toHaveBeenCalled();

  fireEvent.click(screen.getByRole("button", { name: "Reload" }));
  expect(applyUpdate).toHaveBeenCalledWith(true);
});
