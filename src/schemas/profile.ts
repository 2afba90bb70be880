import { z } from 'zod';
import { ChildId, DateString, Gender, IanaZone, Region, Units } from './common.ts';

export const Profile = z
  .object({
    baby_name: z.string(),
    dob: z.string(),
    gender: z.string(),
    family_name: z.string(),
    timezone: z.string(),
    region: Region,
    units: Units,
    age_months: z.number().nullable(),
    age_display: z.string().nullable(),
    solids_started: z.boolean(),
    member_count: z.number().int(),
    age_band_targets: z.record(z.string(), z.unknown()),
    child_id: z.string().optional().describe("the child's id; present when the family has more than one child"),
  })
  .meta({ id: 'Profile' });
export type ProfileOut = z.infer<typeof Profile>;

export const ProfileUpdateBody = z
  .strictObject({
    baby_name: z.string().trim().min(1).max(80).optional(),
    dob: DateString.optional(),
    gender: Gender.optional(),
    family_name: z.string().trim().max(120).optional(),
    timezone: IanaZone.optional(),
    region: Region.optional(),
    units: Units.optional(),
    child: ChildId.optional().describe("the child whose name, dob and gender change; defaults to the primary child (the family's settings are shared)"),
  })
  .meta({ id: 'ProfileUpdate' });
export type ProfileUpdateInput = z.infer<typeof ProfileUpdateBody>;

export const ProfileUpdated = z.object({ ok: z.boolean(), profile: Profile });
