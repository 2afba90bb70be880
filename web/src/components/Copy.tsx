// A copy-to-clipboard button that says when it worked (clipboard needs a secure context, so
// fall back to selecting the text for a manual copy).
import { t } from '../i18n/core';
import { useState } from 'preact/hooks';

export function CopyButton({ text, label, name }: { text: string; label?: string; name?: string }) {
  const [done, setDone] = useState<'' | 'ok' | 'manual'>('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setDone('ok');
    } catch {
      setDone('manual');
    }
    setTimeout(() => setDone(''), 2500);
  };
  return (
    <button type="button" class="btn small" onClick={copy} aria-live="polite" aria-label={name && done === '' ? name : undefined}>
      {done === 'ok' ? t('copy.copied') : done === 'manual' ? t('copy.manual') : label ?? t('copy.copy')}
    </button>
  );
}
