// The Home Assistant bridge's pure parts (issue 29): topics derived from the topic key, the
// discovery configs of a child's device (Home Assistant's MQTT discovery schema), and the state
// message built from a live status.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  availabilityTopic, BUTTONS, childSegment, commandSubscription, commandTopic, discoveryTopic, familySegment, stateTopic,
} from '../../src/domain/home-assistant/topics.ts';
import { discoveryConfigs, discoveryTopicsOf, ownConfig } from '../../src/domain/home-assistant/discovery.ts';
import { haState, isoWithOffset, type StateInputs } from '../../src/domain/home-assistant/state.ts';

const KEY = '0123456789abcdef0123456789abcdef';
const roots = { base: 'bt', prefix: 'homeassistant' };

describe('topics', () => {
  test('segments are 16 hex characters, stable, and differ per child and per key', () => {
    assert.equal(familySegment(KEY), '0123456789abcdef');
    const a = childSegment(KEY, 'c1');
    assert.match(a, /^[0-9a-f]{16}$/);
    assert.equal(childSegment(KEY, 'c1'), a);
    assert.notEqual(childSegment(KEY, 'c2'), a);
    assert.notEqual(childSegment('f'.repeat(32), 'c1'), a);
    assert.ok(!a.includes('c1'));
  });

  test('the topics of a child', () => {
    const seg = childSegment(KEY, 'c1');
    assert.equal(availabilityTopic('bt'), 'bt/status');
    assert.equal(stateTopic('bt', KEY, 'c1'), `bt/0123456789abcdef/${seg}/state`);
    assert.equal(commandTopic('bt', KEY, 'c1', 'wet_nappy'), `bt/0123456789abcdef/${seg}/wet_nappy/press`);
    assert.equal(discoveryTopic('homeassistant', 'sensor', KEY, 'c1', 'last_feed'), `homeassistant/sensor/bt_${seg}/last_feed/config`);
    assert.equal(commandSubscription('a/b'), '$share/baby-tracker/a/b/+/+/+/press');
  });
});

describe('discovery configs', () => {
  const child = { id: 'c1', name: 'Ada' };
  const configs = discoveryConfigs({ ...roots, topicKey: KEY, child, units: 'metric', version: '1.4.0', publicUrl: 'https://tracker.example' });
  const seg = childSegment(KEY, 'c1');
  const by = (object: string) => configs.find((c) => c.payload.unique_id === `bt_${seg}_${object}`)!;

  test('one config per entity: 3 binary sensors, 10 sensors, 7 buttons, each under its component', () => {
    assert.equal(configs.length, 20);
    const comps = configs.map((c) => c.topic.split('/')[1]);
    assert.equal(comps.filter((c) => c === 'binary_sensor').length, 3);
    assert.equal(comps.filter((c) => c === 'sensor').length, 10);
    assert.equal(comps.filter((c) => c === 'button').length, 7);
    assert.deepEqual(new Set(configs.map((c) => c.topic)), new Set(discoveryTopicsOf('homeassistant', KEY, 'c1')));
    assert.equal(new Set(configs.map((c) => c.payload.unique_id)).size, 20);
  });

  test('every config names the device, availability and its own topics', () => {
    for (const c of configs) {
      const [, component, node, object, last] = c.topic.split('/');
      assert.equal(node, `bt_${seg}`);
      assert.equal(last, 'config');
      assert.equal(c.payload.unique_id, `bt_${seg}_${object}`);
      assert.deepEqual(c.payload.device, {
        identifiers: [`bt_${seg}`], name: 'Ada', manufacturer: 'Baby tracker', model: 'Child', sw_version: '1.4.0', configuration_url: 'https://tracker.example/settings',
      });
      assert.equal(c.payload.availability_topic, 'bt/status');
      assert.equal(c.payload.payload_available, 'online');
      assert.equal(c.payload.payload_not_available, 'offline');
      if (component === 'button') {
        assert.equal(c.payload.command_topic, commandTopic('bt', KEY, 'c1', object as (typeof BUTTONS)[number]));
        assert.equal(c.payload.payload_press, 'PRESS');
        assert.equal(c.payload.state_topic, undefined);
      } else {
        assert.equal(c.payload.state_topic, stateTopic('bt', KEY, 'c1'));
        assert.match(String(c.payload.value_template), /value_json\./);
      }
    }
  });

  test('device classes and units (metric, imperial)', () => {
    assert.equal(by('last_feed').payload.device_class, 'timestamp');
    assert.equal(by('next_feed').payload.device_class, 'timestamp');
    assert.equal(by('last_nappy').payload.device_class, 'timestamp');
    assert.equal(by('awake_for').payload.device_class, 'duration');
    assert.equal(by('awake_for').payload.unit_of_measurement, 'min');
    assert.equal(by('milk_today').payload.unit_of_measurement, 'mL');
    assert.equal(by('weight').payload.unit_of_measurement, 'kg');
    assert.equal(by('weight').payload.device_class, 'weight');
    assert.equal(by('feeding').payload.device_class, 'running');
    assert.equal(by('alert').payload.device_class, 'problem');
    assert.equal(by('asleep').payload.value_template, "{{ 'ON' if value_json.asleep else 'OFF' }}");
    const imperial = discoveryConfigs({ ...roots, topicKey: KEY, child, units: 'imperial', version: '1.4.0', publicUrl: 'https://tracker.example' });
    const u = (o: string) => imperial.find((c) => c.payload.unique_id === `bt_${seg}_${o}`)!.payload.unit_of_measurement;
    assert.equal(u('milk_today'), 'fl. oz.');
    assert.equal(u('weight'), 'lb');
  });

  test("ownConfig recognises this service's configs under its base topic only", () => {
    assert.deepEqual(ownConfig('bt', JSON.stringify(by('asleep').payload)), { familySeg: '0123456789abcdef', childSeg: seg });
    assert.deepEqual(ownConfig('bt', JSON.stringify(by('wet_nappy').payload)), { familySeg: '0123456789abcdef', childSeg: seg });
    assert.equal(ownConfig('other', JSON.stringify(by('asleep').payload)), null);
    assert.equal(ownConfig('bt', JSON.stringify({ unique_id: 'lamp_1', state_topic: 'bt/x/y/state' })), null);
    assert.equal(ownConfig('bt', 'not json'), null);
    assert.equal(ownConfig('bt', ''), null);
  });
});

describe('state', () => {
  const live = {
    timezone: 'Europe/London', asleep: false, awake_minutes: 95, alert_level: 'amber', alert_msg: 'Awake for a long stretch',
    next_feed_at: '2026-07-01T14:30:00', ml_today: 590, feeds_today: 5, feeding: null, last_breast_side: 'left',
  } as unknown as StateInputs['live'];
  const now = Date.parse('2026-07-01T12:00:00Z');

  test('timestamps with their UTC offset', () => {
    assert.equal(isoWithOffset(Date.parse('2026-11-26T04:30:00Z'), 'UTC'), '2026-11-26T04:30:00+00:00');
    assert.equal(isoWithOffset(Date.parse('2026-07-01T11:00:00.456Z'), 'Europe/London'), '2026-07-01T12:00:00+01:00');
  });

  test('the live status and the extra figures, metric', () => {
    const s = haState({ live, lastFeedAt: Date.parse('2026-07-01T11:30:00Z'), lastNappyAt: null, nappiesToday: 3, weightKg: 6.1234, units: 'metric', now });
    assert.deepEqual(s, {
      asleep: false, feeding: false, alert: true, alert_message: 'Awake for a long stretch',
      last_feed: '2026-07-01T12:30:00+01:00', next_feed: '2026-07-01T14:30:00+01:00', feeds_today: 5, milk_today: 590, milk_unit: 'mL',
      last_nappy: null, nappies_today: 3, awake_for: 95, last_side: 'left', weight: 6.123, weight_unit: 'kg', updated_at: '2026-07-01T13:00:00+01:00',
    });
  });

  test('imperial: fluid ounces and pounds', () => {
    const s = haState({ live, lastFeedAt: null, lastNappyAt: null, nappiesToday: 0, weightKg: 6.1, units: 'imperial', now });
    assert.equal(s.milk_today, 20);
    assert.equal(s.milk_unit, 'fl. oz.');
    assert.equal(s.weight, 13.45);
    assert.equal(s.weight_unit, 'lb');
  });
});
