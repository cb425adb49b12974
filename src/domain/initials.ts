/**
 * The avatar's initials: the first letter of each word, at most 2, uppercase.
 * Example: "mary ann smith" → "MA"; "  " → "".
 */
export function initialsOf(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => Array.from(word)[0] ?? "")
    .join("")
    .slice(0, 2)
    .toUpperCase();
}
