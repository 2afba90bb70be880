// Shapes of a question shared by the answerer's routes: "when did she last …", "what time …",
// averages, and yes/no questions ("has she had …?").

export const SUBJ = '(baby|she|he|they|it)';
export const LAST_SHAPE = /\blast\b|\bhow long ago\b|\bhow long since\b|\bhow long has it been\b|\bmost recent\b|\blatest\b|\bprevious\b/;
export const WHEN_SHAPE = /\b(when|what time|what times|at what time)\b/;
export const AVERAGE_SHAPE = /\b(average|averaged|on average|per day|a day|each day|daily|typical|typically|usually|mean)\b/;
export const YES_NO = new RegExp(`^(has|have|did|does|is|was) ${SUBJ}\\b`);
/** "How much …", "how many …", "how long …": a total over a period, not the last occurrence. */
export const AMOUNT_SHAPE = /\bhow (much|many|long)\b|\btotal\b/;
/** "Is she asleep?", "are they still napping?": asleep or awake now. */
export const IS_ASLEEP = new RegExp(`\\b(is|are) ${SUBJ} (still )?(asleep|sleeping|awake|napping|up|in bed)\\b`);
/** "How long has she been awake?", "awake since …": how long the present state has lasted. */
export const HOW_LONG_AWAKE = new RegExp(`\\bhow long (has|have|is|are) ${SUBJ} (been )?(awake|up|asleep|sleeping|napping)\\b|\\bawake (for|since)\\b|\\bhow long since ${SUBJ} woke\\b`);
/** "More than", "less", "compared with": one period against another. */
export const COMPARE_SHAPE = /\b(more|less|fewer|longer|shorter|bigger|smaller|better|worse|compared?|versus|vs|increase|decrease)\b/;
