// Home Assistant's MQTT discovery configs of one child's device (issue 29): pure functions from
// the child, the family's units and topic key to (topic, payload) pairs. Each entity reads its
// value out of the child's one state message (state.ts) with a value template, so one publish
// updates them all. Units and device classes are Home Assistant's own ("mL", "fl. oz.", "kg",
// "lb", "min"), which it checks against the device class.
import type { Units } from '../types.ts';
import { availabilityTopic, BUTTONS, commandTopic, deviceId, discoveryTopic, OFFLINE, ONLINE, stateTopic, type Button, type TopicRoots } from './topics.ts';

export type Component = 'binary_sensor' | 'sensor' | 'button';

interface EntitySpec {
  component: Component;
  object: string;
  name: string;
  icon: string;
  device_class?: string;
  unit?: (units: Units) => string;
  state_class?: 'measurement';
  options?: string[];
  /** binary sensors: the state key that is true when on */
  flag?: string;
  /** sensors: the state key shown */
  key?: string;
}

/** The binary sensors and sensors of a child, in the order Home Assistant lists them. */
export const SENSORS: readonly EntitySpec[] = [
  { component: 'binary_sensor', object: 'asleep', name: 'Asleep', icon: 'mdi:sleep', flag: 'asleep' },
  { component: 'binary_sensor', object: 'feeding', name: 'Feeding', icon: 'mdi:mother-nurse', device_class: 'running', flag: 'feeding' },
  { component: 'binary_sensor', object: 'alert', name: 'Alert', icon: 'mdi:alert-circle-outline', device_class: 'problem', flag: 'alert' },
  { component: 'sensor', object: 'last_feed', name: 'Last feed', icon: 'mdi:baby-bottle-outline', device_class: 'timestamp', key: 'last_feed' },
  { component: 'sensor', object: 'next_feed', name: 'Next feed due', icon: 'mdi:baby-bottle', device_class: 'timestamp', key: 'next_feed' },
  { component: 'sensor', object: 'feeds_today', name: 'Feeds today', icon: 'mdi:counter', state_class: 'measurement', key: 'feeds_today' },
  {
    component: 'sensor', object: 'milk_today', name: 'Milk today', icon: 'mdi:cup-water', device_class: 'volume', state_class: 'measurement',
    unit: (u) => (u === 'imperial' ? 'fl. oz.' : 'mL'), key: 'milk_today',
  },
  { component: 'sensor', object: 'last_nappy', name: 'Last nappy', icon: 'mdi:human-baby-changing-table', device_class: 'timestamp', key: 'last_nappy' },
  { component: 'sensor', object: 'nappies_today', name: 'Nappies today', icon: 'mdi:counter', state_class: 'measurement', key: 'nappies_today' },
  { component: 'sensor', object: 'awake_for', name: 'Awake for', icon: 'mdi:timer-sand', device_class: 'duration', state_class: 'measurement', unit: () => 'min', key: 'awake_for' },
  { component: 'sensor', object: 'last_side', name: 'Last breast side', icon: 'mdi:swap-horizontal', device_class: 'enum', options: ['left', 'right'], key: 'last_side' },
  { component: 'sensor', object: 'alert_message', name: 'Alert message', icon: 'mdi:message-alert-outline', key: 'alert_message' },
  {
    component: 'sensor', object: 'weight', name: 'Weight', icon: 'mdi:scale-bathroom', device_class: 'weight', state_class: 'measurement',
    unit: (u) => (u === 'imperial' ? 'lb' : 'kg'), key: 'weight',
  },
];

export const BUTTON_NAMES: Record<Button, { name: string; icon: string }> = {
  wet_nappy: { name: 'Wet nappy', icon: 'mdi:water' },
  dirty_nappy: { name: 'Dirty nappy', icon: 'mdi:emoticon-poop' },
  fell_asleep: { name: 'Fell asleep', icon: 'mdi:sleep' },
  woke_up: { name: 'Woke up', icon: 'mdi:weather-sunny' },
  start_feed_left: { name: 'Start feed left', icon: 'mdi:arrow-left-bold-circle-outline' },
  start_feed_right: { name: 'Start feed right', icon: 'mdi:arrow-right-bold-circle-outline' },
  stop_feed: { name: 'Stop feed', icon: 'mdi:stop-circle-outline' },
};

/** Every (component, object) a child's device has: its sensors and its buttons. */
export const ENTITY_KEYS: readonly { component: Component; object: string }[] = [
  ...SENSORS.map((s) => ({ component: s.component, object: s.object })),
  ...BUTTONS.map((b) => ({ component: 'button' as const, object: b })),
];

export interface DeviceInput extends TopicRoots {
  topicKey: string;
  child: { id: string; name: string };
  units: Units;
  /** the service's API version (device sw_version) */
  version: string;
  /** PUBLIC_URL, without a trailing slash */
  publicUrl: string;
}

export interface DiscoveryMessage {
  topic: string;
  payload: Record<string, unknown>;
}

/** The discovery configs of one child's device: one per entity. */
export function discoveryConfigs(d: DeviceInput): DiscoveryMessage[] {
  const id = deviceId(d.topicKey, d.child.id);
  const common = {
    device: {
      identifiers: [id],
      name: d.child.name,
      manufacturer: 'Baby tracker',
      model: 'Child',
      sw_version: d.version,
      configuration_url: `${d.publicUrl}/settings`,
    },
    origin: { name: 'Baby tracker', sw_version: d.version, support_url: d.publicUrl },
    availability_topic: availabilityTopic(d.base),
    payload_available: ONLINE,
    payload_not_available: OFFLINE,
  };
  const state_topic = stateTopic(d.base, d.topicKey, d.child.id);
  const sensors = SENSORS.map((s): DiscoveryMessage => {
    const payload: Record<string, unknown> = { name: s.name, unique_id: `${id}_${s.object}`, icon: s.icon, ...common, state_topic };
    if (s.device_class) payload.device_class = s.device_class;
    if (s.unit) payload.unit_of_measurement = s.unit(d.units);
    if (s.state_class) payload.state_class = s.state_class;
    if (s.options) payload.options = s.options;
    if (s.flag) {
      payload.value_template = `{{ 'ON' if value_json.${s.flag} else 'OFF' }}`;
      payload.payload_on = 'ON';
      payload.payload_off = 'OFF';
    } else {
      // A null renders "None", which Home Assistant shows as unknown.
      payload.value_template = `{{ value_json.${s.key} }}`;
    }
    return { topic: discoveryTopic(d.prefix, s.component, d.topicKey, d.child.id, s.object), payload };
  });
  const buttons = BUTTONS.map((b): DiscoveryMessage => ({
    topic: discoveryTopic(d.prefix, 'button', d.topicKey, d.child.id, b),
    payload: {
      name: BUTTON_NAMES[b].name,
      unique_id: `${id}_${b}`,
      icon: BUTTON_NAMES[b].icon,
      ...common,
      command_topic: commandTopic(d.base, d.topicKey, d.child.id, b),
      payload_press: 'PRESS',
      qos: 1,
      retain: false,
    },
  }));
  return [...sensors, ...buttons];
}

/** Every discovery topic of one child's device (an empty retained message there removes the entity). */
export function discoveryTopicsOf(prefix: string, topicKey: string, childId: string): string[] {
  return ENTITY_KEYS.map((e) => discoveryTopic(prefix, e.component, topicKey, childId, e.object));
}

/**
 * What a retained config found under the prefix says about itself, when it is one of this
 * service's (a unique id starting bt_ and a state or command topic under the base topic): the
 * family segment its topics name. Null for anything else (Home Assistant's other devices).
 */
export function ownConfig(base: string, payload: Buffer | string): { familySeg: string; childSeg: string } | null {
  const text = typeof payload === 'string' ? payload : payload.toString('utf8');
  if (text.length === 0 || text.length > 16_384) return null;
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof v !== 'object' || v === null) return null;
  const c = v as Record<string, unknown>;
  if (typeof c.unique_id !== 'string' || !c.unique_id.startsWith('bt_')) return null;
  const topic = typeof c.state_topic === 'string' ? c.state_topic : typeof c.command_topic === 'string' ? c.command_topic : null;
  if (topic === null || !topic.startsWith(`${base}/`)) return null;
  const [familySeg, childSeg] = topic.slice(base.length + 1).split('/');
  if (!familySeg || !childSeg) return null;
  return { familySeg, childSeg };
}
