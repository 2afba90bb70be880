// The MQTT topics of the Home Assistant bridge (issue 29). A family's topics are derived from its
// random topic key (home_assistant.topic_key, kept across off and on): the family's segment is
// the key's first half, a child's segment a hash of the key and the child's id, so a topic
// reveals neither id and cannot be guessed from them; Home Assistant's unique ids and device
// identifiers are derived from the child's segment, so they stay the same across restarts.
//
//   <base>/status                                   retained "online" / "offline" (last will)
//   <base>/<family>/<child>/state                   retained JSON: every value of one child
//   <base>/<family>/<child>/<button>/press          "PRESS" from a Home Assistant button
//   <prefix>/<component>/bt_<child>/<object>/config retained discovery config (empty: removed)
import { createHash } from 'node:crypto';

/** The buttons each child's device has, in the order Home Assistant lists them. */
export const BUTTONS = ['wet_nappy', 'dirty_nappy', 'fell_asleep', 'woke_up', 'start_feed_left', 'start_feed_right', 'stop_feed'] as const;
export type Button = (typeof BUTTONS)[number];

/** Where the service's topics and Home Assistant's discovery live (config.mqtt). */
export interface TopicRoots {
  /** MQTT_BASE_TOPIC */
  base: string;
  /** MQTT_DISCOVERY_PREFIX */
  prefix: string;
}

export const ONLINE = 'online';
export const OFFLINE = 'offline';

/** The family's segment: the first half of its topic key. */
export function familySegment(topicKey: string): string {
  return topicKey.slice(0, 16);
}

/** A child's segment: from the family's topic key and the child's id, revealing neither. */
export function childSegment(topicKey: string, childId: string): string {
  return createHash('sha256').update(`${topicKey}:${childId}`).digest('hex').slice(0, 16);
}

/** Retained "online" while the service is connected, "offline" (its last will) when it is not. */
export function availabilityTopic(base: string): string {
  return `${base}/status`;
}

/** The topics under which one child's values and buttons are. */
export function childRoot(base: string, topicKey: string, childId: string): string {
  return `${base}/${familySegment(topicKey)}/${childSegment(topicKey, childId)}`;
}

export function stateTopic(base: string, topicKey: string, childId: string): string {
  return `${childRoot(base, topicKey, childId)}/state`;
}

export function commandTopic(base: string, topicKey: string, childId: string, button: Button): string {
  return `${childRoot(base, topicKey, childId)}/${button}/press`;
}

/** Every button's command topic of one child. */
export function commandTopics(base: string, topicKey: string, childId: string): Record<Button, string> {
  return Object.fromEntries(BUTTONS.map((b) => [b, commandTopic(base, topicKey, childId, b)])) as Record<Button, string>;
}

/**
 * The command topics of every family, as a shared subscription: with several processes on one
 * broker, each press goes to one of them.
 */
export function commandSubscription(base: string): string {
  return `$share/baby-tracker/${base}/+/+/+/press`;
}

/** The device (and unique id prefix) of a child in Home Assistant. */
export function deviceId(topicKey: string, childId: string): string {
  return `bt_${childSegment(topicKey, childId)}`;
}

export function discoveryTopic(prefix: string, component: string, topicKey: string, childId: string, object: string): string {
  return `${prefix}/${component}/${deviceId(topicKey, childId)}/${object}/config`;
}

/** Every discovery config under the prefix (to find the ones left behind). */
export function discoverySubscription(prefix: string): string {
  return `${prefix}/+/+/+/config`;
}
