// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PickerValue } from "../../../../domain/time-picker.ts";
import { formatPickerValue, TimePicker } from "./time-picker.tsx";

function mockViewport(narrowOrTouch: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: narrowOrTouch,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

function Harness({ initial }: { initial: PickerValue }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <TimePicker value={value} onChange={setValue} />
      <output aria-label="picked">{formatPickerValue(value)}</output>
    </>
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("TimePicker", () => {
  it("on a desktop, number inputs clamp as SPEC §5 says and the select switches AM/PM", () => {
    mockViewport(false);
    render(<Harness initial={{ hour: 8, minute: 5, period: "AM" }} />);
    const picked = screen.getByLabelText("picked");
    fireEvent.input(screen.getByLabelText("Hour"), { target: { value: "13" } });
    expect(picked.textContent).toBe("12:05 AM");
    fireEvent.input(screen.getByLabelText("Hour"), { target: { value: "" } });
    expect(picked.textContent).toBe("1:05 AM"); // NaN becomes 1
    fireEvent.input(screen.getByLabelText("Minute"), { target: { value: "75" } });
    expect(picked.textContent).toBe("1:59 AM");
    fireEvent.change(screen.getByLabelText("AM/PM"), { target: { value: "PM" } });
    expect(picked.textContent).toBe("1:59 PM");
  });

  it("on a phone, a three-column wheel with Done sets the time by tapping and by arrow keys", () => {
    mockViewport(true);
    render(<Harness initial={{ hour: 8, minute: 5, period: "AM" }} />);
    act(() => screen.getByRole("button", { name: "Change time" }).click());
    const hour = screen.getByRole("listbox", { name: "Hour" });
    const minute = screen.getByRole("listbox", { name: "Minute" });
    expect(within(hour).getAllByRole("option")).toHaveLength(12);
    expect(within(minute).getAllByRole("option")).toHaveLength(60);
    expect(within(hour).getByRole("option", { selected: true }).textContent).toBe("8");
    act(() => within(hour).getByRole("option", { name: "12" }).click());
    act(() => within(minute).getByRole("option", { name: "30" }).click());
    fireEvent.keyDown(minute, { key: "ArrowDown" });
    act(() =>
      within(screen.getByRole("listbox", { name: "AM/PM" }))
        .getByRole("option", { name: "PM" })
        .click(),
    );
    expect(screen.getByLabelText("picked").textContent).toBe("12:31 PM");
    act(() => screen.getByRole("button", { name: "Done" }).click());
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(screen.getByText("12:31 PM", { selector: ".time-summary-value" })).toBeTruthy();
  });
});
