// The confirmation after a log: what was saved, the soft warning if any, and an Undo button
// that stays for a few seconds. role=status so screen readers hear it without losing focus.
import { useEffect } from 'preact/hooks';
import { t } from '../i18n/core';

export interface ToastData {
  id: number;
  text: string;
  warning?: string | null;
  onUndo?: () => void;
  tone?: 'ok' | 'info' | 'error';
  /** stays until dismissed: a warning the next dose depends on (medicine_too_soon, medicine_max_doses) */
  sticky?: boolean;
}

export function Toast({ toast, onClose, ms = 8000 }: { toast: ToastData | null; onClose: () => void; ms?: number }) {
  useEffect(() => {
    if (!toast || toast.sticky) return;
    const timer = setTimeout(onClose, ms);
    return () => clearTimeout(timer);
  }, [toast?.id]);
  return (
    <div class="toast-region" role="status" aria-live="polite">
      {toast && (
        <div class={`toast ${toast.tone ?? 'ok'}`}>
          <p class="toast-text">{toast.text}</p>
          {toast.warning && <p class="toast-warning" data-testid="toast-warning">{toast.warning}</p>}
          <div class="toast-actions">
            {toast.onUndo && (
              <button type="button" class="btn small" onClick={toast.onUndo}>{t('toast.undo')}</button>
            )}
            <button type="button" class="btn small ghost" onClick={onClose} aria-label={t('toast.dismiss')}>✕</button>
          </div>
        </div>
      )}
    </div>
  );
}
