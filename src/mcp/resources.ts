// The three resources: stable URIs an assistant can attach as context. Each is one read
// service, presented as JSON that names the child and when it was read.
import type { ResourceDef } from './registry-types.ts';
import { getProfile } from '../services/family/profile.ts';
import { eventsOfDay } from '../services/log/event-reads.ts';
import { getLive } from '../services/insights/insights.ts';
import { countPhrase } from './present.ts';

export const resources: ResourceDef[] = [
  {
    name: 'profile',
    uri: 'tracker://profile',
    title: 'Child profile',
    description: "The child's name, date of birth, age, region, units and the family's time zone.",
    read: async (env) => {
      const p = await getProfile(env.ctx, env.actor);
      return { summary: `${p.baby_name}, ${p.age_display ?? p.dob}.`, data: p };
    },
  },
  {
    name: 'today',
    uri: 'tracker://today',
    title: "Today's log",
    description: 'Every event logged today (family-local day), oldest first, with ids.',
    read: async (env) => {
      const r = await eventsOfDay(env.ctx, env.actor);
      return { summary: `${countPhrase(r.events.length, 'event')} today.`, data: { date: env.today, ...r } };
    },
  },
  {
    name: 'live',
    uri: 'tracker://live',
    title: 'Live status',
    description: 'Asleep or awake, next feed, milk today, last poo, expected bedtime, computed right now.',
    read: async (env) => {
      const live = await getLive(env.ctx, env.actor);
      return { summary: live.asleep ? 'Asleep.' : 'Awake.', data: live as unknown as Record<string, unknown> };
    },
  },
];
