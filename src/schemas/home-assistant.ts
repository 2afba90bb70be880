// Shapes of /api/vega/home-assistant (issue 29): a family's Home Assistant bridge over MQTT
// discovery, on or off, and the topics it uses.
import { z } from 'zod';
import { BUTTONS } from '../domain/home-assistant/topics.ts';

export const BridgeStateName = z
  .enum(['connected', 'connecting', 'down', 'not_configured'])
  .describe("the service's connection to the MQTT broker: connected, connecting, down (reconnecting with backoff), or not_configured (the server sets no MQTT_URL)")
  .meta({ id: 'MqttBridgeState' });

export const HomeAssistantDevice = z
  .object({
    child_id: z.string(),
    name: z.string().describe("the child's name: the device's name in Home Assistant"),
    state_topic: z.string().describe('retained JSON with every value of the child, updated within about a second and a half of each change and every minute'),
    command_topics: z
      .object(Object.fromEntries(BUTTONS.map((b) => [b, z.string()])) as Record<(typeof BUTTONS)[number], z.ZodString>)
      .describe('button → the topic its press ("PRESS") is published to'),
  })
  .meta({ id: 'HomeAssistantDevice' });

export const HomeAssistantSettings = z
  .object({
    enabled: z.boolean().describe("whether the family's children appear in Home Assistant"),
    bridge: BridgeStateName,
    discovery_prefix: z.string().describe("where the discovery configs are published (Home Assistant's discovery prefix)"),
    base_topic: z.string().describe("the prefix of the service's own topics"),
    availability_topic: z.string().describe('retained "online" while the service is connected, "offline" when it is not'),
    devices: z.array(HomeAssistantDevice).describe('one per current (not archived) child while enabled; [] while off'),
  })
  .meta({ id: 'HomeAssistantSettings' });

export const HomeAssistantUpdate = z
  .strictObject({
    enabled: z.boolean().describe('true: publish the children as Home Assistant devices; false: remove them from Home Assistant'),
  })
  .meta({ id: 'HomeAssistantUpdate' });
