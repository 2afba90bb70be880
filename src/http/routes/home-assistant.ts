// Home Assistant over MQTT (issue 29): a family's children as Home Assistant devices through MQTT
// discovery. Reading needs the read scope; turning it on or off is the admin's.
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../services/context.ts';
import { getHomeAssistant, setHomeAssistant } from '../../services/home-assistant/settings.ts';
import { HomeAssistantSettings, HomeAssistantUpdate } from '../../schemas/home-assistant.ts';
import { resource } from '../route.ts';

const HOW =
  'With the server\'s MQTT_URL set, each current child of a family that turned this on appears in Home Assistant (MQTT discovery) as a device: ' +
  'binary sensors asleep, feeding and alert; sensors last feed, next feed due, feeds today, milk today, last nappy, nappies today, awake for, last breast side, ' +
  'the alert message and the weight (in the family\'s units); buttons wet nappy, dirty nappy, fell asleep, woke up, start feed left or right and stop feed, ' +
  'which log through the same code as this API (author app). The topics carry random family and child segments; the broker\'s users and ACLs are the boundary.';

export function homeAssistantRoutes(app: FastifyInstance, ctx: Ctx): void {
  const r = resource(app, ['Home Assistant']);

  r.get('/api/vega/home-assistant', {
    summary: "Whether the family's children appear in Home Assistant, the bridge's state and the topics used",
    description: `${HOW} bridge says whether the service is connected to the broker right now.`,
    response: HomeAssistantSettings,
    run: (actor) => getHomeAssistant(ctx, actor),
  });

  r.post('/api/vega/home-assistant', {
    summary: "Turn the family's Home Assistant devices on or off (admin)",
    description:
      `${HOW} Turning it off removes the devices from Home Assistant (their retained discovery configs are cleared); turning it on again brings them back ` +
      'with the same entity ids. Allowed while the server has no MQTT_URL (bridge not_configured): the devices appear once it has one.',
    auth: 'admin',
    body: HomeAssistantUpdate,
    response: HomeAssistantSettings,
    run: (actor, { body }) => setHomeAssistant(ctx, actor, body.enabled),
  });
}
