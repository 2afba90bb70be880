// Twins home: who the log buttons log for — the selected child only, or every child at once
// (one entry per child). Right above the buttons, so it is in view at the moment of the tap.
import type { Child } from '../lib/children';
import { t } from '../i18n/core';

export function LogFor({ selected, count, all, onAll }: { selected: Child | null; count: number; all: boolean; onAll: (on: boolean) => void }) {
  return (
    <div class="log-for" role="group" aria-label={t('logfor.label')} data-testid="log-for">
      <span class="log-for-label" aria-hidden="true">{t('logfor.label')}</span>
      <button type="button" class="btn" aria-pressed={!all} onClick={() => onAll(false)} data-testid="log-for-one">
        <span class="child-switch-name">{selected ? t('home.name_only', { name: selected.baby_name }) : t('logfor.this_child')}</span>
      </button>
      <button type="button" class="btn" aria-pressed={all} onClick={() => onAll(true)} data-testid="log-for-all">
        {t('logfor.all_n', { n: count })}
      </button>
    </div>
  );
}
