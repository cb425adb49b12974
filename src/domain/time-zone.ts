/** Zone names already checked. NOTE: building an Intl.DateTimeFormat costs ~50 µs, and every API call reads a zone. */
const checkedZones = new Map<string, boolean>();
const MAX_CHECKED_ZONES = 1000;

/** A valid IANA zone name, such as "Europe/London". Example: isTimeZone("Mars/Base") → false. */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  const known = checkedZones.get(zone);
  if (known !== undefined) return known;
  let valid: boolean;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    valid = true;
  } catch {
    valid = false;
  }
  if (checkedZones.size < MAX_CHECKED_ZONES) checkedZones.set(zone, valid);
  return valid;
}

/**
 * A stored zone as every reader sees it: unset stays null, and a zone that is not valid (stored by hand or before
 * zones were checked) reads as UTC, so it never breaks a page or an answer. Example: readStoredZone("Mars/Olympus") → "UTC".
 */
export function readStoredZone(zone: string | null | undefined): string | null {
  if (zone === null || zone === undefined) return null;
  return isTimeZone(zone) ? zone : "UTC";
}
