// Bring history in (admin: a file from Baby Buddy, Huckleberry or this app, previewed with a dry
// run before anything is saved), take it out as CSV (admin), and open the printable report.
import { useState } from 'preact/hooks';
import { ApiError, post, type Schemas } from '../../lib/api';
import { childBody, useSession, withChild } from '../../lib/session';
import { t, time } from '../../i18n/core';

// As the file has them: the date as written (ISO), the clock time in the caregiver's hour cycle.
const stamp = (ts: string) => `${ts.slice(0, 10)} ${time(ts)}`;

type ImportResult = Schemas['ImportResult'];
type Format = Schemas['ImportRequest']['format'];

const FORMATS = (): [Format, string][] => [
  ['babybuddy', t('xfer.babybuddy')],
  ['huckleberry', t('xfer.huckleberry')],
  ['tracker', t('xfer.tracker')],
];

const isoDay = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

export function TransferSection({ admin }: { admin: boolean }) {
  const [format, setFormat] = useState<Format>('babybuddy');
  const [data, setData] = useState<Schemas['ImportRequest']['data'] | null>(null);
  const [fileName, setFileName] = useState('');
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [done, setDone] = useState<ImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const today = new Date();
  const [from, setFrom] = useState(isoDay(new Date(today.getTime() - 13 * 86400000)));
  const [to, setTo] = useState(isoDay(today));
  // The report, the CSV and an import are about the child picked at the top: say which.
  const s = useSession();
  const forChild = s.children.length > 1 ? s.profile?.baby_name : null;

  const pick = async (e: Event) => {
    const file = (e.currentTarget as HTMLInputElement).files?.[0];
    setPreview(null);
    setDone(null);
    setError(null);
    if (!file) return;
    setFileName(file.name);
    const text = await file.text();
    if (format === 'huckleberry') return setData(text);
    try {
      const parsed: unknown = JSON.parse(text);
      setData(parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : text);
    } catch {
      setData(null);
      setError(t('xfer.not_json'));
    }
  };
  const run = async (dryRun: boolean) => {
    if (data === null) return;
    setBusy(true);
    setError(null);
    try {
      const r = await post('/api/vega/import', { body: { format, dry_run: dryRun, data, ...childBody() } });
      if (dryRun) setPreview(r);
      else {
        setDone(r);
        setPreview(null);
      }
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('xfer.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="card" aria-labelledby="transfer-h">
      <h2 id="transfer-h" style={{ marginTop: 0 }}>{t('xfer.title')}</h2>
      {forChild && <p class="muted small" data-testid="transfer-child">{t('xfer.for_child', { name: forChild })}</p>}
      <h3>{t('xfer.report_h')}</h3>
      <div class="row" style={{ display: 'flex', gap: '.5rem', flexWrap: 'wrap', alignItems: 'end' }}>
        <label>{t('rem.from')} <input type="date" value={from} onInput={(e) => setFrom((e.currentTarget as HTMLInputElement).value)} /></label>
        <label>{t('xfer.to')} <input type="date" value={to} onInput={(e) => setTo((e.currentTarget as HTMLInputElement).value)} /></label>
        <a class="btn" href={`/report?from=${from}&to=${to}`} id="open-report">{t('xfer.open_report')}</a>
        {admin && <a class="btn" href={withChild(`/api/vega/export.csv?from=${from}&to=${to}`)} download id="csv-download">{t('xfer.csv')}</a>}
      </div>
      <p class="muted small">{t('xfer.report_hint')}</p>
      {admin && (
        <>
          <h3>{t('xfer.import_h')}</h3>
          <div class="field">
            <label for="import-format">{t('rem.from')}</label>
            <select id="import-format" value={format} onChange={(e) => { setFormat(FORMATS().find(([v]) => v === (e.currentTarget as HTMLSelectElement).value)?.[0] ?? 'babybuddy'); setPreview(null); setData(null); setFileName(''); }}>
              {FORMATS().map(([v, l]) => <option key={v} value={v}>{l}</option>)}
            </select>
          </div>
          <div class="field">
            <label for="import-file">{t('xfer.file')}</label>
            <input id="import-file" type="file" accept={format === 'huckleberry' ? '.csv,text/csv' : '.json,application/json'} onChange={pick} />
          </div>
          <button type="button" class="btn" disabled={busy || data === null} onClick={() => run(true)} id="import-preview">{t('xfer.preview')}</button>
          {error && <p class="error" role="alert">{error}</p>}
          {preview && (
            <div id="import-preview-result" aria-live="polite">
              <p class="small">
                {preview.first_ts
                  ? t('xfer.preview_range', { file: fileName, n: preview.new, there: preview.already_there, from: stamp(preview.first_ts), to: stamp(preview.last_ts!) })
                  : t('xfer.preview_text', { file: fileName, n: preview.new, there: preview.already_there })}
              </p>
              <ul class="small">{Object.entries(preview.counts).map(([k, n]) => <li key={k}>{k}: {n}</li>)}</ul>
              {preview.skipped.length > 0 && (
                <details>
                  <summary>{t('xfer.skipped', { n: preview.skipped.length })}</summary>
                  <ul class="small">{preview.skipped.slice(0, 200).map((s) => <li key={`${s.source}${s.line}${s.reason}`}>{t('xfer.line', { source: s.source, line: s.line, reason: s.reason })}</li>)}</ul>
                </details>
              )}
              <button type="button" class="btn primary" disabled={busy || preview.new === 0} onClick={() => run(false)} id="import-confirm">
                {t('xfer.import_n', { n: preview.new })}
              </button>
            </div>
          )}
          {done && <p class="small" role="status">{t('xfer.imported', { n: done.new, there: done.already_there })}</p>}
        </>
      )}
    </section>
  );
}
