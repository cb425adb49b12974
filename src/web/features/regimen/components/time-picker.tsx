import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { clampHour, clampMinute, WHEEL_HEIGHT, WHEEL_ITEM_HEIGHT, type Period, type PickerValue } from "../../../../domain/time-picker.ts";
import { useMediaQuery } from "../../../lib/use-media-query.ts";

/** SPEC §2: a wheel on touch or narrow screens (768 px and below), number inputs and an AM/PM select on desktop. */
export const WHEEL_MEDIA = "(pointer: coarse), (max-width: 768px)";

const HOURS = Array.from({ length: 12 }, (_, i) => i + 1);
const MINUTES = Array.from({ length: 60 }, (_, i) => i);
const PERIODS: Period[] = ["AM", "PM"];
const two = (n: number) => String(n).padStart(2, "0");

export function formatPickerValue(v: PickerValue): string {
  return `${v.hour}:${two(v.minute)} ${v.period}`;
}

export function TimePicker({ value, onChange }: { value: PickerValue; onChange: (v: PickerValue) => void }) {
  const wheel = useMediaQuery(WHEEL_MEDIA);
  return wheel ? <WheelPicker value={value} onChange={onChange} /> : <DesktopPicker value={value} onChange={onChange} />;
}

function DesktopPicker({ value, onChange }: { value: PickerValue; onChange: (v: PickerValue) => void }) {
  return (
    <fieldset className="time-inputs">
      <legend>Time taken</legend>
      <label>
        <span>Hour</span>
        <input type="number" min={1} max={12} value={value.hour} onChange={(e) => onChange({ ...value, hour: clampHour(e.target.valueAsNumber) })} />
      </label>
      <span className="time-colon" aria-hidden="true">
        :
      </span>
      <label>
        <span>Minute</span>
        <input
          type="number"
          min={0}
          max={59}
          value={two(value.minute)}
          onChange={(e) => onChange({ ...value, minute: clampMinute(e.target.valueAsNumber) })}
        />
      </label>
      <label>
        <span>AM/PM</span>
        <select value={value.period} onChange={(e) => onChange({ ...value, period: e.target.value as Period })}>
          <option value="AM">AM</option>
          <option value="PM">PM</option>
        </select>
      </label>
    </fieldset>
  );
}

function WheelPicker({ value, onChange }: { value: PickerValue; onChange: (v: PickerValue) => void }) {
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <div className="time-summary">
        <span className="time-summary-value">{formatPickerValue(value)}</span>
        <button type="button" className="button button-secondary" onClick={() => setOpen(true)}>
          Change time
        </button>
      </div>
    );
  return (
    <div className="wheel-picker">
      <div className="wheel-columns" style={{ height: WHEEL_HEIGHT }}>
        <WheelColumn label="Hour" items={HOURS} format={String} value={value.hour} onChange={(hour) => onChange({ ...value, hour })} />
        <WheelColumn label="Minute" items={MINUTES} format={two} value={value.minute} onChange={(minute) => onChange({ ...value, minute })} />
        <WheelColumn label="AM/PM" items={PERIODS} format={String} value={value.period} onChange={(period) => onChange({ ...value, period })} />
        <div className="wheel-highlight" aria-hidden="true" style={{ top: (WHEEL_HEIGHT - WHEEL_ITEM_HEIGHT) / 2, height: WHEEL_ITEM_HEIGHT }} />
      </div>
      <button type="button" className="button" onClick={() => setOpen(false)}>
        Done
      </button>
    </div>
  );
}

/** One scroll-snapping wheel column; also a listbox, so it can be tapped, scrolled or driven by arrow keys. */
function WheelColumn<T extends string | number>(props: { label: string; items: T[]; format: (v: T) => string; value: T; onChange: (v: T) => void }) {
  const { items, value, onChange } = props;
  const ref = useRef<HTMLDivElement>(null);
  const settle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const index = Math.max(0, items.indexOf(value));

  useEffect(() => {
    const el = ref.current;
    if (el && Math.round(el.scrollTop / WHEEL_ITEM_HEIGHT) !== index) el.scrollTop = index * WHEEL_ITEM_HEIGHT;
  }, [index]);
  useEffect(() => () => clearTimeout(settle.current), []);

  const onScroll = () => {
    clearTimeout(settle.current);
    settle.current = setTimeout(() => {
      const el = ref.current;
      if (!el) return;
      const i = Math.min(items.length - 1, Math.max(0, Math.round(el.scrollTop / WHEEL_ITEM_HEIGHT)));
      if (items[i] !== value) onChange(items[i]!);
    }, 120);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const step = e.key === "ArrowDown" ? 1 : e.key === "ArrowUp" ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    onChange(items[Math.min(items.length - 1, Math.max(0, index + step))]!);
  };
  const pad = (WHEEL_HEIGHT - WHEEL_ITEM_HEIGHT) / 2;
  return (
    <div
      ref={ref}
      className="wheel-column"
      role="listbox"
      aria-label={props.label}
      aria-activedescendant={`${props.label}-${index}`}
      tabIndex={0}
      onScroll={onScroll}
      onKeyDown={onKeyDown}
      style={{ paddingTop: pad, paddingBottom: pad }}
    >
      {items.map((item, i) => (
        <div
          key={String(item)}
          id={`${props.label}-${i}`}
          role="option"
          aria-selected={i === index}
          className={i === index ? "wheel-item wheel-item-selected" : "wheel-item"}
          style={{ height: WHEEL_ITEM_HEIGHT }}
          onClick={() => onChange(item)}
        >
          {props.format(item)}
        </div>
      ))}
    </div>
  );
}
