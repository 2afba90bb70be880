// Checks on profile values that need the clock or the zone (the schemas check the form).
import { fieldProblem } from '../../errors.ts';
import { localDateOf, parseDate } from '../../domain/time.ts';
import { t } from '../../i18n/text.ts';

/** dob must not be in the future and the child must be 0 to 5 years old (spec: Limits). */
export function validateDob(dob: string, timezone: string, now: number): void {
  const today = localDateOf(now, timezone);
  if (dob > today) throw fieldProblem('invalid_dob', t('error.dob_in_future'), 'dob', 'in_future');
  const earliest = parseDate(today).subtract({ years: 5 }).toString();
  if (dob < earliest) {
    throw fieldProblem('invalid_dob', t('error.dob_too_old', { earliest }), 'dob', 'too_old');
  }
}
