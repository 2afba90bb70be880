// A fever that needs a doctor today (live.alert_level 'urgent': 38 °C or more under 3 months,
// 39 °C or more at 3–6 months) is said first on home, above the buttons and everything else,
// in the server's own words (which signpost NHS 111 / the GP, or the paediatrician, and 999 /
// 911) — never reworded here, never a diagnosis. With twins, each child's is shown, named.
import { Icon } from '../components/Icon';
import type { Live } from './LiveStatus';
import { t } from '../i18n/core';

export function UrgentAlerts({ alerts }: { alerts: { name: string; live: Live }[] }) {
  const urgent = alerts.filter((a) => a.live.alert_level === 'urgent' && a.live.alert_msg);
  if (!urgent.length) return null;
  return (
    <>
      {urgent.map(({ name, live }) => (
        <div key={name} class="urgent" role="alert" data-testid="urgent-alert">
          <Icon name="alert" size={28} />
          <p>{name ? <strong>{t('common.name_colon', { name })} </strong> : null}{live.alert_msg}</p>
        </div>
      ))}
    </>
  );
}
