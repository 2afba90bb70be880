// The medicines a family gives, with its own settings (issue 26): listed for everyone in the
// family, changed by admins.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Ctx } from '../../services/context.ts';
import { deleteMedicine, listMedicines, saveMedicine } from '../../services/family/medicines.ts';
import { MedicineBody, MedicineDeleted, MedicineList, MedicineNameBody, MedicineSaved } from '../../schemas/medicines.ts';
import { ErrorBody, ErrorWithDetailBody } from '../../schemas/common.ts';
import { actorOf } from '../auth.ts';

const tags = ['Medicines'];

export function medicinesRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/vega/medicines', {
    schema: {
      tags,
      summary: "The medicines the family gives, with the family's own settings",
      response: { 200: MedicineList },
    },
    handler: async (req) => listMedicines(ctx, actorOf(req)),
  });

  r.post('/api/vega/medicines', {
    config: { auth: 'admin', idempotent: true },
    schema: {
      tags,
      summary: "Save a medicine and the family's own settings for it (admin)",
      description:
        'min_hours and max_per_24h are what the packet or the prescription says; the service never supplies them and never suggests an amount. ' +
        'A dose logged sooner than min_hours after the last, or past max_per_24h in 24 hours, is still logged; the log answer carries a warning ' +
        '(medicine_too_soon or medicine_max_doses) naming the last dose, who gave it and when. 409 medicine_limit past 50 medicines.',
      body: MedicineBody,
      response: { 200: MedicineSaved, 400: ErrorWithDetailBody, 403: ErrorBody, 409: ErrorBody },
    },
    handler: async (req) => saveMedicine(ctx, actorOf(req), req.body),
  });

  r.post('/api/vega/medicines/delete', {
    config: { auth: 'admin', idempotent: true },
    schema: {
      tags,
      summary: "Remove a medicine's settings (admin); doses already logged stay in the log",
      body: MedicineNameBody,
      response: { 200: MedicineDeleted, 400: ErrorWithDetailBody, 403: ErrorBody, 404: ErrorBody },
    },
    handler: async (req) => deleteMedicine(ctx, actorOf(req), req.body.name),
  });
}
