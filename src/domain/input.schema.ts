import { z } from "zod";

// The building blocks of every schema that reads user input (DESIGN §4: no input can cause a 500). PostgreSQL
// refuses a NUL in text and a lone UTF-16 surrogate in jsonb, and the zone functions cannot place a year-0 instant
// or a year-9999 day, so such input is refused here, with a message, before it reaches a service.

/**
 * Whether a string holds a control character or a lone surrogate. Example: hasUnsafeCharacter("a\u0000b") → true.
 * NOTE: tab, line feed and carriage return are ordinary text (a pasted description); every other C0 control, DEL
 * and an unpaired UTF-16 surrogate are not.
 */
export function hasUnsafeCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f) return true;
    if (c >= 0xdc00 && c <= 0xdfff) return true; // a low surrogate with no high one before it
    if (c >= 0xd800 && c <= 0xdbff) {
      const low = value.charCodeAt(i + 1);
      if (!(low >= 0xdc00 && low <= 0xdfff)) return true;
      i++;
    }
  }
  return false;
}

/** The message for such a string, naming its field. */
export const unsafeCharacterMessage = (field: string) => `${field} contains a character that is not allowed`;

/**
 * The one string builder for user text: trimmed, at most `max` characters, no control characters or lone
 * surrogates. Example: text("Name", 100).parse(" Ann ") → "Ann"; a NUL → "Name contains a character that is not allowed".
 */
export function text(field: string, max: number, opts: { required?: string; tooLong?: string } = {}) {
  // A missing required field gets its SPEC message; any other non-string keeps zod's own, which names the type.
  const base = z
    .string({ error: (issue) => (opts.required && issue.input === undefined ? opts.required : undefined) })
    .refine((s) => !hasUnsafeCharacter(s), unsafeCharacterMessage(field))
    .trim();
  const bounded = opts.required ? base.min(1, opts.required) : base;
  return bounded.max(max, opts.tooLong ?? `${field} must be at most ${max} characters`);
}

/** The years a dose, a history day or a report may fall in; the zone functions handle every day of them. */
export const FIRST_YEAR = 2000;
export const LAST_YEAR = 2100;
const FIRST_MS = Date.UTC(FIRST_YEAR, 0, 1);
const END_MS = Date.UTC(LAST_YEAR + 1, 0, 1);

/** An ISO date and time with an offset, between 2000 and 2100. Example: "0000-01-01T00:00:00Z" is refused. */
export function isoInstant(field: string) {
  return z.iso.datetime({ offset: true, error: `${field} must be an ISO date and time, such as 2026-05-01T08:00:00Z` }).refine((s) => {
    const t = Date.parse(s);
    return t >= FIRST_MS && t < END_MS;
  }, `${field} must be between the years ${FIRST_YEAR} and ${LAST_YEAR}`);
}

/** A local day YYYY-MM-DD between 2000 and 2100. Example: "9999-12-31" is refused. */
export function localDate(field: string) {
  return z.iso.date({ error: `${field} must be YYYY-MM-DD` }).refine((s) => {
    const year = Number(s.slice(0, 4));
    return year >= FIRST_YEAR && year <= LAST_YEAR;
  }, `${field} must be between the years ${FIRST_YEAR} and ${LAST_YEAR}`);
}
