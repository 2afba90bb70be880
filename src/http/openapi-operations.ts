// The names the OpenAPI document gives operations and tags. operationIds are part of the
// contract (client generators turn them into method names), so they are fixed here, keyed by
// METHOD and path, never derived from anything that may be renamed. A route missing from the
// table still gets a deterministic camelCase name from its method and path (operationIdFor).

export const OPERATION_IDS: Record<string, string> = {
  'GET /api/health': 'getHealth',
  'GET /api': 'getApiIndex',
  'GET /api/me': 'getMe',
  'POST /api/analytics': 'recordAnalyticsEvent',
  'GET /.well-known/tracker-connector.json': 'getConnectorManifest',
  'GET /llms.txt': 'getLlmsTxt',
  'GET /.well-known/agent-instructions.md': 'getAgentInstructions',
  'GET /developers': 'getDeveloperPortal',

  'POST /login': 'signIn',
  'POST /logout': 'signOut',
  'POST /api/vega/join': 'joinFamily',
  'POST /api/vega/onboard': 'signUp',
  'GET /api/vega/growth-summary': 'getGrowthSummary',
  'GET /api/vega/export': 'exportFamily',
  'GET /api/vega/family': 'getFamily',
  'DELETE /api/vega/family': 'deleteFamily',
  'POST /api/vega/invite': 'createInvite',
  'POST /api/vega/invite/revoke': 'revokeInvite',

  'POST /api/vega/member/remove': 'removeMember',
  'POST /api/vega/member/role': 'setMemberRole',
  'POST /api/vega/member/reset': 'memberReset',
  'POST /api/vega/reset': 'resetPassword',
  'POST /api/vega/password': 'changePassword',
  'GET /api/vega/sessions': 'listSessions',
  'POST /api/vega/sessions/revoke': 'revokeSession',
  'POST /api/vega/sessions/revoke-others': 'revokeOtherSessions',

  'POST /api/vega/token': 'createToken',
  'GET /api/vega/tokens': 'listTokens',
  'POST /api/vega/token/revoke': 'revokeToken',

  'GET /api/vega/profile': 'getProfile',
  'POST /api/vega/profile': 'updateProfile',
  'GET /api/vega/children': 'listChildren',
  'POST /api/vega/children': 'addChild',
  'POST /api/vega/children/edit': 'editChild',
  'POST /api/vega/children/archive': 'archiveChild',
  'POST /api/vega/children/primary': 'setPrimaryChild',
  'POST /api/vega/children/delete': 'deleteChild',
  'GET /api/vega/medicines': 'listMedicines',
  'POST /api/vega/medicines': 'saveMedicine',
  'POST /api/vega/medicines/delete': 'deleteMedicine',
  'GET /api/vega/reminders': 'getReminderSettings',
  'POST /api/vega/reminders': 'updateReminderSettings',
  'GET /api/vega/preferences': 'getPreferences',
  'POST /api/vega/preferences': 'updatePreferences',
  'GET /api/vega/push/key': 'getPushKey',
  'POST /api/vega/push/subscribe': 'subscribePush',
  'GET /api/vega/push/subscriptions': 'listPushSubscriptions',
  'POST /api/vega/push/unsubscribe': 'unsubscribePush',
  'POST /api/vega/push/test': 'sendTestPush',

  'POST /api/vega/log': 'logEvent',
  'GET /api/vega/food/suggestions': 'getFoodSuggestions',
  'POST /api/vega/event/edit': 'editEvent',
  'POST /api/vega/event/delete': 'deleteEvent',
  'POST /api/vega/event/react': 'reactToEvent',
  'POST /api/vega/recipes': 'saveRecipe',
  'POST /api/vega/undo': 'undoLastEvent',
  'GET /api/vega/today': 'getToday',
  'GET /api/vega/events': 'listEventsOfDay',

  'POST /api/vega/feed/start': 'startFeed',
  'POST /api/vega/feed/switch': 'switchFeedSide',
  'POST /api/vega/feed/stop': 'stopFeed',
  'POST /api/vega/feed/cancel': 'cancelFeed',

  'GET /api/vega/live': 'getLiveStatus',
  'GET /api/vega/stats': 'getStats',
  'GET /api/vega/patterns': 'getPatterns',
  'GET /api/vega/measurements': 'listMeasurements',

  'POST /api/vega/import': 'importHistory',
  'GET /api/vega/export.csv': 'exportEventsCsv',
  'GET /api/vega/report': 'getReport',

  'POST /api/ask': 'askQuestion',
  'GET /api/ask/notes': 'listNotes',
  'POST /api/ask/notes/delete': 'deleteNote',

  'GET /api/vega/webhooks': 'listWebhooks',
  'POST /api/vega/webhooks': 'createWebhook',
  'POST /api/vega/webhooks/test': 'testWebhook',
  'POST /api/vega/webhooks/rotate': 'rotateWebhookSecret',
  'POST /api/vega/webhooks/enable': 'enableWebhook',
  'POST /api/vega/webhooks/delete': 'deleteWebhook',

  'GET /api/vega/home-assistant': 'getHomeAssistant',
  'POST /api/vega/home-assistant': 'setHomeAssistant',
};

const VERB: Record<string, string> = { GET: 'get', POST: 'post', PUT: 'put', PATCH: 'patch', DELETE: 'delete' };

/** The table's name, else method + path words in camelCase: POST /api/vega/feed/start → postFeedStart. */
export function operationIdFor(method: string, path: string): string {
  const fixed = OPERATION_IDS[`${method} ${path}`];
  if (fixed) return fixed;
  const words = path
    .split('/')
    .filter((p) => p !== '' && p !== 'api' && p !== 'vega')
    .flatMap((p) => p.replace(/^:/, 'by-').split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return [VERB[method] ?? method.toLowerCase(), ...words.map((w) => w[0].toUpperCase() + w.slice(1).toLowerCase())].join('');
}

/** One tag per resource, in the order Redoc and Swagger UI list them. */
export const TAGS: { name: string; description: string }[] = [
  { name: 'Discovery', description: 'Health, the API index, who the credential belongs to, and the documents for developers and agents.' },
  { name: 'Account', description: 'Signing up, signing in and out, joining by invite, the family, its export and deletion.' },
  { name: 'Access', description: 'Taking access back: removing caregivers and leaving, roles, the password, where you are signed in.' },
  { name: 'Tokens', description: 'API tokens for scripts and the MCP connector (read or write scope).' },
  { name: 'Profile', description: 'The child profile and the family settings.' },
  { name: 'Medicines', description: 'The medicines the family gives, each with the family’s own settings from the packet or prescription (minimum hours between doses, most doses in 24 hours). The service never supplies them and never suggests an amount.' },
  { name: 'Children', description: 'The family’s children: several in one family (siblings, twins), each with a log of their own; the primary child is the one a request that names none is about.' },
  { name: 'Tracker', description: 'Logging events and correcting or reading the family log.' },
  { name: 'Feed timer', description: 'Each child’s breastfeed timer, shared by the family: start, switch sides, stop (logs one milk event) or cancel.' },
  { name: 'Insights', description: 'Live status, patterns and growth measurements derived from the log.' },
  { name: 'Import and export', description: 'Bringing a history in from another tracker, the CSV export and the printable report.' },
  { name: 'Question answering', description: "Questions about the family's own log, and remembered notes (paid plan)." },
  { name: 'Webhooks', description: 'Signed messages (Standard Webhooks) to receivers an admin chooses when the log changes: events created, edited or deleted, the feed timer started or stopped, reminders fired. Sent from an outbox after the commit, at least once and in order per webhook.' },
  { name: 'Reminders', description: 'Each caregiver’s own reminders (feed due, a feed timer left running, a long sleep, nothing logged, vitamin D, a medicine’s own “not before”), sent to their push devices and the family’s webhooks, with quiet hours.' },
  { name: 'Push notifications', description: 'Web Push to each caregiver’s own browsers (reminders and a test): the service’s VAPID key, subscribing and unsubscribing a browser. A notification carries the child’s first name and one line, nothing else.' },
  { name: 'Home Assistant', description: 'The family’s children as Home Assistant devices over MQTT discovery (sensors for the live status, buttons that log), when the server has an MQTT broker: on or off, and the topics used. States are published from the outbox after the commit.' },
  { name: 'Analytics', description: 'Anonymous product analytics (allowlisted event names only).' },
];

/** A tag for a route that declares none: the first path word after /api (and /vega). */
export function fallbackTag(path: string): string {
  const word = path.split('/').filter((p) => p !== '' && p !== 'api' && p !== 'vega')[0] ?? 'Discovery';
  return word[0].toUpperCase() + word.slice(1);
}
