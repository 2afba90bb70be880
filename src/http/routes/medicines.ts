// The medicines a family gives, with its own settings (issue 26): listed for everyone in the
// family, changed by admins.
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../services/context.ts';
import { deleteMedicine, listMedicines, saveMedicine } from '../../services/family/medicines.ts';
import { MedicineBody, MedicineDeleted, MedicineList, MedicineNameBody, MedicineSaved } from '../../schemas/medicines.ts';
import { resource } from '../route.ts';

export function medicinesRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = resource(app, ['Medicines']);

  r.get('/api/vega/medicines', {
    summary: "The medicines the family gives, with the family's own settings",
    response: MedicineList,
    run: (actor) => listMedicines(ctx, actor),
  });

  r.post('/api/vega/medicines', {
    summary: "Save a medicine and the family's own settings for it (admin)",
    description:
      'min_hours and max_per_24h are what the packet or the prescription says; the service never supplies them and never suggests an amount. ' +
      'A dose logged sooner than min_hours after the last, or past max_per_24h in 24 hours, is still logged; the log answer carries a warning ' +
      '(medicine_too_soon or medicine_max_doses) naming the last dose, who gave it and when. 409 medicine_limit past 50 medicines.',
    auth: 'admin',
    idempotent: true,
    body: MedicineBody,
    response: MedicineSaved,
    errors: [409],
    run: (actor, { body }) => saveMedicine(ctx, actor, body),
  });

  r.post('/api/vega/medicines/delete', {
    summary: "Remove a medicine's settings (admin); doses already logged stay in the log",
    auth: 'admin',
    idempotent: true,
    body: MedicineNameBody,
    response: MedicineDeleted,
    errors: [404],
    run: (actor, { body }) => deleteMedicine(ctx, actor, body.name),
  });
}
