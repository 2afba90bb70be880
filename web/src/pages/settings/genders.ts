// The gender choices a child's form offers (the growth charts use it for the WHO curves).
import type { Schemas } from '../../lib/api';
export const GENDERS: [string, string][] = [['', 'Not set'], ['girl', 'Girl'], ['boy', 'Boy'], ['other', 'Other'], ['unknown', 'Unknown'], ['prefer_not_to_say', 'Prefer not to say']];

/** The choices, plus a stored value the list doesn't offer (so it shows rather than "Not set"). */
export function gendersWith(current: string | undefined): [string, string][] {
  return current && !GENDERS.some(([v]) => v === current) ? [...GENDERS, [current, current]] : GENDERS;
}

/** A child's gender as the API takes it. */
export type Gender = NonNullable<Schemas['ProfileUpdate']['gender']>;
const ACCEPTED: readonly Gender[] = ['', 'girl', 'boy', 'female', 'male', 'other', 'unknown', 'prefer_not_to_say'];
/** The form's choice as the API takes it; a stored value it no longer lists is not sent back. */
export const genderOf = (v: string): Gender | undefined => ACCEPTED.find((g) => g === v);
