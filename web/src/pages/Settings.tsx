// Settings: profile (admin edits), units, children, the family's medicines, notifications (reminders, this
// device's push), members and invites, API tokens, webhooks and Home Assistant (admins), export
// and family deletion. Each section is its own file.
import { useSession } from '../lib/session';
import { ProfileSection } from './settings/ProfileSection';
import { LanguageSection } from './settings/LanguageSection';
import { ChildrenSection } from './settings/ChildrenSection';
import { MedicinesSection } from './settings/MedicinesSection';
import { MembersSection } from './settings/MembersSection';
import { TokensSection } from './settings/TokensSection';
import { SecuritySection } from './settings/SecuritySection';
import { DangerSection } from './settings/DangerSection';
import { TransferSection } from './settings/TransferSection';
import { NotificationsSection } from './settings/NotificationsSection';
import { WebhooksSection } from './settings/WebhooksSection';
import { HomeAssistantSection } from './settings/HomeAssistantSection';
import { t, tx } from '../i18n/core';

export function Settings() {
  const s = useSession();
  const admin = s.me?.role === 'admin';
  return (
    <>
      <h1>{t('nav.settings')}</h1>
      <p class="muted small">{tx('set.signed_in_as', { user: <strong>{s.me?.user}</strong>, role: admin ? 'admin' : 'member' })}</p>
      <ProfileSection admin={admin} />
      <LanguageSection />
      <ChildrenSection admin={admin} />
      <MedicinesSection admin={admin} />
      <NotificationsSection />
      <MembersSection admin={admin} />
      <SecuritySection />
      <TokensSection />
      <WebhooksSection admin={admin} />
      <HomeAssistantSection admin={admin} />
      <TransferSection admin={admin} />
      <DangerSection admin={admin} />
    </>
  );
}
