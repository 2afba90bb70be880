// Export (a download of everything) and deleting the family, both admin only. Deleting needs
// the family name typed exactly, as the API does.
import { useState } from 'preact/hooks';
import { FormError } from '../../components/Field';
import { ApiError, del } from '../../lib/api';
import { navigate } from '../../lib/router';
import { signedOut, useSession } from '../../lib/session';
import { t, tx } from '../../i18n/core';

export function DangerSection({ admin }: { admin: boolean }) {
  const s = useSession();
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!admin) return null;
  const name = s.profile?.family_name ?? '';
  const remove = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await del('/api/vega/family', { body: { confirm } });
      signedOut();
      navigate('/signup', true);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('danger.delete_failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <section class="card" aria-labelledby="export-h">
        <h2 id="export-h" style={{ marginTop: 0 }}>{t('danger.export')}</h2>
        <p class="muted small">{t('danger.export_hint')}</p>
        <a class="btn" href="/api/vega/export" download="baby-tracker-export.json">{t('danger.download')}</a>
      </section>
      <section class="card" aria-labelledby="delete-h">
        <h2 id="delete-h" style={{ marginTop: 0 }}>{t('danger.delete')}</h2>
        <p class="small">{t('danger.delete_hint')}</p>
        <form onSubmit={remove}>
          <div class={`field${error ? ' has-error' : ''}`}>
            <label for="confirm-name">{name ? tx('danger.type_name_named', { b: (c: unknown[]) => <strong>{c}</strong>, name }) : t('danger.type_name')}</label>
            <input id="confirm-name" value={confirm} onInput={(e) => setConfirm((e.currentTarget as HTMLInputElement).value)} autocomplete="off"
              aria-invalid={error ? 'true' : undefined} aria-describedby={error ? 'confirm-err' : undefined} />
            {error && <p class="error" id="confirm-err" role="alert">{error}</p>}
          </div>
          <button type="submit" class="btn danger" disabled={busy || !confirm || (!!name && confirm !== name)}>{t('danger.delete_forever')}</button>
        </form>
      </section>
    </>
  );
}
