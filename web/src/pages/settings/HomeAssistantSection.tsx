// Home Assistant (issue 29, admins only): one switch that makes each child appear in Home
// Assistant as a device (MQTT discovery), the bridge's connection, and each child's topics to
// copy into automations. GET/POST /api/vega/home-assistant.
import { Fragment } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { CopyButton } from '../../components/Copy';
import { FormError } from '../../components/Field';
import { ApiError, get, post, type Schemas } from '../../lib/api';
import { currentLocale, t, type MessageKey } from '../../i18n/core';

type HomeAssistant = Schemas['HomeAssistantSettings'];
type Bridge = HomeAssistant['bridge'];

const BUTTONS = (): [keyof HomeAssistant['devices'][number]['command_topics'], string][] => [
  ['wet_nappy', t('ha.wet_nappy')],
  ['dirty_nappy', t('ha.dirty_nappy')],
  ['fell_asleep', t('ev.sleep')],
  ['woke_up', t('ev.wake')],
  ['start_feed_left', t('ha.start_left')],
  ['start_feed_right', t('ha.start_right')],
  ['stop_feed', t('ha.stop_feed')],
];

const BRIDGE: Record<Bridge, { text: MessageKey; cls: string }> = {
  connected: { text: 'ha.connected', cls: '' },
  connecting: { text: 'ha.connecting', cls: 'muted' },
  down: { text: 'ha.down', cls: 'error' },
  not_configured: { text: 'ha.not_set_up', cls: 'muted' },
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
    get('/api/vega/home-assistant').then(setHa, (e) => setError(e instanceof ApiError ? e.message : t('ha.load_failed')));
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
        !enabled ? t('ha.turned_off')
          : r.bridge === 'not_configured' ? t('ha.turned_on_later')
          : t('ha.turned_on'),
      );
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('common.try_again'));
    } finally {
      setPending(null);
    }
  };

  const bridge = ha ? BRIDGE[ha.bridge] : null;
  return (
    <section class="card" aria-labelledby="ha-h" data-testid="home-assistant-section">
      <h2 id="ha-h" style={{ marginTop: 0 }}>Home Assistant</h2>
      <p class="small">{t('ha.intro')}</p>
      {ha == null ? (error ? <FormError error={error} /> : <p class="muted" aria-busy="true">{t('common.loading')}</p>) : (
        <>
          {ha.bridge === 'not_configured' && (
            <p class="small muted" data-testid="ha-not-configured">{t('ha.no_broker')}</p>
          )}
          <div class="check">
            <input type="checkbox" class="tick" id="ha-enabled" checked={pending ?? ha.enabled} disabled={pending !== null} onChange={(e) => void toggle((e.currentTarget as HTMLInputElement).checked)} />
            <label for="ha-enabled">{t('ha.enable')}</label>
          </div>
          {bridge && ha.bridge !== 'not_configured' && <p class={`small ${bridge.cls}`} data-testid="ha-bridge">{t(bridge.text)}</p>}
          {notice && <p class="small" role="status">{notice}</p>}
          <FormError error={error} />
          {ha.enabled && ha.devices.length > 0 && (
            <ul class="events children-list" data-testid="ha-devices">
              {ha.devices.map((d) => (
                <li key={d.child_id} class="child-row" data-testid="ha-device">
                  <p style={{ margin: 0 }}><strong>{d.name}</strong></p>
                  <Topic label={t('ha.state')} topic={d.state_topic} name={t('ha.copy_state', { name: d.name })} />
                  <details>
                    <summary class="small">{t('ha.buttons')}</summary>
                    {BUTTONS().filter(([k]) => d.command_topics[k]).map(([k, label]) => (
                      // German writes its nouns capitalised; the others say the button's name in lower case mid-sentence.
                      <Topic key={k} label={label} topic={d.command_topics[k]} name={t('ha.copy_topic', { name: d.name, label: currentLocale().startsWith('de') ? label : label.toLowerCase() })} />
                    ))}
                  </details>
                </li>
              ))}
            </ul>
          )}
          {ha.enabled && (
            <p class="small muted">{t('ha.discovery')} <code>{ha.discovery_prefix}</code> · {t('ha.availability')} <code class="ha-inline-topic"><Breakable topic={ha.availability_topic} /></code></p>
          )}
        </>
      )}
    </section>
  );
}
