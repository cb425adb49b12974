/** A valid IANA zone name, such as "Europe/London". Example: isTimeZone("Mars/Base") → false. */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
