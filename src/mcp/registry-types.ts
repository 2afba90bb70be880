// The shape of one MCP tool, resource and prompt. Each is declared once here-typed and listed in
// registry.ts; the MCP server, the connector manifest and llms.txt are all generated from that
// one list, so they cannot drift apart.
import type { Textual } from '../i18n/localise.ts';
import type { z } from 'zod';
import type { Ctx } from '../services/context.ts';
import type { Actor, Scope } from '../services/actor.ts';
import type { FamilyRow } from '../services/family/family-row.ts';
import type { ChildRow } from '../db/family-scope.ts';

/** What a tool, resource or prompt gets besides its arguments: one "now" per request. */
export interface Env {
  ctx: Ctx;
  actor: Actor;
  family: FamilyRow;
  /** every child of the family, oldest first */
  children: readonly ChildRow[];
  /** the child the answer is about: the primary child, or the one a tool's `child` argument names (children.ts) */
  child: ChildRow;
  /** epoch ms the request is answered at */
  now: number;
  /** family-local YYYY-MM-DD of `now` */
  today: string;
  /** the request's logger, for failures that are bugs rather than bad input */
  log: { error(obj: object, msg: string): void };
}

export interface Outcome<T> {
  /** one plain-language line: a confirmation for writes, a digest for reads */
  summary: string;
  data: T;
  /**
   * The id of the child the answer turned out to be about, when the tool found it rather than
   * was told it (an event edited, deleted or undone by id belongs to whichever child it does):
   * the stamp names that child instead of the call's.
   */
  aboutChild?: string;
  /** The names of the children an answer is about, when it is about several (a question). */
  aboutChildren?: string[];
}

export type ToolKind = 'read' | 'write' | 'destructive';

export interface ToolDef<I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  /** says what the tool does and when an assistant should pick it */
  description: string;
  scope: Scope;
  /** read: changes nothing; write: adds or changes; destructive: removes */
  kind: ToolKind;
  /** the same call twice has no further effect */
  idempotent: boolean;
  /**
   * How a retry with the same idempotency_key is made safe: 'service' when the service takes
   * the key itself (logging), 'stored' when the tool's result is stored under mcp:<name>,
   * absent for read tools (which take no key).
   */
  keyed?: 'service' | 'stored';
  /**
   * The tool reads or writes one child's data: it takes the optional `child` argument (an id or
   * a name), resolved into env.child before run. Tools about the whole family, or about an
   * event named by its id, do not.
   */
  perChild?: true;
  input: I;
  output: O;
  run(env: Env, args: z.infer<I>, idempotencyKey: string | undefined): Promise<Outcome<Textual<z.input<O>>>>;
}

/** Erases a tool's own argument types so tools of different shapes share one list. */
export function tool<I extends z.ZodObject, O extends z.ZodObject>(def: ToolDef<I, O>): ToolDef {
  return def as unknown as ToolDef;
}

export interface ResourceDef {
  name: string;
  uri: string;
  title: string;
  description: string;
  read(env: Env): Promise<Outcome<Record<string, unknown>>>;
}

export interface PromptArg {
  name: string;
  description: string;
  required: boolean;
}

export interface PromptDef {
  name: string;
  title: string;
  description: string;
  /** prompt arguments are strings on the wire; each is checked by its schema */
  args: Record<string, z.ZodType<string> | z.ZodOptional<z.ZodType<string>>>;
  build(env: Env, args: Record<string, string | undefined>): Promise<{ description: string; text: string }>;
}
