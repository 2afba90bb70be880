// Guardrails that run before any answerer or model sees a question. The service is not a
// medical device (spec: "What the service does" §6), so questions about emergencies,
// medicines and doses, symptoms or diagnoses get a fixed, kind text pointing to the right
// help for the family's region instead of an answer. Pure: a function of (question, region).
//
// Order of precedence: emergency > medication > symptom red flags > diagnosis > symptom.
// Log questions that merely mention an illness word in passing ("how many feeds while she
// had a cold last week") are let through; see docs/ask.md for the reasoning.
//
// Every rule is checked in every language the service speaks (guardrail-languages.ts), whatever
// the caregiver's language; the text says the same in the reader's language (catalogue
// `guardrail`), with that country's numbers: the family's region for English (999 and 111, or
// 911), the language's country otherwise (112; SAMU 192 in Brazil).
import type { Region } from './types.ts';
import { levenshtein, normaliseText } from './answerer/text.ts';
import { feverSignpostText, statedReadings, type FeverContext } from './fever-question.ts';
import { ENGLISH, t, type Text } from '../i18n/text.ts';
import * as other from './guardrail-languages.ts';

export type GuardrailRule = 'emergency' | 'medication' | 'symptom' | 'diagnosis';
export const GUARDRAIL_RULES: readonly GuardrailRule[] = ['emergency', 'medication', 'symptom', 'diagnosis'];

export interface GuardrailHit {
  rule: GuardrailRule;
  answer: string;
}

/** A rule's answer for the reader's language (checkGuardrailText). */
export interface GuardrailText {
  rule: GuardrailRule;
  text: Text;
  /** It leads with the urgent fever signpost (fever-question.ts): not said again in front of it. */
  signposted: boolean;
}

/** A rule's text for a family's region (English; other languages name their own country's numbers). */
export function guardrailText(rule: GuardrailRule, region: Region): Text {
  return t(`guardrail.${rule}`, { region: region === 'us' ? 'us' : 'uk' });
}

/** Each rule's English text by region (the catalogue's British English, `guardrail.*`). */
export const GUARDRAIL_TEXTS: Record<Region, Record<GuardrailRule, string>> = {
  uk: Object.fromEntries(GUARDRAIL_RULES.map((r) => [r, ENGLISH.render(guardrailText(r, 'uk'))])) as Record<GuardrailRule, string>,
  us: Object.fromEntries(GUARDRAIL_RULES.map((r) => [r, ENGLISH.render(guardrailText(r, 'us'))])) as Record<GuardrailRule, string>,
};

// --- Emergencies: always win, even inside a log-shaped question, because mis-answering a
// real emergency costs far more than an unnecessary referral.
const EMERGENCY: RegExp[] = [
  /\b(not|isn'?t|is not|stopped|stop|stops|no longer|cant|can'?t|cannot|struggling to|unable to) (breathing|breathe|breath)\b/,
  /\bno (respira|respire)\b|\bne respire (pas|plus)\b|\batmet nicht\b/,
  /\bchok(e|es|ed|ing)\b/,
  /\b(unresponsive|unconscious|passed out|collapsed?|not responding|won'?t respond|doesn'?t respond)\b/,
  /\b(won'?t|will not|can'?t|cannot|can not|couldn'?t) (wake|be woken|rouse)\b/,
  /\b(seizures?|convuls\w*|fitting|having a fit|had a fit|febrile fit|shaking uncontrollably)\b/,
  /\b(blue|grey|gray|purple) (lips|face|skin|tongue)\b|\blips (are|look|went|turned|turning) (blue|grey|gray)\b|\b(turn|turns|turned|turning|went|going|gone) (blue|grey|gray)\b/,
  /\b(fell|fall|fallen|falls|dropped|drop) (on|onto) (her|his|their|the|its) head\b/,
  /\b(hit|bumped|banged|bang|bump) (her|his|their|the|its) head\b|\bhead (injury|injuries|bump)\b/,
  /\b(fell|fallen|rolled|dropped|slipped) (off|from|out of) (the |a |her |his )?(bed|sofa|couch|changing table|table|chair|changer|high ?chair|cot|crib|bouncer|arms|stairs)\b/,
  /\b(swallow(ed|s|ing)?|ate|eaten|chewed|bit into) (a |an |some |my |the |her |his )?(battery|button battery|batteries|coin|magnet|magnets|bleach|detergent|pod|pills?|tablets?|medicine|something|chemicals?|poison|small|cigarettes?|laundry pod|washing pod|dishwasher tablet)\b/,
  /\b(poison(ed|ing)?|overdose|overdosed|too much (calpol|paracetamol|tylenol|ibuprofen|nurofen|motrin|advil|medicine))\b/,
  /\b(drown\w*|anaphyla\w*|epipen|severe allergic reaction)\b/,
  /\bswollen (lips|tongue|face|throat)\b|\b(lips|tongue|face|throat) (is |are )?(swelling|swollen)\b/,
  /\brash (that )?(doesn'?t|does not|won'?t|will not) fade\b|\bnon[- ]?blanching\b|\bglass test\b/,
  /\b(burn(ed|t)?|scald(ed)?) (her|his|herself|himself)\b|\bbad (burn|scald)\b/,
  /\b(call|ring|dial) (an )?(ambulance|999|911)\b|\bemergency\b/,
  /\b(limp|floppy) and\b|\b(very|really|suddenly) (limp|floppy)\b/,
];

// --- Medicines: named products (incl. common misspellings and other languages' brands).
// A named medicine is answered by the guardrail unless the question only asks what the log
// records of medicines given (medicineLogQuestion below): since 1.3.0 the log has a medicine
// type, so "when did I last give Calpol?" is a log question; "how much Calpol can I give?",
// "when can she have it again?" and "what dose for a 6 month old?" are dosing and stay here.
const DRUG_NAMES = [
  'paracetamol', 'acetaminophen', 'calpol', 'tylenol', 'panadol', 'doliprane', 'dafalgan',
  'efferalgan', 'tempra', 'apiretal', 'benuron', 'perfalgan', 'mejoral', 'febrectal',
  'ibuprofen', 'nurofen', 'motrin', 'advil', 'calprofen', 'brufen', 'junifen', 'algifor', 'dalsy',
  'aspirin', 'codeine', 'antibiotic', 'antibiotics', 'amoxicillin', 'amoxil', 'penicillin',
  'augmentin', 'antibiotico', 'antibiotique', 'antibiotikum', 'antihistamine', 'piriton',
  'cetirizine', 'zyrtec', 'benadryl', 'loratadine', 'claritin', 'gaviscon', 'omeprazole',
  'lansoprazole', 'ranitidine', 'domperidone', 'simethicone', 'infacol', 'dentinox', 'bonjela',
  'anbesol', 'calgel', 'orajel', 'lactulose', 'movicol', 'suppository', 'suppositories',
  'medicine', 'medicines', 'medication', 'medications', 'meds', 'painkiller', 'painkillers',
  'medicamento', 'medicament', 'medikament', 'medicina', 'steroid', 'steroids', 'hydrocortisone',
  'oral rehydration', 'dioralyte', 'pedialyte',
];
const DRUG_WORDS = new Set(DRUG_NAMES.filter((d) => !d.includes(' ')));
// Fuzzy matching only for long product and substance names (not generic words such as
// "medication", which is one letter from "meditation"), so ordinary words stay out of reach.
const FUZZY_DRUGS = [
  'paracetamol', 'acetaminophen', 'tylenol', 'panadol', 'doliprane', 'dafalgan', 'efferalgan',
  'ibuprofen', 'nurofen', 'calprofen', 'amoxicillin', 'antibiotic', 'penicillin', 'cetirizine',
  'benadryl', 'gaviscon', 'omeprazole', 'domperidone', 'simethicone', 'infacol', 'dentinox', 'bonjela',
];

// Words that name a dose or a medicine product without a brand: a question with one is about
// medicine, answered from the log only when it asks what was given.
const DOSE_WORDS = /\b(dose|doses|dosage|dosing|posology|dosis|dosierung)\b/;
const MEDICINE_PRODUCTS = /\bteething (gel|gels|powder|powders|granules|drops)\b|\b(colic|gas|wind|ear|eye|saline|nose) drops\b/;
// Asking what to give for something, or an amount per body weight: always dosing advice.
const MEDICATION: RegExp[] = [
  /\b(mg|ml|mcg|ug|micrograms?|milligrams?) ?(\/|per) ?(kg|kilo|kilogram|pound|lb)\b/,
  /\bpain ?relief\b|\bsomething for (the |her |his )?(pain|fever|temperature|teething)\b/,
  /\b(give|giving|gave) (her|him|them|baby|the baby|my baby|it)? ?(anything|something)? ?for (the |her |his |a )?(pain|fever|temperature|temp|teething|cold|cough|rash|colic|reflux|wind|gas|constipation|diarrh\w*|sickness|vomiting)\b/,
  /\b(what|which|anything|can i|could i|should i|can we) .*\b(give|take|use)\b.*\bfor (the |her |his |a )?(pain|fever|temperature|temp|teething|cold|cough|rash|colic|reflux|wind|gas|constipation|diarrh\w*|sickness|vomiting|sleep)\b/,
  /\bcream for\b/,
];

export const SUPPLEMENT_WORD = /\b(vitamin|vitamins|vit d|vitd|vitamin d|iron|multivitamin|supplements?|drops|probiotics?|fluoride)\b/;
// "should I give", "how much … to give", "is 10 µg too much": asking for a dose, not the log.
const DOSING_SHAPE =
  /\b(should|shall|can|could|do|may|must) (i|we|you|she|he|they|baby)\b[^?]*\b(give|giving|take|taking|have|use|offer|start|stop)\b|\bhow (much|many)\b[^?]*\b(to give|to take|should|can|do i give|do we give|does (she|he|a baby) need|is safe|needs?)\b|\btoo (much|many|little)\b|\b(max|maximum|safe|recommended) (amount|dose|daily|limit)\b|\bis it safe\b|\boverdo\b/;

// "When did she last have Calpol?", "how many doses of Calpol has she had today?", "who gave him
// the ibuprofen?": what the log records of medicines given (the past tense of a log question).
const MEDICINE_LOG_SHAPE = new RegExp(
  [
    '\\bwhen (did|was|were|has|have|had)\\b',
    '\\bwhat time (did|was|were)\\b',
    '\\bhow long (ago|since)\\b',
    '\\b(last|latest|most recent|previous|first) (dose|doses|time|one|given|gave|had)\\b',
    '\\bhow (many|much)\\b[^?]*\\b(has|have|did|was|were)\\b[^?]*\\b(had|have|given|give|got|get|taken|take)\\b',
    '\\b(has|have|did) (she|he|they|baby|i|we|you|anyone|someone|\\w+)( already)? (had|have|given|give|gave|got|get|taken|take)\\b',
    '\\bwho (gave|has given|had given|last gave|logged)\\b',
    '\\b(what|which) (medicines?|medications?|meds|doses)\\b[^?]*\\b(has|have|had|did|was|were|given|gave)\\b',
  ].join('|'),
);
// What to give, how much, how often, whether it is safe, when it may be given again: dosing,
// however the question is put, so the medication rule answers it.
const MEDICINE_ADVICE =
  /\b(can|could|should|shall|may|might|must|ought|allowed|safe|safely|ok|okay|too|max|maximum|limit|recommend\w*|per|often|again|next|due|until|wait|mix|mixing|combine|alternate|alternating|together|instead|double|missed|miss|kg|kilos?|weighs?|old|age|need|needs|enough|more|right|correct|normal)\b/;

/**
 * The question only asks what the log records of medicines given ("when did she last have
 * Calpol?"): the guardrail lets it through to the answerer. Anything asking what to give, how
 * much, how often or when next is not one. Also used to keep such questions from the optional
 * model, whose answer would be replaced for naming a medicine (answer-guardrail.ts).
 */
export function medicineLogQuestion(question: string): boolean {
  const q = normaliseText(question);
  if (!mentionsMedicine(q) || MEDICATION.some((r) => r.test(q))) return false;
  return (
    (MEDICINE_LOG_SHAPE.test(q) || other.MEDICINE_LOG_WORDS.test(q)) &&
    !MEDICINE_ADVICE.test(q) && !DOSING_SHAPE.test(q) && !ADVICE_SHAPE.test(q) && !other.DOSING_WORDS.test(q) && !other.ADVICE_WORDS.test(q)
  );
}

/** A medicine by name, a dose word or a medicine product ("teething gel"), in any language. */
function mentionsMedicine(q: string): boolean {
  return mentionsDrug(q) || DOSE_WORDS.test(q) || MEDICINE_PRODUCTS.test(q) || other.MEDICINE_WORDS.test(q);
}

// --- Symptom red flags: always referred, whatever the question's shape.
const RED_FLAGS: RegExp[] = [
  /\bblood(y)?\b/,
  /\b(black|white|pale|red|grey|gray|chalky) (poo|poop|stool|stools|nappy|diaper)\b|\b(poo|poop|stools?) (is|was|are|were|looks|look|looked) (black|white|pale|red|grey|gray|chalky)\b|\bgreen (vomit|sick)\b|\bbile\b/,
  /\b(difficult|difficulty|trouble|struggling|hard|laboured|labored|fast|rapid|noisy|funny|strange|weird) ?(with )?(breathing|to breathe)\b|\bbreathing (fast|funny|strange|weird|noisily|hard|heavily|difficult)\b|\bwheez\w*|\bgrunting\b|\bbreathless\b/,
  /\bdehydrat\w*|\bsunken (fontanelle|fontanel|soft spot|eyes)\b|\b(no|not any|hasn'?t had a) wet (nappy|nappies|diaper|diapers) (for|in) \d+\b|\bdry (mouth|lips)\b/,
  /\bletharg\w*|\bfloppy\b|\blimp\b|\b(hard|difficult) to wake\b|\bunusually (sleepy|drowsy)\b|\bdrowsy\b/,
  /\bfeverish\b|\bhigh (temperature|temp|fever)\b|\bfebrile\b/,
  /\ballergic reaction\b|\b(hives|welts)\b/,
];

// --- Symptoms and illness words: referred unless the question only asks about the log.
const SYMPTOMS: RegExp[] = [
  /(\b(feels?|feeling|felt|is|seems?|was)|\b(she|he|baby|it)'s) (really |very |a bit |quite |so )?(hot|warm|clammy|burning)\b|\boff (her|his|their) (milk|food|feeds?|bottles?)\b|\bburning up\b|\bhot to (the )?touch\b/,
  /\b(fever|fevers|fiebre|fievre|fieber|febbre|febre|koorts|calentura)\b/,
  /\brash(es)?\b|\bspots\b|\beczema\b|\bhives\b/,
  /\b(vomit\w*|vómito|vomito|vomissement\w*|erbrechen|throw(ing|n)? up|threw up|puk\w*|projectile)\b/,
  /\b(is|was|been|being|keeps being|got|gets|feels?|feeling|felt|look|looks|seems?) (a bit |really |very )?(sick|poorly|unwell|ill)\b|\bsick (after|all over|up)\b|\bbringing (up|back) (milk|feeds?)\b/,
  /\b(diarrh\w*|diarrea|durchfall|runny (poo|poop|stools?)|watery (poo|poop|stools?)|loose (stools?|poo|poop)|constipat\w*|straining)\b/,
  /\b(cough\w*|a cold|her cold|his cold|cold symptoms|common cold|runny nose|blocked nose|stuffy nose|snotty|congest\w*|sneez\w*)\b/,
  /\b(infection|infections|virus|viral|flu|covid|croup|bronchiolitis|conjunctivitis|sticky eyes?|thrush|ear ?ache|earache|tugging (at )?(her|his) ears?)\b/,
  /\b(pain|painful|hurts|hurting|sore|ache|aching|in agony|swollen|swelling|lump|bruis\w*|inconsolabl\w*|screaming|won'?t stop crying|crying non ?stop)\b/,
  /\b(jaundice\w*|yellow (skin|eyes))\b/,
  /\b(not|won'?t|refus\w*|stopped) (feeding|eating|drinking|tak(e|es|ing) (the |her |his |a |any )?(bottle|bottles|feeds?|milk|breast))\b/,
];

// A temperature as a reading or an illness ("her temperature is 39", "she has a temperature").
const TEMPERATURE_SYMPTOM =
  /\b(temperature|temp) (of|is|was|at|reading|keeps|has been|went up|spiked|spike)\b|\b(has|had|got|running|run|with) (a )?(slight |high |low |bit of a )?(temperature|temp)\b|\b3[7-9]([.,]\d)? ?(°|degrees|deg|c\b)|\b(99|10[0-5])([.,]\d)? ?(°|degrees|deg|f\b)/;
// "What was her temperature at 7?", "what was his highest temperature yesterday?": the readings
// the log records (since 1.3.0), asked for without a figure to judge or a word of assessment.
const TEMPERATURE_LOG_SHAPE =
  /\b(what|when|which) (was|were|did)\b[^?]*\b(temperatures?|temps?|readings?)\b|\b(last|latest|highest|lowest|most recent|first|previous) (temperature|temp|reading)s?\b|\bhow many (temperature |temp )?readings\b|\b(temperatures?|readings?) (logged|recorded|taken)\b/;
const TEMPERATURE_ASSESSMENT =
  /\b(high|low|too|normal|ok|okay|fine|worr\w*|concern\w*|fevers?|feverish|hot|warm|serious|dangerous|safe|bad|good)\b|\b(3[4-9]|4[0-3])([.,]\d)?\b|\b(9[3-9]|10\d)([.,]\d)?\b/;

function temperatureLogQuestion(q: string): boolean {
  return TEMPERATURE_LOG_SHAPE.test(q) && !TEMPERATURE_ASSESSMENT.test(q) && !ADVICE_SHAPE.test(q) && !PRESENT_ILLNESS.test(q);
}

// Conditions someone might want diagnosed.
export const CONDITIONS =
  /\b(reflux|gerd|gord|colic|colicky|allerg(y|ies|ic)|intoleran\w*|cmpa|lactose|jaundice\w*|eczema|tongue ?tie|thrush|autis\w*|adhd|delay(ed)?|failure to thrive|underweight|overweight|teething|infection|ill|sick|unwell|poorly|dehydrated|constipated|asthma|croup|meningitis|sepsis|uti|ear infection|milk protein)\b/;
// "Does/did she have …" is also how log questions are phrased ("how many feeds did she
// have"), so it only counts as a diagnosis request outside a log-shaped question.
const WEAK_DIAGNOSIS_SHAPE = /\b(does|do|did|could|might|may) (she|he|they|baby|the baby|my baby|my son|my daughter|it) (have|has|be)\b/;
const DIAGNOSIS_SHAPE: RegExp[] = [
  /\b(is|are|was) (she|he|they|baby|the baby|my baby|it|this|that) (allergic|intolerant|ill|sick|unwell|poorly|teething|dehydrated|constipated|colicky|underweight|overweight|ok|okay|alright|fine|healthy|normal|a sign|sign|symptom|serious)\b/,
  /\b(could|can|might) (it|this|that) be\b|\b(sign|signs|symptom|symptoms) of\b/,
  /\bwhat('?s| is) wrong\b|\bdiagnos\w*|\bwhat (does|do) (she|he|it|this) have\b/,
  /\b(is|are) (this|that|it|these|those) (normal|ok|okay|fine|usual|expected|a problem|something to worry)\b|\bis it normal\b|\bnormal (for|that|to)\b/,
  /\b(worried|worrying|worry|concerned|concerning|concern|anxious|should i be)\b/,
];

// "Is her poo colour normal?", "what colour should baby poo be?", "frothy green poop": how a poo,
// wee or sick looks is for a health professional to judge; the log records none of it.
const OUTPUT = '(poo|poos|poop|poops|stools?|nappy|nappies|diaper|diapers|wee|pee|urine|vomit|sick|spit ?up)';
const LOOKS = '(colou?rs?|consistency|texture|smell|smells|smelly|frothy|foamy|mucus\\w*|slimy|seedy|green|greenish|yellow|orange|dark|pellets?|looks? like)';
const OUTPUT_LOOKS = new RegExp(`\\b${OUTPUT}\\b( \\w+){0,3}? ${LOOKS}\\b|\\b${LOOKS}\\b( \\w+){0,2}? ${OUTPUT}\\b`);

// "Is her weight ok?", "is his poo normal?": an assessment of the child, not a log figure.
const BODY_ASSESSMENT =
  /\b(is|are|was) (her|his|their|baby'?s?|the baby'?s|my baby'?s) (weight|length|height|growth|poo|poop|stools?|sleep|sleeping|feeding|breathing|temperature|temp|skin|head|colour|color|wee|urine) (ok|okay|normal|fine|healthy|right|good|bad|too \w+|low|high|enough|on track)\b/;

// Questions that only ask what the log says: counts, times, totals.
const LOG_SHAPE =
  /\b(how (many|much|long|often)|when (did|was|were|has|have)|what time|last time|total|average|count|number of|list|show me|since|how did|did (she|he|they|we|i|baby))\b/;
const LOG_NOUNS =
  /\b(feeds?|fed|feeding|bottles?|milk|ml|oz|drank|drink|sleep|slept|sleeping|naps?|napped|nappy|nappies|diapers?|poo|poos|poop|poops|pooped|wees?|wet|dirty|solids?|meals?|snacks?|ate|eaten|eat|food|foods|weight|weigh|length|vitamin|supplements?|iron|woke|wake|wakings|bedtime)\b/;
// Advice shape: asks what to do, not what happened.
const ADVICE_SHAPE =
  /\b(should|shall|what (do|can|should) (i|we)|how (do|can|should) (i|we)|how to|is it (ok|okay|safe|fine|bad)|can (i|we)|do i need|do we need|need to (see|call)|help (her|him|with)|treat\w*|cure|remed(y|ies)|why)\b/;
// A current illness stated in the present tense ("she has a fever", "he's being sick").
const PRESENT_ILLNESS =
  /\b(she|he|baby|they|it)('s| is| has| has got|'s got| keeps| seems| looks| feels)( got)?( a| been)?( bit)?( high| slight| bad| nasty)? (fever|temperature|temp|rash|nappy rash|diaper rash|cold|cough|diarrh\w*|vomit\w*|being sick|sick|poorly|unwell|ill|runny nose|spots|infection|virus)\b/;

/**
 * The guardrail a question falls under, with its text. `fever` (the ages of the children the
 * question may be about): a stated temperature at or above the urgent line for the age (under 3
 * months 38 °C, 3 to 6 months 39 °C: fever-question.ts, the live fever rule) puts the urgent
 * signpost first, ahead of the rule's own text; an emergency still comes first of all. A log
 * question let through ("how many feeds while she had 38.5 last week?") gets none here: the
 * caller puts the signpost in front of its answer (services/ask/ask.ts).
 */
export function checkGuardrails(question: string, region: Region, fever?: FeverContext): GuardrailHit | null {
  const hit = checkGuardrailText(question, region, fever);
  return hit && { rule: hit.rule, answer: ENGLISH.render(hit.text) };
}

/** checkGuardrails, its text for the reader's language. */
export function checkGuardrailText(question: string, region: Region, fever?: FeverContext): GuardrailText | null {
  const rule = classify(question);
  if (!rule) return null;
  const general = guardrailText(rule, region);
  if (rule !== 'emergency' && fever) {
    const urgent = feverSignpostText(question, region, fever);
    if (urgent) return { rule, text: t('guardrail.signposted', { signpost: urgent, answer: general }), signposted: true };
  }
  return { rule, text: general, signposted: false };
}

/** The rule a question falls under, or null for an ordinary log question. Exported for tests. */
export function classify(question: string): GuardrailRule | null {
  const q = normaliseText(question);
  if (EMERGENCY.some((r) => r.test(q)) || other.EMERGENCY_WORDS.test(q)) return 'emergency';
  const medicineLog = medicineLogQuestion(q);
  if (MEDICATION.some((r) => r.test(q)) || (mentionsMedicine(q) && !medicineLog)) return 'medication';
  if ((SUPPLEMENT_WORD.test(q) || other.SUPPLEMENT_WORDS.test(q)) && (DOSING_SHAPE.test(q) || other.DOSING_WORDS.test(q))) return 'medication';
  // "Was kann ich ihr gegen das Fieber geben?": what to give for a complaint, in another language.
  if (other.GIVE_WORDS.test(q) && other.COMPLAINT_WORDS.test(q)) return 'medication';
  if (RED_FLAGS.some((r) => r.test(q)) || other.RED_FLAG_WORDS.test(q)) return 'symptom';
  if (BODY_ASSESSMENT.test(q)) return 'diagnosis';

  // A question about medicines given is a log question too ("when did she last have Calpol for her cough?").
  const logShaped = ((LOG_SHAPE.test(q) || other.LOG_SHAPE_WORDS.test(q)) && (LOG_NOUNS.test(q) || other.LOG_NOUN_WORDS.test(q))) || medicineLog;
  if (OUTPUT_LOOKS.test(q) && !logShaped) return 'diagnosis';
  const advice = ADVICE_SHAPE.test(q) || other.ADVICE_WORDS.test(q);
  // A temperature stated as a bare number ("she's 6 weeks and 38.2") is a symptom too.
  const symptom =
    SYMPTOMS.some((r) => r.test(q)) || other.SYMPTOM_WORDS.test(q) ||
    ((TEMPERATURE_SYMPTOM.test(q) || statedReadings(q).length > 0) && !temperatureLogQuestion(q));
  const condition = CONDITIONS.test(q) || other.CONDITION_WORDS.test(q);
  const otherDiagnosis = other.DIAGNOSIS_WORDS.test(q);
  const diagnosisShaped = DIAGNOSIS_SHAPE.some((r) => r.test(q)) || otherDiagnosis || (!logShaped && WEAK_DIAGNOSIS_SHAPE.test(q));

  if (diagnosisShaped && (condition || symptom)) return 'diagnosis';
  // "Should I be worried…" / "is this normal?" with no log figure asked for.
  if (diagnosisShaped && !logShaped && (otherDiagnosis || /\b(worr\w*|concern\w*|normal|wrong|ok|okay|alright|fine|healthy|signs?|symptoms?)\b/.test(q))) {
    return 'diagnosis';
  }
  if (condition && !logShaped && !symptom) return 'diagnosis';
  if (symptom && (advice || !logShaped || PRESENT_ILLNESS.test(q))) return 'symptom';
  return null;
}

export function mentionsDrug(q: string): boolean {
  if (/\b(oral rehydration|gripe water|teething (gel|powder)s?)\b/.test(q)) return true;
  return drugWordsIn(q, true).length > 0;
}

/**
 * The medicine words of a normalised question, a misspelt name as the name it stands for
 * ("paracetemol" → "paracetamol"). The answerer uses them to say which medicine was asked about.
 */
export function drugWordsIn(q: string, firstOnly = false): string[] {
  const found: string[] = [];
  for (const w of q.split(/[^a-z0-9]+/)) {
    if (!w) continue;
    let hit: string | null = DRUG_WORDS.has(w) ? w : null;
    if (!hit && w.length >= 6) {
      for (const d of FUZZY_DRUGS) {
        if (Math.abs(d.length - w.length) > 2) continue;
        const limit = d.length >= 8 ? 2 : 1;
        if (levenshtein(w, d) <= limit) {
          hit = d;
          break;
        }
      }
    }
    if (hit && !found.includes(hit)) {
      found.push(hit);
      if (firstOnly) break;
    }
  }
  return found;
}
