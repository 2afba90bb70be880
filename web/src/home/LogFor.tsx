// Twins home: who the log buttons log for — the selected child only, or every child at once
// (one entry per child). Right above the buttons, so it is in view at the moment of the tap.
import type { Child } from '../lib/children';

export function LogFor({ selected, count, all, onAll }: { selected: Child | null; count: number; all: boolean; onAll: (on: boolean) => void }) {
  return (
    <div class="log-for" role="group" aria-label="Log for" data-testid="log-for">
      <span class="log-for-label" aria-hidden="true">Log for</span>
      <button type="button" class="btn" aria-pressed={!all} onClick={() => onAll(false)} data-testid="log-for-one">
        <span class="child-switch-name">{selected?.baby_name ?? 'This child'} only</span>
      </button>
      <button type="button" class="btn" aria-pressed={all} onClick={() => onAll(true)} data-testid="log-for-all">
        {count === 2 ? 'Both' : `All ${count}`}
      </button>
    </div>
  );
}
