// Taking access back: remove a caregiver or leave, change roles, change the password, see and
// end one's own sessions (docs/security.md).
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../services/context.ts';
import { removeMember, setRole } from '../../services/access/members.ts';
import { changePassword, listSessions, revokeOtherSessions, revokeSession } from '../../services/access/account-security.ts';
import { issueResetLink, resetPassword } from '../../services/access/password-resets.ts';
import {
  MemberRemoveBody, MemberRemoved, MemberRoleBody, MemberRoleChanged, PasswordChangeBody, PasswordChanged,
  SessionList, SessionsEnded, MemberResetBody, ResetLinkCreated, PasswordResetBody, PasswordResetDone,
} from '../../schemas/access.ts';
import { ItemIdBody, Ok } from '../../schemas/common.ts';
import { resource } from '../route.ts';

const USERNAME_MATCH =
  'The username is matched exactly as stored, else by its folded form (full-width letters and other look-alikes compare equal); ' +
  '409 ambiguous_username when two stored names fold alike: give the name exactly as GET /api/vega/family lists it.';

export function accessRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = resource(app, ['Access']);

  r.post('/api/vega/member/remove', {
    summary: 'Remove a caregiver from the family (admin), or leave it yourself',
    description:
      'Every session and token of that person stops working at once. What they logged stays, with their username as author. ' +
      '409 last_admin: the last admin can neither be removed nor leave; 403 for a member removing someone else; 404 for an unknown username. ' +
      USERNAME_MATCH,
    body: MemberRemoveBody,
    response: MemberRemoved,
    errors: [404, 409],
    run: (actor, { body }) => removeMember(ctx, actor, body.username),
  });

  r.post('/api/vega/member/role', {
    summary: "Make a caregiver admin or member (admin); applies from that person's next request",
    description: `409 last_admin when it would leave the family without an admin. ${USERNAME_MATCH}`,
    auth: 'admin',
    body: MemberRoleBody,
    response: MemberRoleChanged,
    errors: [404, 409],
    run: (actor, { body }) => setRole(ctx, actor, body.username, body.role),
  });

  r.post('/api/vega/member/reset', {
    summary: 'Make a password reset link for a caregiver (admin): valid for 1 hour, once',
    description:
      'Account recovery without e-mail: hand the link to the person. A new link replaces their older unused ones. ' +
      `Only a hash of the code is stored, so the link is shown only in this answer. 404 for an unknown username. ${USERNAME_MATCH}`,
    auth: 'admin',
    body: MemberResetBody,
    response: ResetLinkCreated,
    errors: [404, 409],
    run: (actor, { body }) => issueResetLink(ctx, actor, body.username),
  });

  r.post('/api/vega/reset', {
    summary: 'Set a new password with a reset link; every session of that person ends (tokens stay)',
    description:
      'Does not sign in: sign in with the new password next. 410 reset_link_invalid for an unknown, used or expired code ' +
      '(one answer for all three); failed codes count against the sign-up throttle (429 after too many).',
    auth: 'none',
    sameOriginOnly: true,
    body: PasswordResetBody,
    response: PasswordResetDone,
    errors: [410, 429],
    run: ({ body, req }) => resetPassword(ctx, body.code, body.new_password, req.ip),
  });

  r.post('/api/vega/password', {
    summary: 'Change your password; every other session of yours ends (your tokens stay)',
    description: 'A wrong current password is 400 wrong_password and counts against sign-in throttling (429 after too many).',
    body: PasswordChangeBody,
    response: PasswordChanged,
    run: (actor, { body, req }) => changePassword(ctx, actor, body.current_password, body.new_password, req.ip),
  });

  r.get('/api/vega/sessions', {
    summary: 'Where you are signed in: your own sessions, the current one marked',
    response: SessionList,
    run: (actor) => listSessions(ctx, actor),
  });

  r.post('/api/vega/sessions/revoke', {
    summary: 'Sign out one of your sessions',
    body: ItemIdBody,
    response: Ok,
    errors: [404],
    run: (actor, { body }) => revokeSession(ctx, actor, body.id),
  });

  r.post('/api/vega/sessions/revoke-others', {
    summary: 'Sign out every session of yours but this one',
    response: SessionsEnded,
    run: (actor) => revokeOtherSessions(ctx, actor),
  });
}
