// A milestone in a few words ("first smile", "rolled over"); the usual ones are one tap.
import { useState } from 'preact/hooks';
import { FormError } from '../../components/Field';
import type { MoreFormProps } from './common';
import { t } from '../../i18n/core';

// The usual ones in the caregiver's words: the title is kept as they chose it.
const USUAL = () => t('milestone.usual').split('|');

export function MilestoneForm({ busy, errors, onLog }: MoreFormProps) {
  const [title, setTitle] = useState('');
  const v = title.trim().replace(/\s+/g, ' ');
  const tooLong = v.length > 80;
  return (
    <>
      <ul class="chips" aria-label={t('milestone.usual_label')}>
        {USUAL().map((u) => (
          <li key={u}><button type="button" class="chip big-chip" aria-pressed={v.toLowerCase() === u} onClick={() => setTitle(u)}>{u}</button></li>
        ))}
      </ul>
      <div class={`field${errors.title || tooLong ? ' has-error' : ''}`}>
        <label for="more-milestone">{t('more.milestone')}</label>
        <input id="more-milestone" value={title} maxLength={80} autocomplete="off" placeholder={t('milestone.placeholder')}
          aria-invalid={errors.title || tooLong ? 'true' : undefined} aria-describedby={errors.title || tooLong ? 'more-milestone-err' : undefined}
          onInput={(e) => setTitle((e.currentTarget as HTMLInputElement).value)} />
        {(errors.title || tooLong) && <p class="error" id="more-milestone-err" role="alert">{errors.title ?? t('common.max_80')}</p>}
      </div>
      <FormError error={errors._} />
      <button type="button" class="btn primary wide big" disabled={busy || !v || tooLong} data-testid="log-milestone"
        onClick={() => onLog({ type: 'milestone', title: v })}>
        {t('milestone.log')}
      </button>
    </>
  );
}
