// Shapes of /api/vega/children (issue 25): a family's children, and the admin's changes.
import { z } from 'zod';
import { ChildId, DateString, Gender } from './common.ts';

const ChildName = z.string().trim().min(1).max(80);

export const Child = z
  .object({
    id: z.string().describe('12 hexadecimal characters; name it as `child` (?child=ID) to address this child'),
    baby_name: z.string(),
    dob: z.string().describe('YYYY-MM-DD'),
    gender: z.string(),
    age_months: z.number().nullable(),
    age_display: z.string().nullable(),
    archived: z.boolean().describe("archived: off the app's switcher and default lists; history stays readable; logging for them is 409 child_archived"),
    primary: z.boolean().describe('the child every request that names none addresses'),
  })
  .meta({ id: 'Child' });

export const ChildList = z.object({ children: z.array(Child) }).meta({ id: 'ChildList' });
export const ChildChanged = z.object({ ok: z.literal(true), child: Child }).meta({ id: 'ChildChanged' });

export const ChildAddBody = z
  .strictObject({
    baby_name: ChildName.describe('at most 80 characters; unique within the family, ignoring case'),
    dob: DateString.describe('YYYY-MM-DD; not in the future, within the last 5 years'),
    gender: Gender.optional(),
  })
  .meta({ id: 'ChildAddRequest' });

export const ChildEditBody = z
  .strictObject({
    id: ChildId,
    changes: z
      .strictObject({ baby_name: ChildName.optional(), dob: DateString.optional(), gender: Gender.optional() })
      .describe('any of baby_name, dob, gender'),
  })
  .meta({ id: 'ChildEditRequest' });

export const ChildArchiveBody = z
  .strictObject({ id: ChildId, archived: z.boolean().describe('true archives, false brings the child back') })
  .meta({ id: 'ChildArchiveRequest' });

export const ChildIdBody = z.strictObject({ id: ChildId }).meta({ id: 'ChildIdRequest' });
export const ChildDeleted = z.object({ ok: z.literal(true), deleted: z.string() }).meta({ id: 'ChildDeleted' });
