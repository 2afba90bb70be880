// Taking access back: remove a caregiver or leave, change roles, change the password, see and
// end one's own sessions (docs/security.md).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Ctx } from '../../services/context.ts';
import { removeMember, setRole } from '../../services/access/members.ts';
import { changePassword, listSessions, revokeOtherSessions, revokeSession } from '../../services/access/account-security.ts';
import { issueResetLink, resetPassword } from '../../services/access/password-resets.ts';
import {
  MemberRemoveBody, MemberRemoved, MemberRoleBody, MemberRoleChanged, PasswordChangeBody, PasswordChanged,
  SessionList, SessionRevokeBody, SessionsEnded, MemberResetBody, ResetLinkCreated, PasswordResetBody, PasswordResetDone,
} from '../../schemas/access.ts';
import { ErrorBody, ErrorWithDetailBody, Ok, RateLimitErrorBody } from '../../schemas/common.ts';
import { actorOf } from '../auth.ts';

const tags = ['Access'];
const USERNAME_MATCH =
  'The username is matched exactly as stored, else by its folded form (full-width letters and other look-alikes compare equal); ' +
  '409 ambiguous_username when two stored names fold alike: give the name exactly as GET /api/vega/family lists it.';

export function accessRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/vega/member/remove', {
    config: { scope: 'write' },
    schema: {
      tags,
      summary: 'Remove a caregiver from the family (admin), or leave it yourself',
      description:
        'Every session and token of that person stops working at once. What they logged stays, with their username as author. ' +
        '409 last_admin: the last admin can neither be removed nor leave; 403 for a member removing someone else; 404 for an unknown username. ' +
        USERNAME_MATCH,
      body: MemberRemoveBody,
      response: { 200: MemberRemoved, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    },
    handler: async (req) => removeMember(ctx, actorOf(req), req.body.username),
  });

  r.post('/api/vega/member/role', {
    config: { auth: 'admin' },
    schema: {
      tags,
      summary: "Make a caregiver admin or member (admin); applies from that person's next request",
      description: `409 last_admin when it would leave the family without an admin. ${USERNAME_MATCH}`,
      body: MemberRoleBody,
      response: { 200: MemberRoleChanged, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    },
    handler: async (req) => setRole(ctx, actorOf(req), req.body.username, req.body.role),
  });

  r.post('/api/vega/member/reset', {
    config: { auth: 'admin' },
    schema: {
      tags,
      summary: 'Make a password reset link for a caregiver (admin): valid for 1 hour, once',
      description:
        'Account recovery without e-mail: hand the link to the person. A new link replaces their older unused ones. ' +
        `Only a hash of the code is stored, so the link is shown only in this answer. 404 for an unknown username. ${USERNAME_MATCH}`,
      body: MemberResetBody,
      response: { 200: ResetLinkCreated, 400: ErrorWithDetailBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    },
    handler: async (req) => issueResetLink(ctx, actorOf(req), req.body.username),
  });

  r.post('/api/vega/reset', {
    config: { auth: 'none', sameOriginOnly: true },
    schema: {
      tags,
      summary: 'Set a new password with a reset link; every session of that person ends (tokens stay)',
      description:
        'Does not sign in: sign in with the new password next. 410 reset_link_invalid for an unknown, used or expired code ' +
        '(one answer for all three); failed codes count against the sign-up throttle (429 after too many).',
      security: [],
      body: PasswordResetBody,
      response: { 200: PasswordResetDone, 400: ErrorWithDetailBody, 410: ErrorBody, 429: RateLimitErrorBody },
    },
    handler: async (req) => resetPassword(ctx, req.body.code, req.body.new_password, req.ip),
  });

  r.post('/api/vega/password', {
    schema: {
      tags,
      summary: 'Change your password; every other session of yours ends (your tokens stay)',
      description: 'A wrong current password is 400 wrong_password and counts against sign-in throttling (429 after too many).',
      body: PasswordChangeBody,
      response: { 200: PasswordChanged, 400: ErrorWithDetailBody, 429: RateLimitErrorBody },
    },
    handler: async (req) => changePassword(ctx, actorOf(req), req.body.current_password, req.body.new_password, req.ip),
  });

  r.get('/api/vega/sessions', {
    schema: { tags, summary: "Where you are signed in: your own sessions, the current one marked", response: { 200: SessionList } },
    handler: async (req) => listSessions(ctx, actorOf(req)),
  });

  r.post('/api/vega/sessions/revoke', {
    schema: { tags, summary: 'Sign out one of your sessions', body: SessionRevokeBody, response: { 200: Ok, 404: ErrorBody } },
    handler: async (req) => revokeSession(ctx, actorOf(req), req.body.id),
  });

  r.post('/api/vega/sessions/revoke-others', {
    schema: { tags, summary: 'Sign out every session of yours but this one', response: { 200: SessionsEnded } },
    handler: async (req) => revokeOtherSessions(ctx, actorOf(req)),
  });
}
