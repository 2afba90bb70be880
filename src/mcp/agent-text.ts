// The fixed prose of the agent documents (llms.txt, agent-instructions.md, the server's MCP
// instructions). Lists of tools, resources and prompts are never written here: catalog.ts
// generates them from the registry.

export const SERVICE_NAME = 'Baby Tracker';

export const WHAT_IT_IS =
  'A shared family log for a baby: milk feeds, sleep, nappies, solid foods, supplements, growth (weight, length, head circumference), ' +
  'temperatures, medicines given, pumping, activities such as tummy time and baths, milestones and notes, ' +
  'shared between parents and invited caregivers. From the log it derives a live status (asleep or awake, next feed), ' +
  '14-day patterns, nutrients and allergens from solids, and growth percentiles.';

export const NON_CLINICAL =
  'The service is not a medical device. It does not diagnose, assess symptoms or advise on medication. ' +
  'A medicine logged is a record of what a caregiver gave: never suggest a dose, an amount or when to give the next one; ' +
  'the only numbers about doses it repeats are the family\'s own settings from the packet or prescription. ' +
  'Answers and summaries keep to what the log shows; for anything worrying, point the family to a health professional ' +
  '(in an emergency: 999 in the UK, 911 in the US).';

export const UNITS_AND_TIME = [
  'Volumes are millilitres (ml), weights kilograms (kg), lengths centimetres (cm), doses micrograms (ug) — also for families whose display units are imperial: convert ounces, pounds and inches before logging.',
  'Timestamps are family-local wall-clock time, YYYY-MM-DDTHH:MM:SS, without offset (e.g. 2026-11-22T03:10:00), in the family\'s time zone (see get_profile). Leave ts out to mean "now". Future times are refused.',
  'Ranges: milk 0 to 500 ml (0 = a breastfeed), weight 0.5 to 30 kg, length 40 to 120 cm, notes at most 300 characters; pumping 0 to 1000 ml, head circumference 25 to 60 cm, temperatures 34.0 to 43.0 °C with one decimal (or 93.2 to 109.4 °F, sent as fahrenheit instead of celsius).',
];

export const AUTH_STEPS = [
  'Every call needs a bearer token: `Authorization: Bearer <token>`. Tokens are per family; a token never reaches another family\'s data.',
  'Create one in the app under Settings → API tokens, or with `POST /api/vega/token` from a signed-in session. The token is shown once; store it safely.',
  'A token has scope `read` or `read` + `write`. Logging, correcting and deleting need `write`; a read-only token gets a tool error naming the missing scope, and nothing is written.',
  'Admin tasks (deleting the family, export, invites, tokens) are not available to assistants.',
];

export const WRITE_RULES = [
  'Each write tool answers with a plain-language confirmation, e.g. "Logged 120 ml bottle for Ada at 03:10." Repeat it to the user.',
  'Pass `idempotency_key` (e.g. a fresh UUID per intended action) on write tools: a retry with the same key within 24 hours returns the first result and writes nothing.',
  'Every answer names the child and the family-local time it was read at, e.g. "Ada · read at 2026-11-22 14:05".',
  'Limit: 120 MCP requests per minute per token; over it the HTTP status is 429 with Retry-After.',
];

// Which tools take `child` is generated (each tool's arguments); this says what it means.
export const CHILDREN = [
  'A family may have several children. Every tool about one child\'s log takes an optional `child`: the child\'s name (any case) or id. Without it, the tool is about the family\'s primary child.',
  'get_profile lists the children (names, ids, which one is primary) when there are several. Every answer names the child it is about; a name or id that is not one of the family\'s children is a tool error listing them.',
  'Events are found by their id whichever child they belong to, so editing, deleting and reacting take no `child`, and undo_last removes the family\'s last log whoever it was for.',
];

export const SERVER_INSTRUCTIONS = [
  WHAT_IT_IS,
  'Use get_live_status for "now" questions, get_day for a day\'s events and their ids, log_* tools to record, edit_event/delete_event/undo_last to correct.',
  ...UNITS_AND_TIME,
  ...WRITE_RULES.slice(0, 2),
  CHILDREN[0],
  NON_CLINICAL,
].join('\n');
