// Home Assistant (issue 29, admins only): one switch that makes each child appear in Home
// Assistant as a device (MQTT discovery), the bridge's connection, and each child's topics to
// copy into automations. GET/POST /api/vega/home-assistant.
import { Fragment } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { CopyButton } from '../../components/Copy';
import { FormError } from '../../components/Field';
import { ApiError, get, post, type Schemas } from '../../lib/api';

type HomeAssistant = Schemas['HomeAssistantSettings'];
type Bridge = HomeAssistant['bridge'];

const BUTTONS: [keyof HomeAssistant['devices'][number]['command_topics'], string][] = [
  ['wet_nappy', 'Wet nappy'],
  ['dirty_nappy', 'Dirty nappy'],
  ['fell_asleep', 'Fell asleep'],
  ['woke_up', 'Woke up'],
  ['start_feed_left', 'Start feed (left)'],
  ['start_feed_right', 'Start feed (right)'],
  ['stop_feed', 'Stop feed'],
];

const BRIDGE: Record<Bridge, { text: string; cls: string }> = {
  connected: { text: 'Connected to the MQTT broker', cls: '' },
  connecting: { text: 'Connecting to the MQTT broker…', cls: 'muted' },
  down: { text: 'The MQTT broker cannot be reached; retrying. Logging works as usual.', cls: 'error' },
  not_configured: { text: 'Not set up on this server', cls: 'muted' },
};

/** A topic that breaks after its slashes (then anywhere, if a level is still too long). */
function Breakable({ topic }: { topic: string }) {
  const parts = topic.split('/');
  return <>{parts.map((p, i) => (i < parts.length - 1 ? <Fragment key={i}>{p}/<wbr /></Fragment> : p))}</>;
}

function Topic({ label, topic, name }: { label: string; topic: string; name: string }) {
  return (
    <div class="ha-topic">
      <p class="small ha-topic-label">{label}</p>
      <p class="ha-topic-text"><code><Breakable topic={topic} /></code></p>
      <CopyButton text={topic} name={name} />
    </div>
  );
}

export function HomeAssistantSection({ admin }: { admin: boolean }) {
  const [ha, setHa] = useState<HomeAssistant | null>(null);
  /** the switch's new position while the change is on its way (back to the server's if it fails) */
  const [pending, setPending] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    if (!admin) return;
    get('/api/vega/home-assistant').then(setHa, (e) => setError(e instanceof ApiError ? e.message : 'Could not load the Home Assistant settings.'));
  }, [admin]);
  if (!admin) return null;

  const toggle = async (enabled: boolean) => {
    setPending(enabled);
    setError(null);
    setNotice(null);
    try {
      const r = await post('/api/vega/home-assistant', { body: { enabled } });
      setHa(r);
      setNotice(
        !enabled ? 'Turned off: the devices are removed from Home Assistant.'
          : r.bridge === 'not_configured' ? 'Turned on: the children appear in Home Assistant once the server has an MQTT broker.'
          : 'Turned on: each child appears in Home Assistant as a device.',
      );
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'That did not go through. Please try again.');
    } finally {
      setPending(null);
    }
  };

  const bridge = ha ? BRIDGE[ha.bridge] : null;
  return (
    <section class="card" aria-labelledby="ha-h" data-testid="home-assistant-section">
      <h2 id="ha-h" style={{ marginTop: 0 }}>Home Assistant</h2>
      <p class="small">Show each child in Home Assistant (asleep, next feed due, nappies today…) with buttons to log from a dashboard or a Zigbee button by the cot. It works over MQTT; see the docs for the broker set-up.</p>
      {ha == null ? (error ? <FormError error={error} /> : <p class="muted" aria-busy="true">Loading…</p>) : (
        <>
          {ha.bridge === 'not_configured' && (
            <p class="small muted" data-testid="ha-not-configured">This server has no MQTT broker set (MQTT_URL). You can turn it on now; nothing is sent until the server's admin sets one.</p>
          )}
          <div class="check">
            <input type="checkbox" class="tick" id="ha-enabled" checked={pending ?? ha.enabled} disabled={pending !== null} onChange={(e) => void toggle((e.currentTarget as HTMLInputElement).checked)} />
            <label for="ha-enabled">Send this family's children to Home Assistant</label>
          </div>
          {bridge && ha.bridge !== 'not_configured' && <p class={`small ${bridge.cls}`} data-testid="ha-bridge">{bridge.text}</p>}
          {notice && <p class="small" role="status">{notice}</p>}
          <FormError error={error} />
          {ha.enabled && ha.devices.length > 0 && (
            <ul class="events children-list" data-testid="ha-devices">
              {ha.devices.map((d) => (
                <li key={d.child_id} class="child-row" data-testid="ha-device">
                  <p style={{ margin: 0 }}><strong>{d.name}</strong></p>
                  <Topic label="State (JSON, retained)" topic={d.state_topic} name={`Copy ${d.name}'s state topic`} />
                  <details>
                    <summary class="small">Button topics (send PRESS)</summary>
                    {BUTTONS.filter(([k]) => d.command_topics[k]).map(([k, label]) => (
                      <Topic key={k} label={label} topic={d.command_topics[k]} name={`Copy ${d.name}'s ${label.toLowerCase()} topic`} />
                    ))}
                  </details>
                </li>
              ))}
            </ul>
          )}
          {ha.enabled && (
            <p class="small muted">Discovery prefix <code>{ha.discovery_prefix}</code> · availability <code class="ha-inline-topic"><Breakable topic={ha.availability_topic} /></code></p>
          )}
        </>
      )}
    </section>
  );
}
