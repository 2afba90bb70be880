// A milestone in a few words ("first smile", "rolled over"); the usual ones are one tap.
import { useState } from 'preact/hooks';
import { FormError } from '../../components/Field';
import type { MoreFormProps } from './common';

const USUAL = ['first smile', 'laughed', 'rolled over', 'sat up', 'first tooth', 'crawled', 'first word', 'first steps'];

export function MilestoneForm({ busy, errors, onLog }: MoreFormProps) {
  const [title, setTitle] = useState('');
  const t = title.trim().replace(/\s+/g, ' ');
  const tooLong = t.length > 80;
  return (
    <>
      <ul class="chips" aria-label="Usual milestones">
        {USUAL.map((u) => (
          <li key={u}><button type="button" class="chip big-chip" aria-pressed={t.toLowerCase() === u} onClick={() => setTitle(u)}>{u}</button></li>
        ))}
      </ul>
      <div class={`field${errors.title || tooLong ? ' has-error' : ''}`}>
        <label for="more-milestone">Milestone</label>
        <input id="more-milestone" value={title} maxLength={80} autocomplete="off" placeholder="e.g. first smile"
          aria-invalid={errors.title || tooLong ? 'true' : undefined} aria-describedby={errors.title || tooLong ? 'more-milestone-err' : undefined}
          onInput={(e) => setTitle((e.currentTarget as HTMLInputElement).value)} />
        {(errors.title || tooLong) && <p class="error" id="more-milestone-err" role="alert">{errors.title ?? 'At most 80 characters.'}</p>}
      </div>
      <FormError error={errors._} />
      <button type="button" class="btn primary wide big" disabled={busy || !t || tooLong} data-testid="log-milestone"
        onClick={() => onLog({ type: 'milestone', title: t })}>
        Log milestone
      </button>
    </>
  );
}
