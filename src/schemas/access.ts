// Shapes of the access routes: members and roles, password change, the caller's sessions.
import { z } from 'zod';
import { Password } from './account.ts';

// Taken as typed: the service finds the name exactly as stored, or folded alike (NFKC), so
// names stored unfolded by earlier releases are reached too (services/access/members.ts).
const Username = z.string().min(1).max(64);

export const MemberRemoveBody = z.strictObject({ username: Username.describe('the caregiver to remove; your own to leave') }).meta({ id: 'MemberRemoveRequest' });
export const MemberRemoved = z
  .object({ ok: z.literal(true), removed: z.string(), message: z.string() })
  .meta({ id: 'MemberRemoved' });

export const MemberRoleBody = z
  .strictObject({ username: Username, role: z.enum(['admin', 'member']) })
  .meta({ id: 'MemberRoleRequest' });
export const MemberRoleChanged = z
  .object({ ok: z.literal(true), username: z.string(), role: z.enum(['admin', 'member']) })
  .meta({ id: 'MemberRoleChanged' });

export const PasswordChangeBody = z
  .strictObject({ current_password: z.string().min(1).max(200), new_password: Password })
  .meta({ id: 'PasswordChangeRequest' });
export const PasswordChanged = z.object({ ok: z.literal(true), message: z.string() }).meta({ id: 'PasswordChanged' });

export const SessionInfo = z
  .object({
    id: z.string().describe('opaque id to revoke it by (never the session secret)'),
    created_at: z.string(),
    last_seen_at: z.string().nullable().describe('family-local time of its last use, to the minute'),
    user_agent: z.string().nullable(),
    current: z.boolean().describe('the session this request came with'),
  })
  .meta({ id: 'SessionInfo' });
export const SessionList = z.object({ sessions: z.array(SessionInfo) }).meta({ id: 'SessionList' });
export const SessionsEnded = z.object({ ok: z.literal(true), ended: z.number().int() }).meta({ id: 'SessionsEnded' });

// Account recovery: an admin's reset link for a caregiver, and using it.
export const MemberResetBody = z.strictObject({ username: Username.describe('the caregiver who needs a new password') }).meta({ id: 'MemberResetRequest' });
export const ResetLinkCreated = z
  .object({
    ok: z.literal(true),
    reset_url: z.string().describe('the link to hand over: valid for 1 hour, once; shown only now (only its hash is stored)'),
    expires_at: z.string().describe('family-local time the link stops working'),
  })
  .meta({ id: 'ResetLinkCreated' });
export const PasswordResetBody = z
  .strictObject({ code: z.string().min(1).max(200).describe('the code from the reset link'), new_password: Password })
  .meta({ id: 'PasswordResetRequest' });
export const PasswordResetDone = z
  .object({ ok: z.literal(true), redirect: z.string().describe('where to sign in with the new password'), message: z.string() })
  .meta({ id: 'PasswordResetDone' });
