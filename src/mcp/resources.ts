// The three resources: stable URIs an assistant can attach as context. Each is one read
// service, presented as JSON that names the child and when it was read. Resources take no
// arguments, so each is about the family's primary child (tools take `child` for the others).
import type { ResourceDef } from './registry-types.ts';
import { getProfile } from '../services/family/profile.ts';
import { eventsOfDay } from '../services/log/event-reads.ts';
import { getLive } from '../services/insights/insights.ts';
import { countPhrase } from './present.ts';
import { childrenListing } from './children.ts';

export const resources: ResourceDef[] = [
  {
    name: 'profile',
    uri: 'tracker://profile',
    title: 'Child profile',
    description:
      "The primary child's name, date of birth and age, the family's region, units and time zone, and, when the family has several children, all of them (names and ids).",
    read: async (env) => {
      const p = await getProfile(env.ctx, env.actor);
      return { summary: `${p.baby_name}, ${p.age_display ?? p.dob}.`, data: { ...p, ...childrenListing(env) } };
    },
  },
  {
    name: 'today',
    uri: 'tracker://today',
    title: "Today's log",
    description: "Every event logged today (family-local day) for the primary child, oldest first, with ids.",
    read: async (env) => {
      const r = await eventsOfDay(env.ctx, env.actor);
      return { summary: `${countPhrase(r.events.length, 'event')} today for ${env.child.name}.`, data: { date: env.today, ...r } };
    },
  },
  {
    name: 'live',
    uri: 'tracker://live',
    title: 'Live status',
    description: "The primary child's live status: asleep or awake, next feed, milk today, last poo, expected bedtime, computed right now.",
    read: async (env) => {
      const live = await getLive(env.ctx, env.actor);
      return { summary: `${env.child.name} is ${live.asleep ? 'asleep' : 'awake'}.`, data: live as unknown as Record<string, unknown> };
    },
  },
];
