// "When did she last have Calpol?", "how many doses of medicine today?": the medicines the log
// records as given (../medicines.ts). Like the other types added in 1.3.0, tried before the
// older topics, whose words these questions share, and reading the period as asked.
import type { Log } from '../summaries.ts';
import type { Question } from '../question.ts';
import type { Suggestion } from '../question-kind.ts';
import type { Reply } from '../types.ts';
import { medicineAsked, medicineReply, type MedicineAsked } from '../medicines.ts';
import { logged } from '../suggestions.ts';

export function match(q: Question, log: Log): MedicineAsked | null {
  return medicineAsked(q.text, log);
}

export function reply(q: Question, log: Log, asked: MedicineAsked): Reply {
  return medicineReply(asked, q.rest, q.asked, log);
}

export const suggestions: Suggestion[] = [
  { id: 'last_medicine', rank: 30, topics: ['medicine', 'medication', 'meds', 'dose', 'given', 'gave'], example: (n) => `When did ${n} last have a medicine?`, has: logged.type('medicine') },
];
