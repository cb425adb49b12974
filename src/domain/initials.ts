/**
 * The avatar's initials: the first letter of each word, at most 2, uppercase.
 * Example: "mary ann smith" → "MA"; "  " → "".
 */
export function initialsOf(name: string): string {
  const firstLetters = name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => Array.from(word)[0] ?? "")
    .join("");
  // Count characters, not UTF-16 units, after uppercasing ("ß" becomes "SS").
  return Array.from(firstLetters.toUpperCase()).slice(0, 2).join("");
}
