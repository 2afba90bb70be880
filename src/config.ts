// Every environment variable the service reads, parsed and validated once (operations.md).
import { z } from 'zod';

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
  TRUST_PROXY: z.string().default('false'),
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
  /** fastify's trustProxy: whose X-Forwarded-For to believe for the client address */
  trustProxy: boolean | string;
  /** browser origins besides the service's own that may call /mcp (CORS) */
  mcpAllowedOrigins: string[];
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

/** 'true' (any proxy), 'false' (none), or a comma-separated list of proxy addresses/CIDRs. */
function parseTrustProxy(v: string): boolean | string {
  if (v === 'true') return true;
  if (v === 'false' || v === '') return false;
  return v;
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
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    mcpAllowedOrigins: parseOrigins(e.MCP_ALLOWED_ORIGINS) ?? [],
  };
}
