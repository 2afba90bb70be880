// The one list of what the MCP connector offers. The server (server.ts), the connector
// manifest and llms.txt (catalog.ts) are all generated from it.
import { z } from 'zod';
import type { ToolDef } from './registry-types.ts';
import { logTools } from './tools-log.ts';
import { eventTools } from './tools-events.ts';
import { readTools } from './tools-read.ts';
import { moreTools } from './tools-more.ts';
import { resources } from './resources.ts';
import { prompts } from './prompts.ts';
import { ChildArg } from './children.ts';

export const TOOLS: readonly ToolDef[] = [...logTools, ...eventTools, ...readTools, ...moreTools];
export const RESOURCES = resources;
export const PROMPTS = prompts;

// The character rules are the service's (checkIdempotencyKey); this only documents them.
const IdempotencyKey = z
  .string()
  .min(1)
  .max(200)
  .describe('optional; any unique string per intended action (e.g. a UUID): a retry with the same key within 24 hours returns the first result and changes nothing');

/**
 * The arguments a tool takes on the wire: its own, plus `child` for tools about one child and
 * idempotency_key for writes. Strict: an unknown key is refused (additionalProperties: false),
 * never silently ignored, so a misspelt argument cannot pass for a default, and `child` given
 * to a tool about the whole family is refused rather than answered for the primary child.
 */
export function inputSchemaOf(t: ToolDef): z.ZodObject {
  const withChild = t.perChild ? t.input.extend({ child: ChildArg.optional() }) : t.input;
  return (t.keyed ? withChild.extend({ idempotency_key: IdempotencyKey.optional() }) : withChild).strict();
}

/** What structuredContent holds: who and when, the plain-language line, then the data. */
export function outputSchemaOf(t: ToolDef): z.ZodObject {
  return t.output.extend({
    child: z.string().describe("the child's name"),
    read_at: z.string().describe('family-local YYYY-MM-DDTHH:MM:SS this answer was read at'),
    summary: z.string().describe('the plain-language confirmation or digest'),
  });
}

export function annotationsOf(t: ToolDef) {
  return {
    title: t.title,
    readOnlyHint: t.kind === 'read',
    destructiveHint: t.kind === 'destructive',
    idempotentHint: t.idempotent,
    // Only the family's own log is touched; nothing outside the service.
    openWorldHint: false,
  };
}
