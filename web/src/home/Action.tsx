// One of home's big log buttons: an icon, a word or two, and a line under it when useful.
import { Icon } from '../components/Icon';

// Outside Home so a re-render doesn't remount the buttons (which would drop keyboard focus).
export function Action({ icon, label, sub, onClick, sheetName, open, busy, cls = '', testid }: {
  icon: string; label: string; sub?: string; onClick: () => void; sheetName?: string; open?: boolean; busy?: boolean; cls?: string; testid?: string;
}) {
  return (
    <button
      type="button"
      class={`action ${cls}`}
      onClick={onClick}
      disabled={busy && !sheetName}
      aria-expanded={sheetName ? !!open : undefined}
      aria-controls={sheetName && open ? `sheet-${sheetName}` : undefined}
      data-testid={testid}
    >
      <span class="icon" aria-hidden="true"><Icon name={icon} size={28} /></span>
      <span>{label}</span>
      {sub && <span class="sub">{sub}</span>}
    </button>
  );
}
