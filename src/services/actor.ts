// Who is calling: resolved once from the credential, then handed to every service call.
import type { FamilyRow } from './family/family-row.ts';
import { forbidden } from '../errors.ts';
import type { HourCycle, Language } from '../i18n/languages.ts';
import { t } from '../i18n/text.ts';

export type Scope = 'read' | 'write';

export interface Actor {
  familyId: string;
  userId: string;
  username: string;
  role: 'admin' | 'member';
  /** The caregiver's saved language (issue 39); null or absent: their request's Accept-Language. */
  language?: Language | null;
  /** Their saved clock; null or absent: the language's usual. */
  hourCycle?: HourCycle | null;
  /** The family's region: English is British or American by it. */
  region?: string;
  scopes: ReadonlySet<Scope>;
  via: 'session' | 'token';
  /** the token's id when via = token */
  tokenId: string | null;
  /** the session's hash when via = session (to end it on logout) */
  sessionHash: string | null;
  /**
   * The family's row as read with the credential, for a request that changes nothing (GET):
   * loadFamily uses it instead of reading the row again. Dropped (undefined) for every other
   * request, which must read the row afresh after its writes.
   */
  family?: Readonly<FamilyRow>;
  /**
   * The child this request addresses, as the caller named it: REST gives an id (?child= or
   * `child` in the body, moved here by the HTTP layer), the connector an id or a name. Unset:
   * the family's primary child. Resolved by childScopeOf (services/family/children.ts).
   */
  child?: ChildRef;
}

export interface ChildRef {
  ref: string;
  /** names are accepted as well as ids (the connector) */
  byName: boolean;
}

export function requireAdmin(actor: Actor): void {
  if (actor.role !== 'admin') throw forbidden();
}

export function requireScope(actor: Actor, scope: Scope): void {
  if (!actor.scopes.has(scope)) {
    throw forbidden(t('error.scope_missing', { scope }), 'insufficient_scope');
  }
}
