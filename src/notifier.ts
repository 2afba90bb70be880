// What a running server does besides answering requests: the outbox's delivery loop, the
// reminder scheduler and, when MQTT_URL is set, the Home Assistant bridge, in every process
// (each is safe to run many times over on one database). The senders of each kind of outbox row
// are registered here. It sits beside main.ts, above the doors it puts together (the outbox's
// worker and senders, the MQTT bridge), so that no door imports another.
import type { FastifyBaseLogger } from 'fastify';
import type { Ctx } from './services/context.ts';
import { startReminders } from './services/notify/reminders.ts';
import { registerHandler, startDelivery } from './outbox/worker.ts';
import { deliverWebhook } from './outbox/webhook-sender.ts';
import { deliverHaState } from './mqtt/state-sender.ts';
import { deliverHaConfig } from './mqtt/config-sender.ts';
import { startBridge } from './mqtt/bridge.ts';

// Registered on import, so a process (or a test calling deliverDue) that loads this module sends them.
registerHandler('webhook', deliverWebhook);
// Web Push (push-sender.ts and the web-push library: a quarter of a second to load, ~10 MB) is
// loaded with the first push to send, not at start.
registerHandler('push', async (ctx, row) => (await import('./outbox/push-sender.ts')).deliverPush(ctx, row));
registerHandler('ha_state', deliverHaState);
registerHandler('ha_config', deliverHaConfig);

/** Starts delivery, reminders and the Home Assistant bridge (when configured); returns a function that stops them. */
export function startNotifier(ctx: Ctx, log: FastifyBaseLogger): () => Promise<void> {
  const stopBridge = startBridge(ctx, log);
  const stopDelivery = startDelivery(ctx, log);
  const stopReminders = startReminders(ctx, log);
  return async () => {
    await stopReminders();
    await stopDelivery();
    await stopBridge();
  };
}
