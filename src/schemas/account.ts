import { z } from 'zod';
import { hasHiddenCharacters, normalUsername } from '../domain/text-rules.ts';
import { DateString, Gender, IanaZone, Region, Units } from './common.ts';

// Kept as typed (the default username is the part before @, in its own case); the services
// compare and store emails lowercased.
export const Email = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email({ message: 'must be an email address' }));

export const Password = z.string().min(6, 'must be at least 6 characters').max(200);
export const Username = z
  .string()
  .overwrite(normalUsername)
  .min(1)
  .max(64)
  .refine((s) => !hasHiddenCharacters(s), 'may not contain control, zero-width or text-direction characters');

export const OnboardBody = z
  .strictObject({
    email: Email,
    password: Password,
    baby_name: z.string().trim().min(1).max(80),
    dob: DateString,
    username: Username.optional(),
    family_name: z.string().trim().max(120).optional(),
    gender: Gender.optional(),
    timezone: IanaZone.optional(),
    region: Region.optional(),
    units: Units.optional(),
    acquisition: z.record(z.string().max(64), z.string().max(200)).optional(),
  })
  .meta({ id: 'OnboardRequest' });
export type OnboardInput = z.infer<typeof OnboardBody>;

export const RedirectOk = z.object({ ok: z.boolean(), redirect: z.string() }).meta({ id: 'RedirectOk' });

// Not strict: an HTML sign-in form may post extra fields (a return path, a button name).
export const LoginBody = z.object({ email: Email, password: z.string().min(1).max(200) }).meta({ id: 'LoginRequest' });

export const JoinBody = z
  .strictObject({ code: z.string().min(1).max(200), email: Email, password: Password, username: Username.optional() })
  .meta({ id: 'JoinRequest' });
export type JoinInput = z.infer<typeof JoinBody>;

export const Me = z
  .object({
    user: z.string(),
    family_id: z.string(),
    role: z.enum(['admin', 'member']),
    plan: z.enum(['free', 'paid']).describe("additional key: the family's plan (question answering needs paid)"),
  })
  .meta({ id: 'Me' });

export const Member = z
  .object({
    id: z.string(),
    email: z.string(),
    username: z.string(),
    role: z.enum(['admin', 'member']),
    created_at: z.string().nullable(),
  })
  .meta({ id: 'FamilyMember' });

export const OpenInvite = z
  .object({
    id: z.string().describe('use as `token` in POST /api/vega/invite/revoke if the code is lost'),
    code_hint: z.string().describe('first characters of the code; the full code is shown only once'),
    created_by: z.string(),
    created_at: z.string(),
    expires_at: z.string(),
  })
  .meta({ id: 'OpenInvite' });

export const FamilyListing = z
  .object({ members: z.array(Member), can_manage_invites: z.boolean(), invites: z.array(OpenInvite) })
  .meta({ id: 'Family' });

export const DeleteFamilyBody = z.strictObject({ confirm: z.string() }).meta({ id: 'DeleteFamilyRequest' });
export const DeletedFamily = z.object({ ok: z.boolean(), deleted: z.string() });

export const InviteCreated = z
  .object({
    code: z.string(),
    join_url: z.string(),
    expires_at: z.string(),
    expires_in_hours: z.number().int(),
  })
  .meta({ id: 'Invite' });

export const InviteRevokeBody = z.strictObject({ token: z.string().min(1).max(200) }).meta({ id: 'InviteRevokeRequest' });
