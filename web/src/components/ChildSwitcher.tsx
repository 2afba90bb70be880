// The child switcher under the top bar, shown only when the family has two or more children
// to pick from: one tap on a name shows that child on every page (remembered on this phone).
// A name tapped means that child alone, so it also turns off home's "log for both".
import { activeChildren, setLogForAll } from '../lib/children';
import { selectChild, useSession } from '../lib/session';
import { t } from '../i18n/core';

export function ChildSwitcher() {
  const s = useSession();
  const active = activeChildren(s.children);
  if (active.length < 2) return null;
  return (
    <nav class="child-switch" aria-label={t('layout.which_child')} data-testid="child-switcher">
      {active.map((c) => (
        <button
          type="button"
          key={c.id}
          class="btn"
          aria-pressed={c.id === s.child}
          onClick={() => {
            setLogForAll(s.me?.family_id, false);
            selectChild(c.id);
          }}
          data-testid={`switch-${c.baby_name}`}
        >
          <span class="child-switch-name">{c.baby_name}</span>
        </button>
      ))}
    </nav>
  );
}
