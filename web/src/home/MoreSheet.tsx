// The More sheet behind home's one "More" button (issue 26): temperature, medicine given,
// pumping, head circumference, activities and milestones, so the first screen keeps its nine
// buttons. Six big tiles pick the type, then its small form; everything is sized for a thumb.
// With twins, a medicine or an activity goes to every child the buttons log for (both had
// Calpol, both had a bath); a temperature, a head circumference, a pumping session and a
// milestone are one child's, like a weight: the selected child's. The sheet says whose.
import { useEffect, useRef, useState } from 'preact/hooks';
import { Icon } from '../components/Icon';
import type { Live } from './LiveStatus';
import { TemperatureForm } from './more/TemperatureForm';
import { MedicineForm } from './more/MedicineForm';
import { PumpingForm } from './more/PumpingForm';
import type { LogEntry } from '../lib/log-queue';
import { HeadForm } from './more/HeadForm';
import { ActivityForm } from './more/ActivityForm';
import { MilestoneForm } from './more/MilestoneForm';
import { t } from '../i18n/core';

export type MoreType = 'temperature' | 'medicine' | 'pumping' | 'head_circumference' | 'activity' | 'milestone';

const TYPES = (): [MoreType, string, string][] => [
  ['temperature', t('ev.temperature_label'), 'thermometer'],
  ['medicine', t('ev.medicine'), 'medicine'],
  ['pumping', t('more.pumping'), 'pump'],
  ['head_circumference', t('more.head'), 'head'],
  ['activity', t('ev.activity'), 'tummy'],
  ['milestone', t('more.milestone'), 'star'],
];

/** The types logged for every child the buttons log for; the others go to the selected child. */
export const FOR_EACH_TARGET: ReadonlySet<string> = new Set(['medicine', 'activity']);

export function MoreSheet({ units, familyId, live, busy, errors, forAll, forOne, onLog, onPick }: {
  units: string;
  familyId: string;
  live: Live | null;
  busy: boolean;
  errors: Record<string, string>;
  /** with twins: whom a medicine or an activity is logged for ("Ada and Tom"), else null */
  forAll: string | null;
  /** with twins: the selected child's name, else null */
  forOne: string | null;
  onLog: (body: LogEntry, eachTarget: boolean) => void;
  /** a new type picked: home clears the last form's error */
  onPick: () => void;
}) {
  const [type, setType] = useState<MoreType | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' }), [type]);
  const props = { units, busy, errors, onLog: (body: LogEntry) => onLog(body, FOR_EACH_TARGET.has(body.type)) };
  const whom = type && (forAll || forOne) ? (FOR_EACH_TARGET.has(type) && forAll ? forAll : t('home.name_only', { name: forOne ?? '' })) : null;
  return (
    <div class="sheet more-sheet" id="sheet-more" ref={ref} data-testid="more-sheet">
      <div class="more-types" role="group" aria-label={t('more.what')}>
        {TYPES().map(([k, label, icon]) => (
          <button type="button" key={k} class="more-type" aria-pressed={type === k} data-testid={`more-${k}`}
            onClick={() => { setType(k); onPick(); }}>
            <Icon name={icon} size={26} /><span>{label}</span>
          </button>
        ))}
      </div>
      {type && (
        <div class="more-form" data-testid={`more-form-${type}`}>
          {whom && <p class="more-whom" data-testid="more-whom">{t('more.for', { whom })}</p>}
          {type === 'temperature' && <TemperatureForm {...props} />}
          {type === 'medicine' && <MedicineForm {...props} familyId={familyId} live={live} />}
          {type === 'pumping' && <PumpingForm {...props} />}
          {type === 'head_circumference' && <HeadForm {...props} />}
          {type === 'activity' && <ActivityForm {...props} />}
          {type === 'milestone' && <MilestoneForm {...props} />}
        </div>
      )}
    </div>
  );
}
