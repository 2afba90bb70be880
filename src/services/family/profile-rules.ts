// Checks on profile values that need the clock or the zone (the schemas check the form).
import { fieldProblem } from '../../errors.ts';
import { localDateOf, parseDate } from '../../domain/time.ts';

/** dob must not be in the future and the child must be 0 to 5 years old (spec: Limits). */
export function validateDob(dob: string, timezone: string, now: number): void {
  const today = localDateOf(now, timezone);
  if (dob > today) throw fieldProblem('invalid_dob', 'dob must not be in the future.', 'dob', 'in_future');
  const earliest = parseDate(today).subtract({ years: 5 }).toString();
  if (dob < earliest) {
    throw fieldProblem('invalid_dob', `dob must be within the last 5 years (on or after ${earliest}).`, 'dob', 'too_old');
  }
}
