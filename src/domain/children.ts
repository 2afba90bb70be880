// Children of a family (issue 25): pure rules about names and which child a request means.

/** A family holds at most this many children, archived ones included. */
export const MAX_CHILDREN = 10;

/** The key a child's name is unique by within its family: case and look-alike forms folded. */
export function childNameKey(name: string): string {
  return name.normalize('NFKC').trim().toLowerCase();
}

/**
 * Whether answers name the child they are about: only in a family of several children, so a
 * family of one sees exactly the answers it always did (issue 25: additive for one-child clients).
 */
export function namesChildren(children: readonly unknown[]): boolean {
  return children.length > 1;
}

export interface ChildLike {
  id: string;
  name: string;
}

export type ChildPick<C> = { child: C } | { ambiguous: C[] } | null;

/**
 * The child a caller named: by id, or (where names are accepted, as in the MCP connector) by
 * its name ignoring case. Names are unique within a family, so a name picks at most one child;
 * `ambiguous` is kept for a name that is also another child's id.
 */
export function pickChild<C extends ChildLike>(children: readonly C[], ref: string, byName: boolean): ChildPick<C> {
  const byId = children.find((c) => c.id === ref);
  if (!byName) return byId ? { child: byId } : null;
  const key = childNameKey(ref);
  const named = children.filter((c) => childNameKey(c.name) === key && c !== byId);
  if (byId && named.length) return { ambiguous: [byId, ...named] };
  if (byId) return { child: byId };
  if (named.length === 1) return { child: named[0]! };
  return named.length ? { ambiguous: named } : null;
}
