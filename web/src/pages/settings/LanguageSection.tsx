// Language and formats: each caregiver's own (POST /api/vega/preferences), on every device.
// The languages are shown in their own names, so anyone finds theirs whatever is on screen;
// the clock and week start may follow the language ("usual") or be chosen.
import { useEffect, useState } from 'preact/hooks';
import { FormError, Select } from '../../components/Field';
import { splitError } from '../../lib/api';
import { t, time } from '../../i18n/core';
import { LANGUAGES, OWN_NAMES, isLanguage } from '../../i18n/languages';
import { savePreferences, syncPreferences, type Preferences } from '../../i18n/preferences';
import { useSession } from '../../lib/session';

export function LanguageSection() {
  const s = useSession();
  const [prefs, setPrefs] = useState<Preferences | null>(null);
  const [values, setValues] = useState({ language: '', hour_cycle: '', week_start: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void syncPreferences(s.profile?.region ?? null).then((p) => {
      if (!p) return;
      setPrefs(p);
      setValues({ language: p.language ?? p.in_effect.language, hour_cycle: p.hour_cycle ?? '', week_start: p.week_start ?? '' });
    });
  }, []);

  const save = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      // The app is drawn again in the new words once they are saved (main.tsx).
      await savePreferences({
        language: isLanguage(values.language) ? values.language : null,
        hour_cycle: values.hour_cycle === 'h12' || values.hour_cycle === 'h23' ? values.hour_cycle : null,
        week_start: values.week_start === 'monday' || values.week_start === 'sunday' ? values.week_start : null,
      });
    } catch (err) {
      setError(splitError(err, []).form);
    } finally {
      setBusy(false);
    }
  };
  const set = (k: keyof typeof values) => (v: string) => setValues((x) => ({ ...x, [k]: v }));
  const names = prefs?.languages.map((l) => [l.tag, l.name] as [string, string]) ?? LANGUAGES.map((l) => [l, OWN_NAMES[l]] as [string, string]);
  return (
    <section class="card" aria-labelledby="language-h">
      <h2 id="language-h" style={{ marginTop: 0 }}>{t('settings.language.title')}</h2>
      <p class="muted small">{t('settings.language.intro')}</p>
      <form onSubmit={save} noValidate>
        <Select label={t('settings.language.language')} name="language" options={names} value={values.language} onValue={set('language')} disabled={!prefs} />
        <Select
          label={t('settings.language.clock')}
          name="hour_cycle"
          options={[
            ['', t('settings.language.usual')],
            ['h23', t('settings.language.h23', { example: time('14:05', 'h23') })],
            ['h12', t('settings.language.h12', { example: time('14:05', 'h12') })],
          ]}
          value={values.hour_cycle}
          onValue={set('hour_cycle')}
          disabled={!prefs}
        />
        <Select
          label={t('settings.language.week_start')}
          name="week_start"
          options={[['', t('settings.language.usual')], ['monday', t('settings.language.monday')], ['sunday', t('settings.language.sunday')]]}
          value={values.week_start}
          onValue={set('week_start')}
          disabled={!prefs}
        />
        <p class="hint">{t('settings.language.now', { time: time('14:05') })}</p>
        <FormError error={error} />
        <button class="btn primary" type="submit" disabled={busy || !prefs}>{t('settings.language.save')}</button>
      </form>
    </section>
  );
}
