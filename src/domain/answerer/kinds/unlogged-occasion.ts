// A day or spell the log has no record of ("the day of her jabs", "since the rash cleared",
// "during her cold"): without a date, any window would be a guess.
import type { Question } from '../question.ts';

const UNLOGGED_OCCASION =
  /\b(day|night|morning|week|weekend) (of|after|before) (her|his|their|the|my|our)\b|\bsince (her|his|their|the|she|he|they) (?!morning|afternoon|evening|start|last|first|previous|latest|woke|woken|got up|fell asleep|went down)\w+|\b(during|while) (her|his|their|she|he|they|baby)\b|\bwhen (she|he|they|baby) (was|were|had)\b/;

export function match(q: Question): boolean {
  return !q.asked && UNLOGGED_OCCASION.test(q.text);
}

export function reply(): null {
  return null;
}
