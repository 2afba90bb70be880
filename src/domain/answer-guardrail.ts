// The model's answer passes a guardrail too: a question can be innocent ("how much milk
// today?") and the answer still stray into a dose ("give 2.5 ml of Calpol") or a diagnosis
// ("it sounds like reflux"). Such an answer is replaced by the same safe text a question of
// that kind gets. Pure: a function of (answer, region). Precision is traded for safety: an
// answer that merely names a medicine is replaced too.
import type { Region } from './types.ts';
import { normaliseText } from './answerer/text.ts';
import { DOSING_WORDS, GIVE_WORDS, MEDICINE_WORDS } from './guardrail-languages.ts';
import { CONDITIONS, GUARDRAIL_TEXTS, mentionsDrug, SUPPLEMENT_WORD, type GuardrailHit, type GuardrailRule } from './guardrails.ts';

// An amount in a unit medicines and supplements are given in. Feeds (ml) and solids are
// amounts too, so ml only counts next to a medicine or an instruction to give.
const DOSE_AMOUNT = /\b\d+(\.\d+)?\s?(mg|mcg|µg|ug|iu|units?|drops?|tsp|teaspoons?|tablespoons?|sachets?|tablets?|puffs?|mg ?\/ ?kg|ml ?\/ ?kg)\b/;
const ML_AMOUNT = /\b\d+(\.\d+)?\s?(ml|millilitres?|milliliters?)\b/;
const GIVE = /\b(give|giving|administer\w*|dose|doses|dosage|dosing|every \d+(\s?(-|to)\s?\d+)? hours|up to \d+ times|maximum|max|recommended (amount|dose)|should (have|take|get))\b/;
const LOGGED = /\b(had|has had|was given|were given|got|logged|recorded|took)\b/;
// Telling the family what the baby has: "she has reflux", "it sounds like colic", "this could be an ear infection".
const DIAGNOSIS =
  /\b(she|he|they|baby|your baby|the baby|it|this|that)( most)?( likely| probably| may| might| could| seems to| appears to)?( be)? (has|have|has got|is suffering from|suffers from|sounds like|looks like|is showing signs of|shows signs of|is a sign of|is a symptom of|be|is|could be|may be|might be)( an?| the)? [a-z ]{0,30}$/;

function sentences(text: string): string[] {
  return normaliseText(text)
    .split(/(?<=[.!?;:])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The rule an answer breaks, or null. Exported for tests. */
export function classifyAnswer(answer: string): GuardrailRule | null {
  for (const s of sentences(answer)) {
    // A medicine named in any language the service speaks (guardrail-languages.ts).
    const drug = mentionsDrug(s) || MEDICINE_WORDS.test(s);
    if (drug) return 'medication';
    // "She had her 10 µg of vitamin D at 8:00" restates the log; "give 10 µg" is a dose.
    if (DOSE_AMOUNT.test(s) && (GIVE.test(s) || GIVE_WORDS.test(s) || DOSING_WORDS.test(s) || (SUPPLEMENT_WORD.test(s) && !LOGGED.test(s)))) return 'medication';
    if (ML_AMOUNT.test(s) && GIVE.test(s) && /\b(medicine|medication|syrup|suspension|solution|drops)\b/.test(s)) return 'medication';
    if (/\bdiagnos\w*\b/.test(s) && !/\b(can'?t|cannot|can not|not able to|unable to|only a)\b/.test(s)) return 'diagnosis';
    // A condition named as what the baby has: test the words before each condition mention.
    const m = CONDITIONS.exec(s);
    if (m && DIAGNOSIS.test(s.slice(0, m.index))) return 'diagnosis';
  }
  return null;
}

export function checkModelAnswer(answer: string, region: Region): GuardrailHit | null {
  const rule = classifyAnswer(answer);
  if (!rule) return null;
  return { rule, answer: GUARDRAIL_TEXTS[region === 'us' ? 'us' : 'uk'][rule] };
}
