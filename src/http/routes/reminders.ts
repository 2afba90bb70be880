// A caregiver's own reminders (issue 28): read with the read scope, changed with the write
// scope; each caregiver sees and changes only their own.
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../services/context.ts';
import { readReminderSettings, updateReminderSettings } from '../../services/notify/reminder-settings.ts';
import { ReminderSettings, ReminderSettingsUpdate } from '../../schemas/reminders.ts';
import { resource } from '../route.ts';

export function remindersRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = resource(app, ['Reminders']);

  r.get('/api/vega/reminders', {
    summary: "The caller's own reminders, quiet hours and how many of their devices take push",
    description:
      'Every reminder is off until the caregiver turns it on. Due reminders go to the caller\'s push devices and to the family\'s webhooks that take reminder.fired, ' +
      'once per occurrence (a feed logged in the meantime cancels a feed-due reminder); during quiet hours they are held and sent when the quiet hours end, if still due.',
    response: ReminderSettings,
    run: (actor) => readReminderSettings(ctx, actor),
  });

  r.post('/api/vega/reminders', {
    summary: "Change the caller's own reminders (any subset of the keys); answers with all of them",
    description:
      'A partial update of the same shape GET answers with (without push_devices): keys left out keep their values; quiet_hours null removes the quiet hours. ' +
      'An unknown key, a threshold out of range or a time that is not HH:MM is a 400 naming the field, and nothing is stored.',
    idempotent: true,
    body: ReminderSettingsUpdate,
    response: ReminderSettings,
    run: (actor, { body }) => updateReminderSettings(ctx, actor, body),
  });
}
