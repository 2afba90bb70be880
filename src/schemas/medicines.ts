// Shapes of /api/vega/medicines (issue 26): the medicines a family gives, each with the
// family's own settings from the packet or prescription. The service never supplies either.
import { z } from 'zod';

export const MedicineName = z.string().trim().min(1).max(80);

export const Medicine = z
  .object({
    name: z.string(),
    min_hours: z.number().nullable().describe("the family's own minimum hours between doses, from the packet or prescription; null: not set"),
    max_per_24h: z.number().int().nullable().describe("the family's own most doses in 24 hours; null: not set"),
  })
  .meta({ id: 'Medicine' });

export const MedicineList = z.object({ medicines: z.array(Medicine) }).meta({ id: 'MedicineList' });

export const MedicineBody = z
  .strictObject({
    name: MedicineName.describe('1 to 80 characters; saving a name the family has (ignoring case) replaces its settings'),
    min_hours: z.number().gt(0).max(168).nullish().describe('0 to 168 hours (exclusive of 0), as written on the packet or prescription; null or absent: not set'),
    max_per_24h: z.number().int().min(1).max(24).nullish().describe('1 to 24, as written on the packet or prescription; null or absent: not set'),
  })
  .meta({ id: 'MedicineRequest' });

export const MedicineSaved = z.object({ status: z.literal('ok'), medicine: Medicine }).meta({ id: 'MedicineSaved' });
export const MedicineNameBody = z.strictObject({ name: MedicineName }).meta({ id: 'MedicineNameRequest' });
export const MedicineDeleted = z.object({ status: z.literal('ok'), removed: Medicine }).meta({ id: 'MedicineDeleted' });
