// The gender choices a child's form offers (the growth charts use it for the WHO curves).
import type { Schemas } from '../../lib/api';
import { t } from '../../i18n/core.ts';
export const GENDERS = (): [string, string][] => [['', t('gender.not_set')], ['girl', t('gender.girl')], ['boy', t('gender.boy')], ['other', t('gender.other')], ['unknown', t('gender.unknown')], ['prefer_not_to_say', t('gender.prefer_not')]];

/** The choices, plus a stored value the list doesn't offer (so it shows rather than "Not set"). */
export function gendersWith(current: string | undefined): [string, string][] {
  const list = GENDERS();
  return current && !list.some(([v]) => v === current) ? [...list, [current, current]] : list;
}

/** A child's gender as the API takes it. */
export type Gender = NonNullable<Schemas['ProfileUpdate']['gender']>;
const ACCEPTED: readonly Gender[] = ['', 'girl', 'boy', 'female', 'male', 'other', 'unknown', 'prefer_not_to_say'];
/** The form's choice as the API takes it; a stored value it no longer lists is not sent back. */
export const genderOf = (v: string): Gender | undefined => ACCEPTED.find((g) => g === v);
