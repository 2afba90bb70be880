// Which child a tool call is about (issue 25). Tools that read or write one child's data declare
// `perChild` and take an optional `child` argument: an id, or a name in any case. It is resolved
// here, once per call, into the Env the tool runs with, so no tool resolves it itself and the
// stamp ("Ben · read at …") names the child the answer is about.
import type { Textual } from '../i18n/localise.ts';
import { namesChildren } from '../domain/children.ts';
import { z } from 'zod';
import { resolveChild } from '../services/family/children.ts';
import { presentChild } from '../services/family/child-rows.ts';
import { Child } from '../schemas/children.ts';
import type { Env } from './registry-types.ts';

// A name is at most 80 characters (an id 12): the longer bound admits both.
export const ChildArg = z
  .string()
  .trim()
  .min(1)
  .max(80)
  .describe(
    "which child: their name (any case) or their id (get_profile lists the children when the family has several); defaults to the family's primary child",
  );

/**
 * The Env of a call that names a child: that child, and an actor that names it by id so the
 * services' own resolution (childScopeOf) finds the same child and refuses to log for an
 * archived one. An unknown name, or one that could mean two children, is 404 child_not_found
 * listing the children. The request's Env is left as it is: a batch's other calls share it.
 */
export function envForChild(env: Env, ref: string): Env {
  const child = resolveChild(env.children, env.family, { ref, byName: true });
  return { ...env, actor: { ...env.actor, child: { ref: child.id, byName: false } }, child };
}

/** The child a tool reports an answer to be about (an event found by id), else the call's. */
export function childAbout(env: Env, childId: string | undefined) {
  return (childId !== undefined && env.children.find((c) => c.id === childId)) || env.child;
}

export const ChildrenField = z
  .array(Child)
  .optional()
  .describe("the family's children, as GET /api/vega/children lists them; present only when the family has more than one child");

/**
 * The family's children for a profile answer, only when there are several: a family with one
 * child sees the answer it always had (the REST API's rule for child fields).
 */
export function childrenListing(env: Env): { children?: Textual<z.input<typeof Child>>[] } {
  if (!namesChildren(env.children)) return {};
  return { children: env.children.map((c) => presentChild(c, env.family, env.now)) };
}
