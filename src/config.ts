// Every environment variable the service reads, parsed and validated once (operations.md).
import { isIP } from 'node:net';
import { z } from 'zod';
import { MAX_HASH_COST, MIN_HASH_COST, PRODUCTION_HASH_COST } from './domain/password-hash-cost.ts';

/** The caches of derived state's memory budget when CACHE_MEMORY_MB is not set (services/insights/cache-budget.ts). */
export const DEFAULT_CACHE_MEMORY_MB = 64;

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().min(1).default('sqlite:./data/tracker.db'),
  TRACKER_PLAN_DEFAULT: z.enum(['free', 'paid']).default('free'),
  ASK_DAILY_LIMIT: z.coerce.number().int().min(0).default(30),
  ASK_MONTHLY_LIMIT: z.coerce.number().int().min(0).default(300),
  ASK_LLM_URL: z.url().optional(),
  ASK_LLM_MODEL: z.string().optional(),
  ASK_LLM_API_KEY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine((v) => v.trim() !== 'true', {
      message:
        "'true' would believe any X-Forwarded-For header, so any client could choose its own address and slip past the per-address limits. Give the number of proxies in front of the service (e.g. 1) or their addresses (e.g. 127.0.0.1,10.0.0.0/8)",
    })
    .refine((v) => parseTrustProxy(v) !== null, { message: 'must be false, a hop count (1, 2, …) or comma-separated proxy addresses or CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8)' }),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(600),
  SIGNUP_LIMIT_PER_HOUR: z.coerce.number().int().min(0).default(5),
  OUTBOUND_ALLOW_PRIVATE: z.enum(['0', '1', 'false', 'true']).default('0'),
  CACHE_MEMORY_MB: z.coerce
    .number({ message: 'must be a whole number of megabytes (e.g. 64); 0 turns the caches off' })
    .int({ message: 'must be a whole number of megabytes (e.g. 64); 0 turns the caches off' })
    .min(0, { message: 'must be 0 or more megabytes' })
    .max(65536, { message: 'must be at most 65536 megabytes' })
    .default(DEFAULT_CACHE_MEMORY_MB),
  MQTT_URL: z
    .string()
    .optional()
    .refine((v) => v === undefined || parseMqttUrl(v) !== null, { message: 'must be an MQTT broker URL such as mqtt://host:1883 or mqtts://user:password@host:8883 (mqtt, mqtts, ws or wss)' }),
  MQTT_USERNAME: z.string().optional(),
  MQTT_PASSWORD: z.string().optional(),
  MQTT_CA_FILE: z.string().optional(),
  MQTT_DISCOVERY_PREFIX: z
    .string()
    .default('homeassistant')
    .refine(isTopicPrefix, { message: 'must be a topic prefix without wildcards (+, #), empty levels or a leading or trailing slash (e.g. homeassistant)' }),
  MQTT_BASE_TOPIC: z
    .string()
    .default('baby-tracker')
    .refine(isTopicPrefix, { message: 'must be a topic prefix without wildcards (+, #), empty levels or a leading or trailing slash (e.g. baby-tracker)' }),
  PASSWORD_HASH_COST: z.coerce
    .number({ message: `must be a whole number, scrypt's log2 N (e.g. ${PRODUCTION_HASH_COST})` })
    .int({ message: `must be a whole number, scrypt's log2 N (e.g. ${PRODUCTION_HASH_COST})` })
    .min(MIN_HASH_COST, { message: `must be at least ${MIN_HASH_COST} (N=2^${MIN_HASH_COST}, 1 MiB); the production cost is ${PRODUCTION_HASH_COST} (N=2^${PRODUCTION_HASH_COST}, 128 MiB per hash)` })
    .max(MAX_HASH_COST, { message: `must be at most ${MAX_HASH_COST} (N=2^${MAX_HASH_COST}, 1 GiB per hash)` })
    .default(PRODUCTION_HASH_COST),
  MCP_ALLOWED_ORIGINS: z
    .string()
    .default('')
    .refine((v) => parseOrigins(v) !== null, { message: 'must be comma-separated origins such as https://app.example.com (scheme, host, optional port; no path)' }),
});

export interface Config {
  port: number;
  host: string;
  /** The spec's {base_url}, without a trailing slash. */
  publicUrl: string;
  /** True when publicUrl was set explicitly (else it follows the port actually bound). */
  publicUrlFixed: boolean;
  databaseUrl: string;
  planDefault: 'free' | 'paid';
  askDailyLimit: number;
  askMonthlyLimit: number;
  llm: { url: string; model: string; apiKey?: string } | null;
  logLevel: string;
  /** fastify's trustProxy: false, a hop count, or the trusted proxies' addresses (never `true`) */
  trustProxy: false | number | string[];
  /** requests per minute per credential on /api and /mcp (0 = no limit) */
  rateLimitPerMinute: number;
  /** sign-ups per hour per client address (0 = no limit) */
  signupLimitPerHour: number;
  /** browser origins besides the service's own that may call /mcp (CORS) */
  mcpAllowedOrigins: string[];
  /** webhooks and push may reach private, loopback and link-local addresses (and http to them) */
  outboundAllowPrivate: boolean;
  /** The Home Assistant bridge (issue 29): off while url is null. */
  mqtt: MqttConfig;
  /** bytes the caches of derived state may hold (services/insights/cache-budget.ts) */
  cacheMemoryBytes: number;
  /** scrypt's log2 N for new password hashes (17 = 128 MiB, OWASP's minimum at r=8, p=1) */
  passwordHashCost: number;
}

export interface MqttConfig {
  /** the broker (mqtt://, mqtts://, ws://, wss://) without its credentials; null: the bridge is off */
  url: string | null;
  username: string | null;
  password: string | null;
  /** a PEM file of the CA that signed the broker's certificate (mqtts), or null for the system's */
  caFile: string | null;
  /** where Home Assistant reads discovery configs (its MQTT integration's discovery prefix) */
  discoveryPrefix: string;
  /** the service's own topics: availability, state, commands */
  baseTopic: string;
}

/** A broker URL → its parts (credentials apart), or null when it is not one. */
export function parseMqttUrl(v: string): { url: string; username: string | null; password: string | null } | null {
  let u: URL;
  try {
    u = new URL(v.trim());
  } catch {
    return null;
  }
  if (!['mqtt:', 'mqtts:', 'ws:', 'wss:', 'tcp:', 'ssl:'].includes(u.protocol) || u.hostname === '') return null;
  const username = u.username ? decodeURIComponent(u.username) : null;
  const password = u.password ? decodeURIComponent(u.password) : null;
  u.username = '';
  u.password = '';
  return { url: u.toString().replace(/\/$/, ''), username, password };
}

/** A topic prefix: levels of characters other than the wildcards, none of them empty. */
function isTopicPrefix(v: string): boolean {
  return v.length > 0 && v.length <= 100 && !/[+#\u0000]/.test(v) && v.split('/').every((level) => level.length > 0);
}

/** "https://a.example, http://localhost:6274" → the origins, or null when one is not an origin. */
function parseOrigins(v: string): string[] | null {
  const items = v.split(',').map((x) => x.trim()).filter(Boolean);
  for (const item of items) {
    try {
      if (new URL(item).origin !== item) return null;
    } catch {
      return null;
    }
  }
  return items;
}

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY's list */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address or CIDR range (10.0.0.0/8, fd00::/8) or one of proxy-addr's range names. */
function isAddressOrRange(item: string): boolean {
  if (RANGE_NAMES.has(item)) return true;
  const [addr, bits, extra] = item.split('/');
  const family = isIP(addr);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * 'false' (no proxy), a hop count ('1': believe the last hop of X-Forwarded-For), or a list of
 * trusted proxy addresses; null when it is none of these. 'true' is refused by the schema.
 */
export function parseTrustProxy(v: string): false | number | string[] | null {
  const t = v.trim();
  if (t === 'false' || t === '' || t === '0') return false;
  if (/^\d+$/.test(t)) return Number(t) <= 10 ? Number(t) : null;
  const items = t.split(',').map((x) => x.trim()).filter(Boolean);
  return items.length > 0 && items.every(isAddressOrRange) ? items : null;
}

export class ConfigError extends Error {}

/** Reads the environment (or an override map, for the CLI and tests) into a Config. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const r = schema.safeParse(cleaned);
  if (!r.success) {
    const lines = r.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = r.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    publicUrlFixed: e.PUBLIC_URL !== undefined,
    databaseUrl: e.DATABASE_URL,
    planDefault: e.TRACKER_PLAN_DEFAULT,
    askDailyLimit: e.ASK_DAILY_LIMIT,
    askMonthlyLimit: e.ASK_MONTHLY_LIMIT,
    llm: e.ASK_LLM_URL ? { url: e.ASK_LLM_URL, model: e.ASK_LLM_MODEL ?? 'gpt-4o-mini', apiKey: e.ASK_LLM_API_KEY } : null,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY) ?? false,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    signupLimitPerHour: e.SIGNUP_LIMIT_PER_HOUR,
    mcpAllowedOrigins: parseOrigins(e.MCP_ALLOWED_ORIGINS) ?? [],
    outboundAllowPrivate: e.OUTBOUND_ALLOW_PRIVATE === '1' || e.OUTBOUND_ALLOW_PRIVATE === 'true',
    mqtt: mqttConfig(e),
    cacheMemoryBytes: e.CACHE_MEMORY_MB * 1024 * 1024,
    passwordHashCost: e.PASSWORD_HASH_COST,
  };
}

function mqttConfig(e: z.infer<typeof schema>): MqttConfig {
  const parsed = e.MQTT_URL === undefined ? null : parseMqttUrl(e.MQTT_URL);
  return {
    url: parsed?.url ?? null,
    // MQTT_USERNAME and MQTT_PASSWORD win over credentials written into the URL.
    username: e.MQTT_USERNAME ?? parsed?.username ?? null,
    password: e.MQTT_PASSWORD ?? parsed?.password ?? null,
    caFile: e.MQTT_CA_FILE ?? null,
    discoveryPrefix: e.MQTT_DISCOVERY_PREFIX,
    baseTopic: e.MQTT_BASE_TOPIC,
  };
}
