// The gender choices a child's form offers (the growth charts use it for the WHO curves).
export const GENDERS: [string, string][] = [['', 'Not set'], ['girl', 'Girl'], ['boy', 'Boy'], ['other', 'Other'], ['unknown', 'Unknown'], ['prefer_not_to_say', 'Prefer not to say']];

/** The choices, plus a stored value the list doesn't offer (so it shows rather than "Not set"). */
export function gendersWith(current: string | undefined): [string, string][] {
  return current && !GENDERS.some(([v]) => v === current) ? [...GENDERS, [current, current]] : GENDERS;
}
