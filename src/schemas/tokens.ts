import { z } from 'zod';
import { ScopeName } from './common.ts';

export const TokenCreateBody = z
  .strictObject({
    label: z.string().trim().min(1).max(80).nullish().describe('defaults to your username; the same label replaces the old token'),
    scopes: z.array(ScopeName).min(1).nullish().describe('defaults to ["read","write"]'),
    expires_in_days: z.number().int().min(1).max(365).nullish().describe('additional: the token stops working after this many days (1 to 365); default never'),
  })
  .meta({ id: 'TokenCreateRequest' });
export type TokenCreateInput = z.infer<typeof TokenCreateBody>;

export const TokenCreated = z
  .object({
    token: z.string().describe('the secret, shown only this once'),
    tracker_url: z.string(),
    mcp_url: z.string(),
    label: z.string(),
    scopes: z.array(z.string()),
  })
  .meta({ id: 'TokenCreated' });

export const TokenInfo = z
  .object({
    id: z.string(),
    label: z.string(),
    username: z.string(),
    scopes: z.array(z.string()),
    created_at: z.string().nullable(),
    last_used_at: z.string().nullable().describe('additional: family-local time of its last use (to the minute); null if never used'),
    expires_at: z.string().nullable().describe('additional: family-local time it stops working; null = never'),
  })
  .meta({ id: 'TokenInfo' });

export const TokenList = z.object({ tokens: z.array(TokenInfo) });
